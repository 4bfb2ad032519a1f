import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';
import { applyTextFixes } from '../../diagnostics/fix-application.ts';
import { validateModus } from '../../modus/validate-modus.ts';

describe('MSV002 event-date-invalid', () => {
  it('does not fire on a plain calendar date', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSV002')).toEqual([]);
  });

  it('reports a missing EventDate at the event', () => {
    const xml = modus(['<EventDate>2021-09-24</EventDate>', '']);
    const [d] = diagnosticsOf(xml, 'MSV002');
    expect(d?.messageId).toBe('missing');
    expect(d?.location.range?.start).toEqual(at(xml, '<Event>'));
  });

  it('offers a safe fix dropping a time-zone suffix the schema allows', () => {
    const xml = modus(['2021-09-24', '2021-09-24Z']);
    const [d] = diagnosticsOf(xml, 'MSV002');
    expect(d?.message).toBe('EventDate "2021-09-24Z" is not an ISO 8601 calendar date (YYYY-MM-DD)');
    expect(applyTextFixes(xml, [d!]).text).toBe(MINIMAL_RESULT);
  });

  it('leaves a value that is not a date at all to MOD010 when that rule runs', () => {
    const xml = modus(['2021-09-24', '24/09/2021']);
    expect(diagnosticsOf(xml, 'MSV002')).toHaveLength(1);
    const all = validateModus(xml).diagnostics.filter((d) => d.location.range?.start.line === 4);
    expect(all.map((d) => d.code)).toEqual(['MOD010']);
  });
});
