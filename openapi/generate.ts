/**
 * Generates the TypeScript types of the OpenAPI documents with openapi-typescript.
 *
 *   node --import tsx openapi/generate.ts          write openapi/generated/*.ts
 *   node --import tsx openapi/generate.ts --check  exit 1 when a generated file is out of date
 *
 * test/sandbox/openapi-document.test.ts runs the same generation in memory and compares, so CI fails when a
 * document changes without its types.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { generateOperationTable } from './generate-operations.ts';

export interface GeneratedDocument {
  /** The OpenAPI document. */
  source: URL;
  /** The TypeScript file generated from it. */
  target: URL;
}

export const generatedDocuments: readonly GeneratedDocument[] = [
  {
    source: new URL('./partner-service.yaml', import.meta.url),
    target: new URL('./generated/partner-service.ts', import.meta.url),
  },
  {
    source: new URL('./sandbox.yaml', import.meta.url),
    target: new URL('./generated/sandbox.ts', import.meta.url),
  },
];

/** The operation tables (openapi/generate-operations.ts), by the name each file exports. */
export const generatedTables: readonly (GeneratedDocument & { exportName: string; typesFrom?: string })[] = [
  {
    source: new URL('./partner-service.yaml', import.meta.url),
    target: new URL('./generated/operations.ts', import.meta.url),
    exportName: 'serviceOperations',
  },
  {
    source: new URL('./sandbox.yaml', import.meta.url),
    target: new URL('./generated/sandbox-operations.ts', import.meta.url),
    exportName: 'sandboxOperations',
    typesFrom: './operations.ts',
  },
];

/** Every generated file with the text generation produces for it now. */
async function generateAll(): Promise<{ doc: GeneratedDocument; text: string }[]> {
  const out: { doc: GeneratedDocument; text: string }[] = [];
  for (const doc of generatedDocuments) out.push({ doc, text: await generateTypes(doc.source) });
  for (const doc of generatedTables)
    out.push({ doc, text: await generateOperationTable(doc.source, doc.exportName, doc.typesFrom) });
  return out;
}

/** The generated TypeScript text for one document. */
export async function generateTypes(source: URL): Promise<string> {
  const ast = await openapiTS(source, { silent: true });
  return COMMENT_HEADER + astToString(ast);
}

/** Documents whose generated file differs from what generation produces now. */
async function staleDocuments(): Promise<GeneratedDocument[]> {
  const stale: GeneratedDocument[] = [];
  for (const { doc, text } of await generateAll()) {
    const current = await readFile(doc.target, 'utf8').catch(() => '');
    if (current !== text) stale.push(doc);
  }
  return stale;
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--check')) {
    const stale = await staleDocuments();
    for (const doc of stale) {
      process.stderr.write(
        `${fileURLToPath(doc.target)} is out of date; run node --import tsx openapi/generate.ts\n`,
      );
    }
    return stale.length === 0 ? 0 : 1;
  }
  for (const { doc, text } of await generateAll()) {
    await mkdir(new URL('.', doc.target), { recursive: true });
    await writeFile(doc.target, text);
    process.stdout.write(`wrote ${fileURLToPath(doc.target)}\n`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
