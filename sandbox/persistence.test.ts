/**
 * The state file and its changes: a change appends one line and leaves the state file alone; a restart
 * replays the lines; the changes are folded into the state file once they outgrow it; a crash's leftovers
 * (a line cut short, lines a compaction had folded in already) are recognised; damage is reported.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changesFileOf, openStateFile, readSavedState, type StateFileOptions } from './persistence.ts';
import { buildSeed } from './seed.ts';
import { SandboxState, StateFormatError, type StoredEnrollment } from './state.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldgate-persistence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const seed = buildSeed(42);
const now = new Date('2025-03-01T09:30:12.345Z');
let files = 0;

/** A state saved to a new file, with a function that saves its changes. */
async function savedState(options: StateFileOptions = {}): Promise<{
  file: string;
  state: SandboxState;
  save(): Promise<void>;
  close(): Promise<void>;
}> {
  const file = join(dir, `state-${++files}.json`);
  const { data, writer } = await openStateFile(file, options);
  expect(data).toBeUndefined();
  const state = SandboxState.initial(seed, now);
  const save = async (): Promise<void> => {
    writer.schedule(state);
    await writer.flush();
  };
  await save();
  return { file, state, save, close: () => writer.close() };
}

async function reopen(file: string): Promise<SandboxState> {
  const { data, writer } = await openStateFile(file);
  await writer.close();
  return SandboxState.fromData(seed, data);
}

function created(state: SandboxState, season = crypto.randomUUID()): StoredEnrollment {
  const enrollment: StoredEnrollment = {
    type: 'program',
    record: {
      id: state.newId(),
      createdAt: '2025-03-01T09:30:12.345',
      updatedAt: '2025-03-01T09:30:12.345',
      dataLegitimacy: 'LEGITIMATE',
      enrollmentStatus: 'APPROVED',
      itemStatus: 'ACTIVE',
      experimentProtocolId: seed.experimentProtocols[0]!.id,
      temporalEntity: { dimensionality: 'INDIVIDUAL', id: season, temporalPeriodTypeName: 'GrowingSeason' },
    },
  };
  state.putEnrollment(enrollment);
  state.changed('enrollments');
  return enrollment;
}

const lines = (file: string): string[] =>
  readFileSync(changesFileOf(file), 'utf8').split('\n').filter(Boolean);
const storedIds = (state: SandboxState): string[] => [...state.enrollments.values()].map((e) => e.record.id);

