/**
 * A script that uses only the public entry (core/index.ts): validates a field upload, a Modus soil test and a
 * prescription ZIP with progress events, cancels a run midway, applies one chosen fix by id, and gets GeoJSON
 * features for each file (issue 9's acceptance).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  fix,
  runEngine,
  validate,
  type EngineEvent,
  type EngineInput,
  type Report,
} from '../../core/index.ts';

const root = new URL('../../', import.meta.url).pathname;
const read = (path: string): EngineInput => ({
  name: path,
  bytes: new Uint8Array(readFileSync(root + path)),
});
const now = new Date('2026-11-22T12:00:00.000Z');

const fieldUpload = read('examples/fields/fields-with-problems.json');
const prescription = read('examples/rx/two-zone-rx.zip');
/** The lab's result with a sample point added to each sample (the bundled file has none). */
const soilTest: EngineInput = (() => {
  const text = new TextDecoder().decode(read('examples/soil/a-and-l-lab-result.xml').bytes);
  let n = 0;
  const withPoints = text.replace(/(<SampleNumber>\d+<\/SampleNumber>)/g, (m) => {
    n++;
    return `${m}\n<Geometry epsg="4326">POINT (-88.03 ${(44.2 + n / 1000).toFixed(3)})</Geometry>`;
  });
  return { name: 'soil.xml', bytes: new TextEncoder().encode(withPoints) };
})();

async function collect(inputs: EngineInput[], signal?: AbortSignal, stopAfter?: (e: EngineEvent) => boolean) {
  const events: EngineEvent[] = [];
  const controller = signal ? undefined : new AbortController();
  for await (const event of runEngine(inputs, { now, signal: signal ?? controller!.signal })) {
    events.push(event);
    if (stopAfter?.(event)) (controller ?? { abort: () => {} }).abort();
  }
  const last = events.at(-1);
  if (last?.type !== 'report') throw new Error('no report');
  return { events, report: last.report as Report };
}

describe('the public API (core/index.ts only)', () => {
  it('validates a field upload, a Modus file and an Rx ZIP with progress events and features', async () => {
    const { events, report } = await collect([fieldUpload, soilTest, prescription]);
    expect(report.outcome).toBe('complete');
    expect(report.files.map((f) => f.kind)).toEqual(['field-upload', 'modus-result', 'rx-zip']);
    for (const file of [fieldUpload, soilTest, prescription]) {
      const mine = events.filter((e) => 'file' in e && e.file === file.name);
      expect(mine[0]?.type).toBe('file-started');
      expect(mine.some((e) => e.type === 'progress' && e.bytes === file.bytes.length)).toBe(true);
      expect(events.some((e) => e.type === 'file-done' && e.result.file === file.name)).toBe(true);
    }
    expect(events.some((e) => e.type === 'diagnostics' && e.diagnostics.length > 0)).toBe(true);

    const [fields, soil, rx] = report.files;
    // GeoJSON for each, and diagnostics pointing at their feature.
    expect(fields?.features).toHaveLength(4);
    expect(soil?.features).toHaveLength(20);
    expect(soil?.features?.[0]).toEqual({
      type: 'Feature',
      id: 0,
      geometry: { type: 'Point', coordinates: [-88.03, 44.201] },
      properties: { sampleNumber: '1', depths: ['1'] },
    });
    // A problem inside a sample's Depth n is that sample's depth `depths[n]`.
    const underDepth = soil?.diagnostics.find((d) => d.location.path?.includes('Depth'));
    expect(underDepth?.location.feature).toBeDefined();
    const depthIndex = underDepth!.location.path![underDepth!.location.path!.indexOf('Depth') + 1];
    expect(typeof depthIndex).toBe('number');
    const depths = soil?.features?.[underDepth!.location.feature!]?.properties.depths;
    expect(Array.isArray(depths) ? depths[depthIndex as number] : undefined).toBe('1');
    expect(rx?.features).toHaveLength(2);
    expect(rx?.features?.map((f) => f.geometry?.type)).toEqual(['Polygon', 'Polygon']);
    for (const file of report.files)
      for (const d of file.diagnostics)
        if (d.location.feature !== undefined) expect(file.features?.[d.location.feature]).toBeDefined();
    expect(fields?.diagnostics.some((d) => d.location.feature !== undefined)).toBe(true);
  });

  it('cancels a run midway: outcome cancelled, fewer events, the files done so far', async () => {
    const all = await collect([fieldUpload, soilTest, prescription]);
    const controller = new AbortController();
    const cut = await collect(
      [fieldUpload, soilTest, prescription],
      controller.signal,
      (e) => e.type === 'file-done' && (controller.abort(), true),
    );
    expect(cut.report.outcome).toBe('cancelled');
    expect(cut.report.files.map((f) => f.kind)).toEqual(['field-upload']);
    expect(cut.events.some((e) => e.type === 'cancelled')).toBe(true);
    expect(cut.events.length).toBeLessThan(all.events.length);
  });

  it('applies one chosen fix by its id, and only that one', async () => {
    const listed = await validate([fieldUpload], { now });
    const fixable = listed.diagnostics.filter((d) => d.fix?.safety === 'safe');
    expect(fixable.length).toBeGreaterThan(1);
    const chosen = fixable[1]!;
    const outcome = await fix(fieldUpload, { ids: [chosen.id!], safety: 'safe' }, { now });
    const applied = outcome.report.files[0]?.fixes?.applied ?? [];
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ id: chosen.id, code: chosen.code, title: chosen.fix?.title });
    expect(outcome.bytes).toBeDefined();
    // The other safe fixes are still offered in the fixed file.
    const left = outcome.report.diagnostics.filter((d) => d.fix?.safety === 'safe').map((d) => d.code);
    expect(left).toEqual(fixable.filter((d) => d !== chosen).map((d) => d.code));
  });
});
