/**
 * The package's types as a strict TypeScript project sees them (through package.json `exports` and the
 * declarations in dist/types): what must narrow narrows, what must be refused is (`@ts-expect-error` fails
 * the compile when the line compiles), the internal helpers are not there, and go-to-definition leads from a
 * name to its source (declaration maps, and the sources shipped beside them).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/build.js';
import { declarationsBuilt } from '../support/declarations.ts';

const project = mkdtempSync(join(tmpdir(), 'fieldgate-types-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const consumer = `
import {
  editText,
  fix,
  isFieldFeature,
  isZoneFeature,
  validate,
  type ClientFailure,
  type Diagnostic,
  type Fix,
  type GeoJsonFeature,
  type RuleCode,
  type TextEdit,
} from 'fieldgate';

export async function fixFirst(bytes: Uint8Array): Promise<string> {
  const report = await validate([{ name: 'a.wkt', bytes }]);
  const first = report.diagnostics[0];
  if (!first) return '';
  // A reported diagnostic is numbered, and its code is a rule's.
  const id: string = first.id;
  const code: RuleCode = first.code;
  await fix({ name: 'a.wkt', bytes }, { ids: [first], safety: 'safe' });
  return id + code;
}

declare const checked: Diagnostic;
// @ts-expect-error: a diagnostic straight from a check has no id until the engine numbers it
export const unnumbered: string = checked.id;
// @ts-expect-error: no rule has this code
export const unknownCode: RuleCode = 'NOPE999';
// @ts-expect-error: GEO999 is no rule's code, so the comparison can never hold
export const never = checked.code === 'GEO999';

declare const offered: Fix;
export const edits: TextEdit[] | string = offered.artifact !== undefined ? offered.artifact : offered.edits;
declare const edit: TextEdit;
// @ts-expect-error: an edit that keeps parts of the checked text has no text of its own
export const unread: string = edit.text;
export const read: string = editText(edit, 'the checked text');

declare const feature: GeoJsonFeature;
export const areaAcres: number | null = isFieldFeature(feature) ? feature.properties.areaAcres : null;
export const rate: number | null = isZoneFeature(feature) ? feature.properties.rate : null;
// @ts-expect-error: the properties of a feature of no known kind are any JSON values
export const unnarrowed: number | null = feature.properties.areaAcres;

declare const failure: ClientFailure;
export const retryAt: string | undefined = failure.kind === 'quota' ? failure.retryAt : undefined;
// @ts-expect-error: only a quota failure says when to retry
export const notNarrowed: string = failure.retryAt;
`;

/** Internal helpers that must not be part of the public surface. */
const INTERNAL = [
  'plural',
  'settleEditTexts',
  'memorySpool',
  'DiagnosticCollector',
  'readAll',
  'defineRule',
  'journalLine',
  'sleepWithTimers',
  'parseRetryAfter',
];
const internals = INTERNAL.map(
  (name) => `// @ts-expect-error: ${name} is internal\nimport { ${name} } from 'fieldgate';\n`,
).join('');

describe('the public types, from a strict consumer project', () => {
  beforeAll(async () => {
    await declarationsBuilt();
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(root, join(project, 'node_modules', 'fieldgate'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(project, 'consumer.ts'), consumer);
    writeFileSync(join(project, 'internals.ts'), `${internals}export {};\n`);
  }, 180_000);

  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  };

  it('narrows what must narrow and refuses what must be refused', () => {
    const program = ts.createProgram([join(project, 'consumer.ts'), join(project, 'internals.ts')], options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });

  it('leads go-to-definition from a name to its declaration, and its declaration map to the source', () => {
    const files = [join(project, 'consumer.ts')];
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => files,
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        try {
          return ts.ScriptSnapshot.fromString(readFileSync(name, 'utf8'));
        } catch {
          return undefined;
        }
      },
      getCurrentDirectory: () => project,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      realpath: ts.sys.realpath,
    };
    const service = ts.createLanguageService(host);
    const at = consumer.indexOf('await validate(') + 'await '.length;
    const definitions = service.getDefinitionAtPosition(files[0]!, at) ?? [];
    expect(definitions).toHaveLength(1);
    // An editor maps the declaration to its source through the declaration map beside it.
    const declaration = definitions[0]!.fileName;
    expect(declaration).toMatch(/\/dist\/types\/core\/engine\/every-kind\.d\.ts$/);
    expect(readFileSync(declaration, 'utf8')).toMatch(/\/\/# sourceMappingURL=every-kind\.d\.ts\.map\s*$/);
    const map = JSON.parse(readFileSync(`${declaration}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => join(dirname(declaration), s));
    expect(sources.map((s) => s.slice(s.lastIndexOf('/core/')))).toEqual(['/core/engine/every-kind.ts']);
    expect(readFileSync(sources[0]!, 'utf8')).toContain('export function validate(');
  });
});
