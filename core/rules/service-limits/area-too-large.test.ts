import { describe, expect, it } from 'vitest';
import { rectangleWkt, runBoundary } from '../../boundary/test-helpers.ts';

describe('LIM002 area-too-large', () => {
  it('reports a boundary over 20,000 acres with its area', () => {
    const wkt = rectangleWkt(-104, 35, 0.1, 0.1); // 25,010.7 acres
    const run = runBoundary(wkt);
    expect(run.brief).toEqual([['LIM002', '2:1', wkt]]);
    expect(run.diagnostics[0]?.message).toBe(
      'The boundary covers 25,010.7 acres; the service accepts at most 20,000 acres per field',
    );
  });

  it('does not fire on a large field under the cap', () => {
    expect(runBoundary(rectangleWkt(-104, 35, 0.08, 0.08)).brief).toEqual([]);
  });
});
