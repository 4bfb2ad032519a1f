/**
 * The README's library examples (its ```ts blocks) as written: each call runs with the names it leaves free
 * bound to a bundled example (`bytes`, `inputs`, `signal`), and what its comments say comes back does.
 * (The command lines are readme-commands.test.ts's.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkFieldUploadText,
  checkSampleDate,
  checkServiceRequest,
  fix,
  runEngine,
  validate,
  type EngineEvent,
} from '../../core/index.ts';
import { validate as validateWkt } from '../../core/entries/wkt.ts';
import { repoRoot } from './cli-helpers.ts';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const allBlocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
// The engine's block and the checks' block; the fieldgate/node block needs files and a service, and runs in
// test/package/packed-consumer.test.ts.
const blocks = [
  allBlocks.find((b) => b.includes("from 'fieldgate';") && b.includes('runEngine')) ?? '',
  allBlocks.find((b) => b.includes('checkSampleDate')) ?? '',
];
const bytes = new Uint8Array(readFileSync(join(repoRoot, 'examples/fields/fields-with-problems.json')));

describe("the README's library examples", () => {
  it('are the blocks this test runs, and the node one it leaves to the packed-package test', () => {
    expect(allBlocks).toHaveLength(4);
    expect(allBlocks.filter((b) => b.includes("from 'fieldgate/node';"))).toHaveLength(1);
    expect(blocks[0]).toContain("import { validate, fix, runEngine } from 'fieldgate';");
    expect(blocks[1]).toContain(
      "import { checkSampleDate, checkServiceRequest, checkFieldUploadText } from 'fieldgate';",
    );
    expect(typeof checkFieldUploadText).toBe('function');
  });

  it('validate, fix and runEngine run as the first block calls them, with what its comments name', async () => {
    expect(blocks[0]).toContain(
      "const report = await validate([{ name: 'fields.json', bytes }], { now: new Date() });",
    );
    const report = await validate([{ name: 'fields.json', bytes }], { now: new Date() });
    // "report.files[0].features: GeoJSON of what was checked; every diagnostic has an id ("d3") and, for
    // geometry, location.feature"
    expect(report.files[0]?.features?.[0]?.type).toBe('Feature');
    expect(report.diagnostics.some((d) => d.location.feature !== undefined)).toBe(true);
    const ids = report.diagnostics.map((d) => d.id);
    expect(ids).toContain('d3');
    expect(blocks[0]).toContain(
      "const withFix = report.diagnostics.filter((d) => d.fix?.safety === 'safe');",
    );
    expect(blocks[0]).toContain(
      "const fixed = await fix({ name: 'fields.json', bytes }, { ids: withFix, safety: 'safe' }, { now: new Date() });",
    );
    const withFix = report.diagnostics.filter((d) => d.fix?.safety === 'safe');
    expect(withFix.length).toBeGreaterThan(0);
    const fixed = await fix(
      { name: 'fields.json', bytes },
      { ids: withFix, safety: 'safe' },
      { now: new Date() },
    );
    // "its fix is applied only where that diagnostic still is": each chosen one applied, none refused.
    expect(fixed.report.files[0]?.fixes?.applied.length).toBe(withFix.length);
    expect(fixed.report.files[0]?.fixes?.notApplied).toEqual([]);
    expect(fixed).toBeDefined();
    expect(blocks[0]).toContain('for await (const event of runEngine(inputs, { signal })) {');
    const inputs = [{ name: 'fields.json', bytes }];
    const signal = new AbortController().signal;
    const types = new Set<EngineEvent['type']>();
    for await (const event of runEngine(inputs, { signal })) types.add(event.type);
    // "file-started, progress (bytes, records, features), diagnostics, file-done, then the report"
    for (const type of ['file-started', 'diagnostics', 'file-done', 'report'] as const) {
      expect(blocks[0]).toContain(type);
      expect(types).toContain(type);
    }
  });

  it('checkSampleDate returns what the second block says it does', () => {
    const [d, ...rest] = checkSampleDate('2024-05-01T10:00:00Z', { now: new Date() });
    expect(rest).toEqual([]);
    // The comment, its `//` and line breaks taken out.
    const comment = blocks[1]!
      .split('\n')
      .filter((l) => l.trimStart().startsWith('//'))
      .map((l) => l.replace(/^\s*\/\/\s*(→\s*)?/, ''))
      .join(' ');
    expect(comment).toContain(
      `code: '${d!.code}', rule: '${d!.rule}', severity: '${d!.severity}', message: '${d!.message}'`,
    );
    expect(comment).toContain(`fix: { safety: '${d!.fix!.safety}', after: '${d!.fix!.after}'`);
  });

  it('checkServiceRequest takes the request the second block gives it', () => {
    const diagnostics = checkServiceRequest({
      method: 'POST',
      path: '/v5/enrollments',
      headers: { 'x-enrollment-type': 'program' },
      body: { experimentProtocolId: 'nope', temporalEntity: { dimensionality: 'INDIVIDUAL', id: '…' } },
    });
    expect(blocks[1]).toContain(
      "body: { experimentProtocolId: 'nope', temporalEntity: { dimensionality: 'INDIVIDUAL', id: '…' } },",
    );
    // A program that is not a uuid is an error of its own.
    expect(diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('fieldgate/wkt validates .wkt files as the third block says, and lists any other file unreadable', async () => {
    const block = allBlocks.find((b) => b.includes("from 'fieldgate/wkt';")) ?? '';
    expect(block).toContain("import { validate } from 'fieldgate/wkt';");
    expect(block).toContain("await validate([{ name: 'boundaries.wkt', bytes }], { now: new Date() });");
    expect(block).toContain('// any file other than .wkt is listed in wktReport.unreadable');
    const wkt = new Uint8Array(readFileSync(join(repoRoot, 'examples/fields/boundaries.wkt')));
    const wktReport = await validateWkt(
      [
        { name: 'boundaries.wkt', bytes: wkt },
        { name: 'fields.json', bytes },
      ],
      { now: new Date() },
    );
    expect(wktReport.files.map((f) => f.file)).toEqual(['boundaries.wkt']);
    expect(wktReport.unreadable.map((u) => u.name)).toEqual(['fields.json']);
  });
});
