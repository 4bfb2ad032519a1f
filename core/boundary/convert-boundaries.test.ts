import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertBoundaries, fileBaseName } from './convert-boundaries.ts';

const corpus = resolve(import.meta.dirname, '../../test/corpus');
const read = (path: string) => ({
  name: path.split('/').pop() as string,
  bytes: new Uint8Array(readFileSync(resolve(corpus, path))),
});

describe('convertBoundaries defaults', () => {
  it('takes the farm from the file name when no attribute or option gives it, and says so', () => {
    const result = convertBoundaries(read('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip'), {
      clientName: 'Smith Farms',
    });
    expect(result.complete).toBe(true);
    expect(result.items).toHaveLength(10);
    expect(result.items.every((i) => i.farmName === 'se2023')).toBe(true);
    const note = result.diagnostics.find((d) => d.messageId === 'defaulted');
    expect([note?.code, note?.severity, note?.message]).toEqual([
      'IMP006',
      'info',
      'No attribute gives the farmName of the fields: every field gets farmName "se2023" (the file\'s name); set it with --farm NAME or --map farmName=ATTRIBUTE',
    ]);
  });

  it('numbers the fields when nothing names them (the de_bb applications), and says so', () => {
    const result = convertBoundaries(read('fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip'), {
      clientName: 'Smith Farms',
    });
    expect(result.items).toHaveLength(100);
    expect(result.items.map((i) => i.name).slice(0, 3)).toEqual(['Field 1', 'Field 2', 'Field 3']);
    expect(result.items[0]?.farmName).toBe('antrag');
    expect(result.diagnostics.find((d) => d.messageId === 'numbered')?.message).toBe(
      'No attribute gives the names of the fields: they are named "Field 1" … "Field 100" in file order; set them with --map name=ATTRIBUTE',
    );
    expect(result.diagnostics.filter((d) => d.code === 'IMP005')).toEqual([]);
  });

  it('uses a given farm rather than the default', () => {
    const result = convertBoundaries(read('fiboa-cli-testdata/tests/data-files/convert/se/se2023.zip'), {
      clientName: 'C',
      farmName: 'Home',
    });
    expect(result.items[0]?.farmName).toBe('Home');
    expect(result.diagnostics.some((d) => d.messageId === 'defaulted')).toBe(false);
  });

  it('has no default for stdin', () => {
    expect(fileBaseName('<stdin>')).toBeUndefined();
    expect(fileBaseName('dir/North Farm.zip')).toBe('North Farm');
  });
});

describe('convertBoundaries progress', () => {
  it('counts each checked field of how many, passing on every diagnostic once, in order', () => {
    const calls: [number, number][] = [];
    const found: string[] = [];
    const result = convertBoundaries(read('fiboa-cli-testdata/tests/data-files/convert/de_bb/antrag.zip'), {
      clientName: 'Smith Farms',
      progress: (checked, of, diagnostics) => {
        calls.push([checked, of]);
        for (const d of diagnostics) found.push(`${d.code} ${d.message}`);
      },
    });
    expect(calls).toEqual(Array.from({ length: 100 }, (_, i) => [i + 1, 100]));
    // The import's (a numbered field, a defaulted farm) come with the first field.
    expect(found).toEqual(result.diagnostics.map((d) => `${d.code} ${d.message}`));
    expect(found.length).toBeGreaterThan(0);
  });
});
