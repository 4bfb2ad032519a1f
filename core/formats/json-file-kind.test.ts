/**
 * The JSON kinds validate decoded text (`validateText`, what the engine calls when it will not fix, so it
 * can let go of the bytes) with the same report as from bytes, whatever the document and its encoding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeTextFile } from '../input/file-kind.ts';
import { jsonFileKind, jsonShapeKinds } from './json-file-kind.ts';

const examples = join(import.meta.dirname, '..', '..', 'examples');
const now = new Date('2026-11-22T12:00:00.000Z');

function documents(): Array<{ name: string; bytes: Uint8Array }> {
  const files = ['fields', 'requests'].flatMap((dir) =>
    readdirSync(join(examples, dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(examples, dir, f))) })),
  );
  const problems = files.find((f) => f.name === 'fields-with-problems.json');
  if (!problems) throw new Error('examples/fields/fields-with-problems.json is missing');
  // The same document in UTF-16 LE with its byte order mark: decoded the same way on both paths.
  const text = new TextDecoder().decode(problems.bytes);
  const utf16 = new Uint8Array(2 + text.length * 2);
  utf16[0] = 0xff;
  utf16[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    utf16[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    utf16[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  files.push({ name: 'utf16.json', bytes: utf16 });
  files.push({ name: 'broken.json', bytes: new TextEncoder().encode('{"fields": [1, 2,, 3]') });
  return files;
}

describe('JSON kinds: validateText', () => {
  it('gives the report validate gives from the bytes', async () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(4);
    const kinds = [jsonFileKind, ...jsonShapeKinds];
    for (const kind of kinds) {
      for (const file of docs) {
        const fromBytes = await kind.validate(file, { now });
        const fromText = await kind.validateText!(
          { name: file.name, text: decodeTextFile(file.bytes) },
          { now },
        );
        expect(fromText, `${kind.id} ${file.name}`).toEqual(fromBytes);
      }
    }
  });

  it('reports the problems of a document (the comparison above is not between two empty reports)', async () => {
    const file = documents().find((f) => f.name === 'utf16.json')!;
    const report = await jsonFileKind.validateText!(
      { name: file.name, text: decodeTextFile(file.bytes) },
      { now },
    );
    expect(report.kind).toBe('field-upload');
    expect(report.diagnostics.length).toBeGreaterThan(0);
  });
});
