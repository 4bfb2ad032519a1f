import { describe, expect, it } from 'vitest';
import { editText, settleEditTexts, type Diagnostic, type TextEdit } from './diagnostic.ts';
import { applyTextFixes } from './fix-application.ts';

const withEdits = (edits: TextEdit[]): Diagnostic => ({
  code: 'GEO012',
  rule: 'repeated-point',
  group: 'ogc-validity',
  severity: 'warning',
  messageId: 'repeated',
  message: 'm',
  location: {},
  fix: { safety: 'safe', title: 'Remove the repeated points', edits },
});

/** Whether `value` is data all through: no getter or setter anywhere in it. */
function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(Object.getOwnPropertyDescriptors(value)).every(
    ([, d]) => d.get === undefined && d.set === undefined && isPlainData(d.value),
  );
}

describe('text edits', () => {
  it('an edit that keeps parts of what it replaces: its text read from the text its offsets point into', () => {
    const source = '(0 0, 1 1, 1 1, 1 1, 2 2, 2 2, 3 3)';
    // Replaces "1 1, 1 1, 1 1, 2 2, 2 2" (6 to 29) keeping "1 1" and ", 2 2".
    const edit: TextEdit = { start: 6, end: 29, keep: [0, 3, 13, 18] };
    expect(editText(edit, source)).toBe('1 1, 2 2');
    expect(applyTextFixes(source, [withEdits([edit])]).text).toBe('(0 0, 1 1, 2 2, 3 3)');
    // The same parts of a text where the replaced text starts elsewhere (the WKT alone, inside a document).
    expect(editText(edit, `xx${source.slice(6, 29)}`, 2)).toBe('1 1, 2 2');
    expect(editText({ start: 0, end: 1, text: 'T' })).toBe('T');
    expect(() => editText(edit)).toThrow('a fix edit that keeps parts of a text needs that text');
  });

  it('a copied edit is the same edit: a clone, a spread and a JSON round trip equal it and give its text', () => {
    // "a1 a1 b2 b2 c3 c3 d4" without its copies: " a1", " b2" and " c3" cut, " b2" and " c3" between kept.
    const source = 'a1 a1 b2 b2 c3 c3 d4';
    const d = withEdits([{ start: 2, end: 17, keep: [3, 6, 9, 12] }]);
    expect(isPlainData(d)).toBe(true);
    const copies = [structuredClone(d), { ...d }, JSON.parse(JSON.stringify(d)) as Diagnostic];
    for (const copy of copies) {
      expect(copy).toEqual(d);
      expect(editText(copy.fix!.edits![0]!, source)).toBe(' b2 c3');
      expect(applyTextFixes(source, [copy]).text).toBe(applyTextFixes(source, [d]).text);
    }
    expect(applyTextFixes(source, [d]).text).toBe('a1 b2 c3 d4');
  });

  it('settling gives each keeping edit its text from a window of the text, once for a shared fix', () => {
    const d = withEdits([
      { start: 102, end: 117, keep: [3, 6, 9, 12] },
      { start: 0, end: 1, text: '' },
    ]);
    const sharing = { ...d, fix: d.fix };
    // The text from offset 100 on: what a stream still holds.
    const window = 'a1 a1 b2 b2 c3 c3 d4';
    settleEditTexts(d, window, 100);
    settleEditTexts(sharing, window, 100);
    expect(d.fix?.edits).toEqual([
      { start: 102, end: 117, text: ' b2 c3' },
      { start: 0, end: 1, text: '' },
    ]);
    expect(sharing.fix?.edits).toBe(d.fix?.edits);
  });
});
