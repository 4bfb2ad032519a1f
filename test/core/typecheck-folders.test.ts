/**
 * `npm run typecheck` (scripts/typecheck.js) checks a folder with a tsconfig.json of its own by that config
 * and the rest by the root's: core/geometry and core/planar read typed arrays without
 * noUncheckedIndexedAccess, nothing else does. Shown on a small project of the same shape.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { typeErrors } from '../../scripts/typecheck.js';

const project = mkdtempSync(join(tmpdir(), 'fieldgate-typecheck-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
}

describe('typecheck by folder', () => {
  it('reads typed arrays as numbers in the folder only, and reports every other error on both sides', () => {
    write(
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          allowImportingTsExtensions: true,
          types: [],
        },
        include: ['.'],
      }),
    );
    write(
      'geo/tsconfig.json',
      JSON.stringify({
        extends: '../tsconfig.json',
        compilerOptions: { noUncheckedIndexedAccess: false },
        include: ['.'],
      }),
    );
    write(
      'geo/read.ts',
      [
        'export function first(a: Float64Array): number {',
        '  return a[0];',
        '}',
        'export const label: string = first(new Float64Array(1));',
        '',
      ].join('\n'),
    );
    write(
      'uses.ts',
      [
        "import { first } from './geo/read.ts';",
        'export function second(a: Float64Array): number {',
        '  return a[1] + first(a);',
        '}',
        '',
      ].join('\n'),
    );

    const errors = typeErrors(project, ['geo']).map((d) => ({
      file: d.file ? relative(project, d.file.fileName) : undefined,
      line:
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : undefined,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
    expect(errors).toEqual([
      { file: 'uses.ts', line: 3, message: "Object is possibly 'undefined'." },
      { file: 'geo/read.ts', line: 4, message: "Type 'number' is not assignable to type 'string'." },
    ]);
  });
});
