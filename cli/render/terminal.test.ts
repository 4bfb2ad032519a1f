import { describe, expect, it } from 'vitest';
import type { Diagnostic, FileReport } from '../../core/index.ts';
import { renderReport, renderSummary } from './terminal.ts';
import { displayWidth, jsonForTerminal, sourceLineForFrame, terminalSafe } from './terminal-text.ts';

function note(severity: Diagnostic['severity']): Diagnostic {
  return { code: 'GEO001', rule: 'x', group: 'g', severity, message: 'm', location: {} } as Diagnostic;
}

const report = (...diagnostics: Diagnostic[]): FileReport => ({ file: 'f', kind: 'k', diagnostics });

describe('renderSummary', () => {
  it('shows notes only with an information sign, not a warning sign', () => {
    const text = renderSummary([report(note('info'))], { color: false });
    expect(text).toBe('ℹ 1 file checked: 0 errors, 0 warnings, 1 info');
  });

  it('says "1 warning" and "1 error"', () => {
    expect(renderSummary([report(note('warning'))], { color: false })).toBe(
      '⚠ 1 file checked: 0 errors, 1 warning, 0 info',
    );
    expect(renderSummary([report(note('error'), note('warning'), note('warning'))], { color: false })).toBe(
      '✖ 1 file checked: 1 error, 2 warnings, 0 info',
    );
  });
});

describe('the summary of the fixes a report offers', () => {
  const fixed = (safety: 'safe' | 'unsafe'): Diagnostic => ({
    ...note('error'),
    fix: { safety, title: 't', edits: [] },
  });

  it('names the option that applies the unsafe fixes, not only the safe ones', () => {
    expect(renderSummary([report(fixed('safe'), fixed('safe'), fixed('unsafe'))], { color: false })).toBe(
      '✖ 1 file checked: 3 errors, 0 warnings, 0 info\n2 safe fixes can be applied with --fix, and 1 unsafe fix (a guess that states its assumption; check the result) with --fix --unsafe-fixes.',
    );
    // `fix` without --unsafe-fixes wrote nothing for them: it says what would.
    expect(renderSummary([report(fixed('unsafe'), fixed('unsafe'))], { color: false }, 'fix')).toBe(
      '✖ 1 file checked: 2 errors, 0 warnings, 0 info\n2 unsafe fixes (guesses that state their assumptions; check the result) can be applied with --unsafe-fixes.',
    );
    // With --unsafe-fixes, the ones left were not applied for a reason the report gives.
    expect(renderSummary([report(fixed('unsafe'))], { color: false }, 'fix-unsafe')).toBe(
      '✖ 1 file checked: 1 error, 0 warnings, 0 info',
    );
  });
});

describe('renderReport', () => {
  it('shows no code frame when the column lies past the text at hand (a very long line kept cut)', () => {
    const cut = 'POLYGON ((-93 42, -92.99 42'.padEnd(200, ' ');
    const lines = { lineCount: 1, lineText: () => cut, has: () => true };
    const at = (column: number) => ({ offset: column - 1, line: 1, column });
    const d: Diagnostic = { ...note('error'), location: { range: { start: at(5000), end: at(5001) } } };
    const text = renderReport({ file: 'big.wkt', kind: 'wkt', diagnostics: [d] }, { color: false }, lines);
    expect(text).toContain('big.wkt:1:5000');
    expect(text).not.toContain('> 1 |');
    // A column within it keeps its frame.
    const near: Diagnostic = { ...d, location: { range: { start: at(12), end: at(14) } } };
    expect(
      renderReport({ file: 'big.wkt', kind: 'wkt', diagnostics: [near] }, { color: false }, lines),
    ).toContain('> 1 | POLYGON');
  });

  it('names a related place in another file by that file, and leaves out one with nothing to show', () => {
    const at = { offset: 0, line: 2, column: 1 };
    const d: Diagnostic = {
      ...note('error'),
      location: { row: 1, field: 'file', range: { start: at, end: { ...at, column: 8 } } },
      related: [
        { message: 'where in the file', location: { file: 'soil.xml', range: { start: at, end: at } } },
        { message: 'the archive', location: { file: 'rx.zip' } },
        { message: 'nothing to say', location: {} },
      ],
    };
    const text = renderReport({ file: 'batch.csv', kind: 'k', diagnostics: [d] }, { color: false });
    expect(text.split('\n').filter((l) => l.startsWith('  see'))).toEqual([
      '  see soil.xml:2:1 (where in the file)',
      '  see rx.zip (the archive)',
    ]);
    expect(text).toContain('batch.csv:2:1  error');
  });
});

describe('terminal text', () => {
  it('escapes C0 (but layout on request), DEL, C1 and bidi overrides', () => {
    expect(terminalSafe('a\u001b[2J\u0007\u007f\u009b\u202eb\n\tc')).toBe(
      'a\\x1b[2J\\x07\\x7f\\x9b\\u202eb\\n\\tc',
    );
    expect(terminalSafe('a\nb\tc\rd', { layout: true })).toBe('a\nb\\tc\\rd');
  });

  it('measures wide and combining characters as the terminal draws them', () => {
    expect(displayWidth('田中')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('\u001b')).toBe(4);
    const { shown, columns } = sourceLineForFrame('田\tx\u0001y');
    expect(shown).toBe('田    x\\x01y');
    expect(columns).toEqual([0, 2, 6, 7, 11, 12]);
  });

  it('writes JSON that parses back to the same values with no raw control character', () => {
    const value = { s: 'a\u001b\u009b\u202e\u2028' };
    const text = jsonForTerminal(value);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
