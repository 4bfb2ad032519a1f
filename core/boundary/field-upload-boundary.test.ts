import { describe, expect, it } from 'vitest';
import { checkFieldUploadText } from '../fields/check-field-upload.ts';
import { checkFieldUploadBoundary } from './field-upload-boundary.ts';

function check(text: string) {
  return checkFieldUploadText(text, {
    selection: { select: ['wgs84', 'acreage', 'service-limits', 'wkt-syntax'] },
    checkBoundary: checkFieldUploadBoundary,
  });
}

describe('checkFieldUploadBoundary (the field upload validator hook)', () => {
  it('reports boundary findings at their characters inside the JSON string, with the item row', () => {
    const text = `{"fields": [
  {"clientName": "C", "farmName": "F", "name": "N", "acres": 250,
   "boundary": "POLYGON ((-96 40, -95.99 40, -95.99 40.01, -96 40.01, -96 40))"},
  {"clientName": "C", "farmName": "F", "name": "S",
   "boundary": "POLYGON ((40 -96, 40 -95.99, 40.01 -95.99, 40 -96))"}
]}`;
    const diagnostics = check(text);
    expect(
      diagnostics.map((d) => [
        d.code,
        d.location.row,
        d.location.range?.start.line,
        d.location.range?.start.column,
      ]),
    ).toEqual([
      ['ACR001', 1, 2, 62],
      ['WGS003', 2, 5, 17],
    ]);
    // The acreage mismatch points at the stated acres, which its fix rewrites.
    expect(diagnostics[0]?.location.path).toEqual(['fields', 0, 'acres']);
    expect(diagnostics[1]?.location.path).toEqual(['fields', 1, 'boundary']);
  });

  it('maps positions through escapes in the JSON string to the right characters', () => {
    const text =
      '{"fields": [{"clientName": "C", "farmName": "F", "name": "N", "boundary": "POLYGON\\u0020((-96 40, -193 40, -95.99 40.01, -96 40))\\n"}]}';
    const diagnostics = check(text);
    expect(diagnostics.map((d) => [d.code, d.location.path, d.location.coordinate])).toEqual([
      ['WGS001', ['fields', 0, 'boundary'], 1],
    ]);
    const range = diagnostics[0]?.location.range;
    expect(text.slice(range?.start.offset, range?.end.offset)).toBe('-193 40');
  });
});
