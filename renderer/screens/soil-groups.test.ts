import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate } from '../../core/index.ts';
import { soilProblemGroups, type ModusSummary } from './soil-groups.ts';

describe('a soil test’s problems by sample and depth', () => {
  it('puts each problem at its sample and depth, the file’s own first', async () => {
    const path = new URL(
      '../../test/corpus/derived/batches/samples-shifted/mistake/soil.xml',
      import.meta.url,
    );
    const report = await validate([{ name: 'soil.xml', bytes: readFileSync(path) }]);
    const file = report.files[0]!;
    const summary = file.summary?.type === 'modus' ? (file.summary as ModusSummary) : undefined;
    const groups = soilProblemGroups(file.diagnostics, file.features ?? [], summary);

    // Every problem in exactly one group.
    expect(groups.flatMap((g) => g.diagnostics).length).toBe(file.diagnostics.length);
    // The DepthRef's unit ("in") is the file's; a result's unit under sample 1's first depth is there.
    expect(groups[0]?.title).toBe('The file, its events and depths');
    expect(groups[0]?.diagnostics.map((d) => d.code)).toContain('MSV007');
    expect(groups[1]).toMatchObject({ title: 'Sample 1, depth 0 - 8 in', feature: 0, depthId: '1' });
    expect(groups[1]?.diagnostics.every((d) => d.location.feature === 0)).toBe(true);
    expect(groups[1]?.diagnostics.map((d) => d.code)).toContain('MSV009');
    // One group per sample and depth, in the file's order.
    const features = groups.slice(1).map((g) => g.feature);
    expect(features).toEqual([...features].sort((a, b) => a! - b!));
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);

    // A big file's page holds some of its features only: each problem is still at its own sample.
    const some = (file.features ?? []).filter((f) => f.id % 2 === 1);
    const third = soilProblemGroups(
      file.diagnostics.filter((d) => d.location.feature === 2),
      some.concat((file.features ?? []).filter((f) => f.id === 2)),
      summary,
    );
    expect(third.map((g) => g.title)).toEqual(['Sample 3, depth 0 - 8 in']);
  });
});
