import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';

describe('MSV007 depth-unit-not-inches', () => {
  it('does not fire on "inches"', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV007')).toEqual([]);
  });

  it('offers a safe fix for "in", on the exact value', () => {
    const xml = modus(['<DepthUnit>inches<', '<DepthUnit>in<']);
    const [d] = diagnosticsOf(xml, 'MSV007');
    expect(d?.message).toBe('DepthUnit "in" means inches; the service expects "inches"');
    const start = at(xml, '<DepthUnit>in<', 0, 11).offset;
    expect(d?.fix).toMatchObject({ safety: 'safe', edits: [{ start, end: start + 2, text: 'inches' }] });
    expect(applyTextFixes(xml, [d!]).text).toBe(MINIMAL_RESULT);
  });

  it('reports other units without a fix, and a missing unit with an unsafe fix', () => {
    const cm = diagnosticsOf(modus(['<DepthUnit>inches<', '<DepthUnit>cm<']), 'MSV007');
    expect(cm[0]?.messageId).toBe('other');
    expect(cm[0]?.fix).toBeUndefined();
    const missing = modus(['<DepthUnit>inches</DepthUnit>', '']);
    const [d] = diagnosticsOf(missing, 'MSV007');
    expect(d?.messageId).toBe('missing');
    expect(d?.fix?.safety).toBe('unsafe');
    expect(applyTextFixes(missing, [d!], ['unsafe']).text).toBe(MINIMAL_RESULT);
  });
});
