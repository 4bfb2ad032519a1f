import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';

describe('MSE005 column-depth-mismatch', () => {
  it('does not fire when ColumnDepth = EndingDepth − StartingDepth, or is absent', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE005')).toEqual([]);
    expect(diagnosticsOf(modus(['<ColumnDepth>8</ColumnDepth>', '']), 'MSE005')).toEqual([]);
  });

  it('reports a wrong ColumnDepth with an unsafe fix on its value', () => {
    const xml = modus(['<ColumnDepth>8<', '<ColumnDepth>6<']);
    const [d] = diagnosticsOf(xml, 'MSE005');
    expect(d?.message).toBe('DepthRef 1: ColumnDepth 6 is not EndingDepth − StartingDepth = 8');
    const start = at(xml, '<ColumnDepth>6', 0, 13).offset;
    expect(d?.fix).toMatchObject({ safety: 'unsafe', edits: [{ start, end: start + 1, text: '8' }] });
    expect(applyTextFixes(xml, [d!], ['unsafe']).text).toBe(MINIMAL_RESULT);
  });
});
