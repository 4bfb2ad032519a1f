import { describe, expect, it } from 'vitest';
import { rxZip } from '../../test/rx/build-zip.ts';
import { benchRxZip } from './rx-bench-data.ts';
import { validateRxSteps } from './validate-rx.ts';

/** Runs validateRxSteps to its end; `released` counts the host's collections, `beforeZones` those before the zones' checks. */
function run(zip: Uint8Array): { released: number; beforeZones: number | undefined; zones: number } {
  let released = 0;
  let beforeZones: number | undefined;
  const steps = validateRxSteps(zip, { releaseMemory: () => released++ });
  let step = steps.next();
  while (!step.done) {
    beforeZones ??= released;
    step = steps.next(undefined);
  }
  return { released, beforeZones, zones: step.value.summary.zoneCount ?? 0 };
}

describe('validateRx: memory', () => {
  it('has the host collect the members’ bytes of a big prescription once, before the zones are checked', () => {
    // 10 zones of 30,000 points: a 4.8 MB .shp.
    expect(run(benchRxZip(10, 30_000))).toEqual({ released: 1, beforeZones: 1, zones: 10 });
    // Not for a small one: a collection costs more than it gives back.
    expect(run(rxZip())).toEqual({ released: 0, beforeZones: 0, zones: 1 });
  });
});
