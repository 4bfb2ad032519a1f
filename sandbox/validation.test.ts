import { describe, expect, it } from 'vitest';
import { repeatedPointsWkt } from '../test/geometry/repeated-points.ts';
import { checkFieldUpload } from './validation.ts';

describe('sandbox validation: a refusal explains with plain diagnostics', () => {
  it('carries each fix edit of a big boundary with repeated points as start, end and its text', async () => {
    // Over 64 K characters of WKT written as it is in the JSON: the engine's fix keeps parts of the body.
    const { wkt, deduped } = repeatedPointsWkt(40, 200);
    const body = JSON.stringify({ fields: [{ clientName: 'C', farmName: 'F', name: 'N', boundary: wkt }] });
    const diagnostics = await checkFieldUpload(body);
    const edits = diagnostics.find((d) => d.code === 'GEO012' && d.fix)?.fix?.edits ?? [];
    expect(edits.length).toBeGreaterThan(1);
    for (const e of edits) expect(Object.keys(e)).toEqual(['start', 'end', 'text']);
    let fixed = body;
    for (const e of [...edits].sort((a, b) => b.start - a.start))
      fixed = fixed.slice(0, e.start) + (e.text ?? '') + fixed.slice(e.end);
    expect((JSON.parse(fixed) as { fields: { boundary: string }[] }).fields[0]?.boundary).toBe(deduped);
  });
});
