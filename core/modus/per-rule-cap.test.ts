import { describe, expect, it } from 'vitest';
import { MINIMAL_RESULT } from '../../test/modus/modus-documents.ts';
import { validateModus } from './validate-modus.ts';

describe('per-rule cap on diagnostics', () => {
  const sample = MINIMAL_RESULT.slice(
    MINIMAL_RESULT.indexOf('<SoilSample>'),
    MINIMAL_RESULT.indexOf('</SoilSample>') + 13,
  );
  const many = MINIMAL_RESULT.replace(
    '</SoilSample>',
    '</SoilSample>' +
      Array.from({ length: 30 }, (_, i) =>
        sample.replace('<SampleNumber>1<', `<SampleNumber>${i + 2}<`),
      ).join(''),
  ).replace(/<ValueUnit>percent</g, '<ValueUnit>%<');

  it('keeps the first diagnostics of a rule and counts the rest in one closing note', () => {
    const r = validateModus(many, { maxDiagnosticsPerRule: 10 });
    const units = r.diagnostics.filter((d) => d.code === 'MSV009');
    expect(units.filter((d) => d.messageId === 'spelling')).toHaveLength(10);
    const note = units.find((d) => d.messageId === 'not-listed');
    expect(note).toMatchObject({
      severity: 'info',
      rule: 'result-unit-not-accepted',
      group: 'modus-service',
    });
    expect(note?.message).toContain('21 more MSV009');
  });

  it('keeps everything when asked to (fixing needs every fix)', () => {
    expect(
      validateModus(many, { maxDiagnosticsPerRule: Infinity }).diagnostics.filter((d) => d.code === 'MSV009'),
    ).toHaveLength(31);
  });
});
