import { describe, expect, it } from 'vitest';
import { MINIMAL_RESULT } from '../../test/modus/modus-documents.ts';
import { modusFileKind } from './modus-file-kind.ts';
import { sniffRootElement } from './modus-kind-info.ts';

const file = (name: string, text: string, bom = false): { name: string; bytes: Uint8Array } => {
  const body = new TextEncoder().encode(text);
  if (!bom) return { name, bytes: body };
  const bytes = new Uint8Array(body.length + 3);
  bytes.set([0xef, 0xbb, 0xbf]);
  bytes.set(body, 3);
  return { name, bytes };
};

describe('modusFileKind', () => {
  it('sniffs the root element past the declaration, comments and a DOCTYPE', () => {
    expect(
      sniffRootElement(new TextEncoder().encode('<?xml version="1.0"?>\n<!-- x -->\n<ModusResult>')),
    ).toBe('ModusResult');
    expect(sniffRootElement(new TextEncoder().encode('<!DOCTYPE ModusSubmit><ModusSubmit/>'))).toBe(
      'ModusSubmit',
    );
    expect(sniffRootElement(new TextEncoder().encode('{"a": 1}'))).toBeUndefined();
  });

  it('claims Modus roots strongly, other .xml files weakly, and nothing else', () => {
    expect(modusFileKind.detect(file('r.xml', MINIMAL_RESULT))).toBe(10);
    expect(modusFileKind.detect(file('r.txt', MINIMAL_RESULT))).toBe(8);
    expect(modusFileKind.detect(file('doc.xml', '<kml/>'))).toBe(1);
    expect(modusFileKind.detect(file('doc.kml', '<kml/>'))).toBe(0);
    expect(modusFileKind.detect(file('f.json', '{}'))).toBe(0);
  });

  it('respects the rule selection and keeps the text for small files', async () => {
    const text = MINIMAL_RESULT.replace('<ValueUnit>percent<', '<ValueUnit>%<');
    const all = await modusFileKind.validate(file('r.xml', text), {});
    expect(all.diagnostics.map((d) => d.code)).toEqual(['MSV009']);
    expect(all.text).toBe(text);
    const schemaOnly = await modusFileKind.validate(file('r.xml', text), {
      selection: { select: ['modus-schema'] },
    });
    expect(schemaOnly.diagnostics).toEqual([]);
  });

  it('applies safe fixes and keeps a byte order mark', async () => {
    const text = MINIMAL_RESULT.replace('<ValueUnit>percent<', '<ValueUnit>%<').replace(
      '<DepthUnit>inches<',
      '<DepthUnit>in<',
    );
    const input = file('r.xml', text, true);
    const report = await modusFileKind.validate(input, {});
    const fixed = await modusFileKind.fix?.(input, report, ['safe']);
    expect(fixed?.applied.map((d) => d.code)).toEqual(['MSV007', 'MSV009']);
    expect(Array.from(fixed?.bytes.subarray(0, 3) ?? [])).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(fixed?.bytes)).toBe(MINIMAL_RESULT);
  });

  it('fixes only the rules the report was made with, and returns undefined when nothing is fixable', async () => {
    const text = MINIMAL_RESULT.replace('<ValueUnit>percent<', '<ValueUnit>%<').replace(
      '<DepthUnit>inches<',
      '<DepthUnit>in<',
    );
    const input = file('r.xml', text);
    const report = await modusFileKind.validate(input, { selection: { select: ['MSV009'] } });
    const fixed = await modusFileKind.fix?.(input, report, ['safe']);
    expect(fixed?.applied.map((d) => d.code)).toEqual(['MSV009']);
    const clean = file('r.xml', MINIMAL_RESULT);
    expect(
      await modusFileKind.fix?.(clean, await modusFileKind.validate(clean, {}), ['safe']),
    ).toBeUndefined();
  });
});
