import { describe, expect, it } from 'vitest';
import { isMadeTextEdit, madeTextEdit, type TextEdit } from './diagnostic.ts';
import { applyTextFixes } from './fix-application.ts';

describe('madeTextEdit', () => {
  it('makes its text each time it is read, and is data to JSON, clones and fixes', () => {
    let made = 0;
    const edit = madeTextEdit(2, 4, () => {
      made++;
      return 'XY';
    });
    expect(isMadeTextEdit(edit)).toBe(true);
    expect(made).toBe(0);
    expect(JSON.parse(JSON.stringify(edit))).toEqual({ start: 2, end: 4, text: 'XY' });
    expect(structuredClone(edit)).toEqual({ start: 2, end: 4, text: 'XY' });
    expect(made).toBe(2);
    const fix = { safety: 'safe' as const, title: 't', edits: [edit] };
    const d = {
      code: 'GEO001' as const,
      rule: 'x',
      group: 'g',
      severity: 'warning' as const,
      messageId: 'm',
      message: 'm',
    };
    expect(applyTextFixes('abcdef', [{ ...d, location: {}, fix }]).text).toBe('abXYef');
  });

  it('keeps a value assigned to it, as a plain edit does', () => {
    const edit: TextEdit = madeTextEdit(0, 1, () => 'made');
    edit.text = 'given';
    expect(edit.text).toBe('given');
    expect(isMadeTextEdit(edit)).toBe(false);
    expect(JSON.stringify(edit)).toBe('{"start":0,"end":1,"text":"given"}');
  });
});
