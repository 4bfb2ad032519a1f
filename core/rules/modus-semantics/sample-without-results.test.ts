import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT, AL_SUBMIT } from '../../../test/modus/modus-documents.ts';
import { readFileSync } from 'node:fs';

describe('MSE013 sample-without-results', () => {
  it('does not fire on a sample with results', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MSE013')).toEqual([]);
  });

  it('warns about a result sample without results, and not about submitted samples', () => {
    const start = MINIMAL_RESULT.indexOf('<NutrientResults>');
    const end = MINIMAL_RESULT.indexOf('</NutrientResults>') + 18;
    const xml = modus([MINIMAL_RESULT.slice(start, end), '']);
    const [d] = diagnosticsOf(xml, 'MSE013');
    expect(d).toMatchObject({ severity: 'warning', message: 'Sample "1" has no results' });
    expect(d?.location.range?.start).toEqual(at(xml, '<SoilSample>'));
    expect(diagnosticsOf(readFileSync(AL_SUBMIT), 'MSE013')).toEqual([]);
  });
});
