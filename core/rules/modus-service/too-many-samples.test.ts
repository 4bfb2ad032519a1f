import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT } from '../../../test/modus/modus-documents.ts';

describe('MSV003 too-many-samples', () => {
  const sample = MINIMAL_RESULT.slice(
    MINIMAL_RESULT.indexOf('<SoilSample>'),
    MINIMAL_RESULT.indexOf('</SoilSample>') + 13,
  );
  const withSamples = (n: number): string => {
    const parts: string[] = [];
    for (let i = 2; i <= n; i++) parts.push(sample.replace('<SampleNumber>1<', `<SampleNumber>${i}<`));
    return modus(['</SoilSample>', '</SoilSample>' + parts.join('\n')]);
  };

  it('does not fire on 20,000 samples', () => {
    expect(diagnosticsOf(withSamples(20_000), 'MSV003')).toEqual([]);
  });

  it('reports 20,001 samples at the sample over the limit', () => {
    const xml = withSamples(20_001);
    const [d] = diagnosticsOf(xml, 'MSV003');
    expect(d?.message).toBe('The event has 20,001 soil samples; the service accepts at most 20,000');
    expect(d?.location.range?.start).toEqual(at(xml, '<SoilSample>', 20_000));
  });
});