describe('the sandbox state file', () => {
  it('appends each change as one line and leaves the state file as it was', async () => {
    const { file, state, save, close } = await savedState({ durable: true });
    const before = readFileSync(file);
    const one = created(state);
    await save();
    const two = created(state);
    await save();
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(lines(file)).toHaveLength(2);
    expect(JSON.parse(lines(file)[1]!)).toMatchObject({ put: [two], removed: [] });
    await close();
    expect(readSavedState(file)?.enrollments.map((e) => e.record.id)).toEqual([
      ...storedIds(state).slice(0, 2),
      one.record.id,
      two.record.id,
    ]);
  });

  it('replays creates, updates, removals and other changes in order, and goes on with the id stream', async () => {
    const { file, state, save, close } = await savedState();
    const a = created(state);
    const b = created(state);
    await save();
    const c = created(state);
    const moved: StoredEnrollment = {
      type: 'program',
      record: { ...a.record, experimentProtocolId: seed.experimentProtocols[1]!.id },
    };
    state.putEnrollment(moved);
    state.removeEnrollment(b.record.id);
    state.changed('enrollments');
    state.newSharingKey(['North 40'], now);
    state.changed();
    await save();
    await close();

    const again = await reopen(file);
    expect(storedIds(again)).toEqual(storedIds(state));
    expect(again.enrollments.get(a.record.id)).toEqual(moved);
    expect(again.enrollments.get(b.record.id)).toBeUndefined();
    expect(again.enrollments.page('program', seed.experimentProtocols[1]!.id, undefined, 10).records).toEqual(
      [moved],
    );
    expect(again.sharingKeys.size).toBe(state.sharingKeys.size);
    expect(again.ids.state).toEqual(state.ids.state);
    expect(again.newId()).toBe(state.newId());
    expect(storedIds(again)).toContain(c.record.id);
  });

  it('writes the whole state again once the changes outgrow it, and empties the changes', async () => {
    const { file, state, save, close } = await savedState({ compactAfterBytes: 4000 });
    const generationOf = (): number =>
      (JSON.parse(readFileSync(file, 'utf8')) as { generation: number }).generation;
    const first = generationOf();
    for (let i = 0; i < 30; i++) {
      created(state);
      await save();
    }
    expect(generationOf()).toBeGreaterThan(first);
    expect(readFileSync(changesFileOf(file), 'utf8').length).toBeLessThan(4000);
    await close();
    expect(storedIds(await reopen(file))).toEqual(storedIds(state));
  });

  it('drops a line a crash cut short, and writes the next line after the last whole one', async () => {
    const { file, state, save, close } = await savedState();
    const kept = created(state);
    await save();
    await close();
    appendFileSync(changesFileOf(file), '{"generation":1,"ids":[1,2,3,4],"put":[{"type":"prog');

    const { data, writer } = await openStateFile(file);
    const again = SandboxState.fromData(seed, data);
    expect(storedIds(again)).toEqual(storedIds(state));
    const next = created(again);
    writer.schedule(again);
    await writer.close();
    expect(lines(file).map((l) => JSON.parse(l) as unknown)).toHaveLength(2);
    expect(storedIds(await reopen(file))).toEqual([...storedIds(state), next.record.id]);
    expect(storedIds(await reopen(file))).toContain(kept.record.id);
  });

  it('skips lines that a compaction stopped by a crash had already written into the state file', async () => {
    const { file, state, save, close } = await savedState();
    const gone = created(state);
    await save();
    await close();
    const staleLines = readFileSync(changesFileOf(file), 'utf8');
    expect(staleLines).toContain(gone.record.id);
    // The next changes outgrow the state file, so they are written with it, as its next generation without
    // `gone`, and the changes file is emptied.
    const { data, writer } = await openStateFile(file, { compactAfterBytes: 1 });
    const later = SandboxState.fromData(seed, data);
    later.removeEnrollment(gone.record.id);
    for (let i = 0; i < 20; i++) created(later);
    writer.schedule(later);
    await writer.close();
    expect(readFileSync(changesFileOf(file), 'utf8')).toBe('');
    // A crash between the two steps leaves the older lines: replayed, they would bring `gone` back.
    writeFileSync(changesFileOf(file), staleLines);
    const again = await reopen(file);
    expect(again.enrollments.get(gone.record.id)).toBeUndefined();
    expect(storedIds(again)).toEqual(storedIds(later));
  });

  it('says which line is damaged and what to do', async () => {
    const { file, state, save, close } = await savedState();
    created(state);
    await save();
    created(state);
    await save();
    await close();
    const [first, second] = lines(file);
    writeFileSync(changesFileOf(file), `${first!.slice(0, 20)}#\n${second}\n`);
    await expect(openStateFile(file)).rejects.toThrow(StateFormatError);
    await expect(openStateFile(file)).rejects.toThrow(`line 1 of ${changesFileOf(file)} is damaged (`);
  });

  it('reads a state file of version 1 (no changes file) and goes on from it', async () => {
    const file = join(dir, 'version-1.json');
    const state = SandboxState.initial(seed, now);
    writeFileSync(file, JSON.stringify({ ...state.toData(), version: 1 }));
    const { data, writer } = await openStateFile(file);
    const again = SandboxState.fromData(seed, data);
    const added = created(again);
    writer.schedule(again);
    await writer.close();
    expect(storedIds(await reopen(file))).toEqual([...storedIds(state), added.record.id]);
  });
});
