#!/usr/bin/env node
// `npm run lint:openapi` (part of `npm run lint` and so of `npm test`): the two OpenAPI documents checked by
// tools we did not write.
//
//   1. Redocly CLI's linter with redocly.yaml (its strict recommended rules, and the deliberate exceptions
//      that file explains), run as its own command. Telemetry and the update check are switched off: the lint
//      runs offline and sends nothing. Its output is shown only when it fails.
//   2. @apidevtools/swagger-parser's validation: the document against the OpenAPI 3.1 schema it bundles, and
//      every $ref resolved.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';

const root = fileURLToPath(new URL('..', import.meta.url));
const documents = ['openapi/partner-service.yaml', 'openapi/sandbox.yaml'];
let failed = false;

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const lint = spawnSync(
  process.execPath,
  [redocly, 'lint', '--config', 'redocly.yaml', '--format', 'codeframe'],
  {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  },
);
if (lint.status === 0) {
  console.log(`redocly lint (redocly.yaml): ${documents.join(', ')} valid`);
} else {
  failed = true;
  process.stderr.write(lint.stdout + lint.stderr);
  console.error(
    `redocly lint failed${lint.error ? `: ${lint.error.message}` : ''}: fix the problems above in the document, ` +
      'or, for a deliberate exception, turn the rule off in redocly.yaml with the reason',
  );
}

for (const document of documents) {
  try {
    await SwaggerParser.validate(fileURLToPath(new URL(document, new URL('..', import.meta.url))));
    console.log(`swagger-parser validate: ${document} valid`);
  } catch (error) {
    failed = true;
    console.error(`swagger-parser validate: ${document} is not valid OpenAPI 3.1:\n${error.message}`);
  }
}
process.exit(failed ? 1 : 0);
