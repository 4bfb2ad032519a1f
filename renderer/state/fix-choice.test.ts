import { describe, expect, it } from 'vitest';
import { applyFileChanges, validate, type BatchChange } from '../../core/index.ts';
import { fixChoiceOf } from './batch.tsx';

const csv = [
  'clientName,farmName,name,boundary',
  'Smith Farms,Home Farm,North 40,"POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))"',
  'Smith Farms,Home Farm,Bow Tie,"POLYGON ((-93.65 42.01, -93.64 42.02, -93.64 42.01, -93.65 42.02, -93.65 42.01))"',
  '',
].join('\n');

async function diagnostics(name: string, text: string) {
  const report = await validate([{ name, bytes: new TextEncoder().encode(text) }]);
  return report.files[0]!.diagnostics;
}

describe('a fix chosen on one problem', () => {
  it('names a CSV problem by its row and column, which an edit of another row does not move', async () => {
    const bowTie = (await diagnostics('fields.csv', csv)).find((d) => d.code === 'GEO004')!;
    const choice = fixChoiceOf(bowTie, 'unsafe');
    expect(choice).toEqual({ code: 'GEO004', safety: 'unsafe', at: { row: 2, field: 'boundary' } });
    // An edit made before it shifts every offset after row 1; the fix still finds its problem.
    const changes: BatchChange[] = [
      { type: 'cell', row: 1, column: 2, value: 'North 40 with a much longer name' },
      { type: 'fix', fix: choice },
    ];
    const changed = await applyFileChanges({
      name: 'fields.csv',
      bytes: new TextEncoder().encode(csv),
      changes,
    });
    expect(changed.problem).toBeUndefined();
    const text = new TextDecoder().decode(changed.bytes);
    expect(text).toContain('North 40 with a much longer name');
    expect(text).toContain('Bow Tie,"MULTIPOLYGON');
  });

  it('names a problem of a file without rows by its offset', async () => {
    const wkt = 'POLYGON ((-93.2 45.1, -93.19 45.1, -93.19 45.1, -93.19 45.11, -93.2 45.1))\n';
    const repeated = (await diagnostics('one.wkt', wkt)).find((d) => d.code === 'GEO012')!;
    const choice = fixChoiceOf(repeated, 'safe');
    expect(choice).toMatchObject({ code: 'GEO012', safety: 'safe' });
    expect('at' in choice && choice.at.offset).toBe(repeated.location.range!.start.offset);
  });
});
