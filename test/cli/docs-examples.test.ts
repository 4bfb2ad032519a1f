/**
 * Every TypeScript example of the README and docs/ runs as written (the packed-package test type-checks
 * them in strict mode): imports from 'fieldgate' are bound to the library's entry, and the names an example
 * leaves to its reader (its input bytes, a signal, the addresses of a service, its own drawing functions)
 * to a bundled example file, a sandbox started here and recorders. The fieldgate/node example needs files on
 * disk and a profile; test/package/packed-consumer.test.ts runs the same calls from an installed package.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fieldgate from '../../core/index.ts';
import * as fieldgateWkt from '../../core/entries/wkt.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { repoRoot } from './cli-helpers.ts';

interface Example {
  doc: string;
  index: number;
  code: string;
}

const documents = ['README.md', ...readdirSync(join(repoRoot, 'docs')).map((f) => `docs/${f}`)].filter((d) =>
  d.endsWith('.md'),
);
const examples: Example[] = documents.flatMap((doc) =>
  [...readFileSync(join(repoRoot, doc), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m, i) => ({
    doc,
    index: i + 1,
    code: m[1] ?? '',
  })),
);
const runnable = examples.filter((e) => !e.code.includes("from 'fieldgate/node'"));

const bytes = new Uint8Array(readFileSync(join(repoRoot, 'examples/fields/fields-with-problems.json')));

/**
 * The example as an async function of the names it leaves free, its imports from 'fieldgate' (and from an
 * area's entry, 'fieldgate/wkt') bound to the entries given first.
 */
async function compile(
  code: string,
  names: readonly string[],
): Promise<(...values: unknown[]) => Promise<void>> {
  const imports = code.replace(
    /^import \{([^}]*)\} from 'fieldgate(?:\/(\w+))?';$/gm,
    (_all, list: string, area: string | undefined) =>
      `const {${list.replace(/\btype \w+,?/g, '')}} = __fieldgate[${JSON.stringify(area ?? '')}];`,
  );
  const { code: js } = await transform(imports, { loader: 'ts', format: 'esm' });
  // A block inside the function: the example's own `const`s may take the names of free ones.
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  return new AsyncFunction('__fieldgate', ...names, `{\n${js}\n}`);
}

describe('the TypeScript examples of the README and docs/', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42 });
  });
  afterAll(() => sandbox.close());

  it('are there to run', () => {
    expect(runnable.map((e) => `${e.doc} #${e.index}`)).toEqual(
      expect.arrayContaining(['README.md #1', 'docs/client.md #1', 'docs/report-format.md #1']),
    );
    expect(examples.length - runnable.length).toBe(1);
  });

  for (const example of runnable)
    it(`${example.doc} #${example.index} runs as written`, async () => {
      const logged: unknown[][] = [];
      const progress: unknown[][] = [];
      const drawn: unknown[] = [];
      const free: Record<string, unknown> = {
        bytes,
        inputs: [{ name: 'fields.json', bytes }],
        files: [{ name: 'fields.json', bytes }],
        signal: new AbortController().signal,
        showProgress: (...args: unknown[]) => progress.push(args),
        drawOnMap: (features: unknown) => drawn.push(features),
        ...sandbox.urls,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        apiKey: sandbox.demo.apiKey,
        experimentProtocolId: sandbox.demo.experimentProtocolIds[0],
        temporalEntity: {
          dimensionality: 'INDIVIDUAL',
          id: randomUUID(),
          temporalPeriodTypeName: 'GrowingSeason',
        },
        console: { log: (...args: unknown[]) => logged.push(args) },
      };
      const run = await compile(example.code, Object.keys(free));
      await run({ '': fieldgate, wkt: fieldgateWkt }, ...Object.values(free));
      // What each example shows, where it shows something.
      if (example.code.includes('createEnrollment')) {
        expect(logged).toHaveLength(1);
        expect(fieldgate.isUuid(String(logged[0]?.[0]))).toBe(true);
      }
      if (example.code.includes('showProgress')) expect(progress.length).toBeGreaterThan(0);
      if (example.code.includes('drawOnMap')) {
        expect(drawn.length).toBeGreaterThan(0);
        expect(drawn.some((features) => Array.isArray(features) && features.length > 0)).toBe(true);
      }
    });
});
