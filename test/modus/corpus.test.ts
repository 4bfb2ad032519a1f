/**
 * The Modus FileKind on every Modus file of the corpus, and the known facts about them (issue 4):
 * A&L result files are XSD-valid but break the service's unit and DepthUnit rules, with safe fixes;
 * the hand transcription is invalid with the missing elements named; the integration example is invalid
 * for missing DepthRefs, SampleNumber, DepthID and ValueType.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import type { FileReport } from '../../core/input/file-kind.ts';
import { detectFileKind } from '../../core/formats/registry.ts';
import { modusFileKind } from '../../core/modus/modus-file-kind.ts';
import type { ModusSummary } from '../../core/modus/modus-summary.ts';
import {
  AL_PLANT_RESULT,
  AL_PLANT_SUBMIT,
  AL_RESULT,
  AL_SUBMIT,
  CORPUS_MODUS_FILES,
  HAND_MODUS,
  LAB_MODUS,
  SEMIOS_EXAMPLE,
} from './modus-documents.ts';

const input = (path: string): { name: string; bytes: Uint8Array } => ({
  name: path.split('/').pop() ?? path,
  bytes: new Uint8Array(readFileSync(path)),
});
const validate = (path: string, options = {}): Promise<FileReport> =>
  modusFileKind.validate(input(path), options);
const errors = (r: FileReport, group?: string): Diagnostic[] =>
  r.diagnostics.filter((d) => d.severity === 'error' && (group === undefined || d.group === group));
const summaryOf = (r: FileReport): ModusSummary => r.summary as unknown as ModusSummary;

describe('Modus FileKind on the corpus', () => {
  it('is the kind `validate` picks for every corpus Modus file', () => {
    for (const path of CORPUS_MODUS_FILES) expect(detectFileKind(input(path))?.id).toBe('modus-result');
  });

  it('runs on every corpus file without throwing and summarises it', async () => {
    for (const path of CORPUS_MODUS_FILES) {
      const report = await validate(path);
      expect(report.kind).toBe('modus-result');
      expect(summaryOf(report).eventCount).toBe(1);
    }
  });

  it('A&L result files: XSD-valid and semantically sound, but the service rejects their units and DepthUnit, with safe fixes', async () => {
    for (const path of [LAB_MODUS, AL_RESULT]) {
      const report = await validate(path);
      expect(errors(report, 'modus-schema')).toEqual([]);
      expect(errors(report, 'modus-semantics')).toEqual([]);
      const service = errors(report, 'modus-service');
      expect(
        service.some((d) => d.code === 'MSV007' && d.fix?.safety === 'safe' && d.fix.after === 'inches'),
      ).toBe(true);
      expect(service.some((d) => d.code === 'MSV009' && d.fix?.after === 'percent')).toBe(true);
      expect(service.some((d) => d.code === 'MSV009' && d.fix?.after === 'meq/100 g')).toBe(true);
    }
  });

  it('applying the safe fixes to the real lab file leaves no service error (only unitless pH warnings)', async () => {
    const file = input(LAB_MODUS);
    const report = await modusFileKind.validate(file, {});
    const fixed = await modusFileKind.fix?.(file, report, ['safe']);
    expect(fixed?.applied.length).toBe(report.diagnostics.filter((d) => d.fix?.safety === 'safe').length);
    const again = await modusFileKind.validate(
      { name: file.name, bytes: fixed?.bytes ?? new Uint8Array() },
      {},
    );
    expect(errors(again)).toEqual([]);
    expect(new Set(again.diagnostics.map((d) => `${d.code} ${d.messageId}`))).toEqual(
      new Set(['MSV009 unitless']),
    );
    const text = new TextDecoder().decode(fixed?.bytes);
    expect(text).toContain('<DepthUnit>inches</DepthUnit>');
    expect(text).not.toContain('<ValueUnit>%</ValueUnit>');
  });

  it('hand transcription: invalid, naming the missing elements', async () => {
    const report = await validate(HAND_MODUS);
    const messages = errors(report, 'modus-schema').map((d) => d.message);
    expect(messages).toContain('<Report> is missing <File>');
    expect(messages).toContain('<NutrientResult> is missing <ModusTestID>, <ValueType> and <ValueDesc>');
    expect(messages.some((m) => m.startsWith('<Phone> is not allowed in <Contact>'))).toBe(true);
    const report75 = errors(report).find((d) => d.message === '<Report> is missing <File>');
    expect(report75?.location.range?.start.line).toBe(75);
  });

  it('integration example: invalid for missing DepthRefs, SampleNumber, DepthID and ValueType', async () => {
    const report = await validate(SEMIOS_EXAMPLE);
    const messages = errors(report, 'modus-schema').map((d) => d.message);
    expect(messages).toContain('<Soil> is missing <DepthRefs> before <SoilSample>');
    expect(messages).toContain('<SampleMetaData> is missing <SampleNumber>');
    expect(messages).toContain('<Depth> is missing the required attribute DepthID');
    expect(messages).toContain('<NutrientResult> is missing <ValueType> and <ValueDesc>');
    const first = errors(report, 'modus-schema')[0];
    expect(first?.location.range?.start).toMatchObject({ line: 43, column: 9 });
  });

  it('submit and plant files are schema-valid but not soil results for the service', async () => {
    for (const path of [AL_SUBMIT, AL_PLANT_SUBMIT, AL_PLANT_RESULT]) {
      const report = await validate(path);
      expect(errors(report, 'modus-schema')).toEqual([]);
      expect(report.diagnostics.some((d) => d.code === 'MSV011')).toBe(true);
    }
  });

  it('summarises the real lab file: event, lab, samples, depths, analytes with units and ranges', async () => {
    const summary = summaryOf(await validate(LAB_MODUS));
    expect(summary.document).toBe('ModusResult');
    expect(summary.sampleCount).toBe(20);
    const event = summary.events[0];
    expect(event).toMatchObject({
      eventCode: 'ece3a2a8-4340-48b1-ae1f-d48d1f1e1692',
      eventDate: '2021-09-24',
      eventType: 'Soil',
      sampleKind: 'Soil',
      sampleCount: 20,
      lab: { name: 'A & L Great Lakes Laboratories', labEventId: 'F21271-0035' },
    });
    expect(event?.depths).toEqual([
      {
        depthId: '1',
        name: '0 - 8 in',
        startingDepth: 0,
        endingDepth: 8,
        columnDepth: 8,
        unit: 'in',
        samples: 20,
      },
    ]);
    const ph = event?.analytes.find((a) => a.element === 'pH');
    expect(ph).toMatchObject({ modusTestId: 'S-PH-1:1.02.07', unit: 'none', count: 20 });
    expect(ph?.min).toBeLessThanOrEqual(ph?.max ?? 0);
    expect(event?.analytes.reduce((n, a) => n + a.count, 0)).toBe(256);
    expect(summary.upload).toMatchObject({ source: 'event-date', sampleDate: '2021-09-24T00:00:00.000Z' });
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });

  it('validates with a given sampleDate through the sample-date rules', async () => {
    const report = await validate(LAB_MODUS, {
      sampleDate: '2021-09-24',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(report.diagnostics.some((d) => d.group === 'sample-date' && d.code === 'SD002')).toBe(true);
    const ok = await validate(LAB_MODUS, {
      sampleDate: '2021-09-24T00:00:00.000Z',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(ok.diagnostics.filter((d) => d.group === 'sample-date')).toEqual([]);
    expect(summaryOf(ok).upload).toMatchObject({ source: 'given', sampleDate: '2021-09-24T00:00:00.000Z' });
  });
});
