import { describe, expect, it } from 'vitest';
import { EnrollmentStore, type StoredEnrollment } from './enrollment-store.ts';

const PROGRAM_A = 'aaaaaaaa-0000-4000-8000-000000000001';
const PROGRAM_B = 'aaaaaaaa-0000-4000-8000-000000000002';
const EXPERIMENT = 'eeeeeeee-0000-4000-8000-000000000001';
const LOCATION = '11111111-0000-4000-8000-000000000001';

let ids = 0;
const nextId = (): string => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
const common = {
  createdAt: '2025-03-01T09:30:12.345',
  updatedAt: '2025-03-01T09:30:12.345',
  dataLegitimacy: 'LEGITIMATE',
  enrollmentStatus: 'APPROVED',
  itemStatus: 'ACTIVE',
};

function program(protocol: string, season: string, id = nextId()): StoredEnrollment {
  return {
    type: 'program',
    record: {
      id,
      ...common,
      experimentProtocolId: protocol,
      temporalEntity: { dimensionality: 'INDIVIDUAL', id: season, temporalPeriodTypeName: 'GrowingSeason' },
    },
  };
}

function location(season: string, id = nextId()): StoredEnrollment {
  return {
    type: 'location',
    record: {
      id,
      ...common,
      experimentId: EXPERIMENT,
      experimentLocationStatus: 'NOMINATED',
      locationId: LOCATION,
      temporalEntity: {
        dimensionality: 'INTERVAL',
        startId: season,
        endId: season,
        temporalPeriodTypeName: 'GrowingSeason',
      },
    },
  };
}

const season = (n: number): string => `5easo000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const idsOf = (page: { records: StoredEnrollment[] }): string[] => page.records.map((e) => e.record.id);

describe('EnrollmentStore', () => {
  it('finds an enrollment by its id in any case', () => {
    const store = new EnrollmentStore();
    const e = program(PROGRAM_A, season(1), 'ABCDEF00-0000-4000-8000-000000000001');
    store.put(e);
    expect(store.get('abcdef00-0000-4000-8000-000000000001')).toBe(e);
    expect(store.get(nextId())).toBeUndefined();
    expect(store.size).toBe(1);
  });

  it('finds the duplicate by target and temporal entity ids, never the enrollment itself, the oldest first', () => {
    const store = new EnrollmentStore();
    const first = program(PROGRAM_A, season(1));
    store.put(first);
    expect(store.duplicateOf(first)).toBeUndefined();
    // The same program and season, ids in another case: a duplicate.
    const again = program(PROGRAM_A.toUpperCase(), season(1).toUpperCase());
    expect(store.duplicateOf(again)).toBe(first);
    // Another season, another program, another type: none.
    expect(store.duplicateOf(program(PROGRAM_A, season(2)))).toBeUndefined();
    expect(store.duplicateOf(program(PROGRAM_B, season(1)))).toBeUndefined();
    expect(store.duplicateOf(location(season(1)))).toBeUndefined();
    // Stored anyway (duplicateEnrollments: 'allow'): the older one is named.
    store.put(again);
    expect(store.duplicateOf(program(PROGRAM_A, season(1)))).toBe(first);
    // An update to another season takes the enrollment out of its old key.
    store.put(program(PROGRAM_A, season(3), first.record.id));
    expect(store.duplicateOf(program(PROGRAM_A, season(1)))).toBe(again);
    expect(store.duplicateOf(program(PROGRAM_A, season(3)))?.record.id).toBe(first.record.id);
    store.delete(again.record.id);
    expect(store.duplicateOf(program(PROGRAM_A, season(1)))).toBeUndefined();
    // Enrollments by location: the same experiment, location and interval.
    const here = location(season(4));
    store.put(here);
    expect(store.duplicateOf(location(season(4)))).toBe(here);
  });

  it('pages a list in creation order; a removal between pages neither skips nor repeats', () => {
    const store = new EnrollmentStore();
    const all = Array.from({ length: 7 }, (_, i) => program(PROGRAM_A, season(i)));
    for (const e of all) store.put(e);
    store.put(program(PROGRAM_B, season(99)));
    expect(store.count('program', PROGRAM_A.toUpperCase())).toBe(7);
    const first = store.page('program', PROGRAM_A, undefined, 3);
    expect(idsOf(first)).toEqual(all.slice(0, 3).map((e) => e.record.id));
    expect(first.next).toBeDefined();
    // The first record of the list goes away: an offset would now skip all[3].
    store.delete(all[0]!.record.id);
    const second = store.page('program', PROGRAM_A, first.next, 3);
    expect(idsOf(second)).toEqual(all.slice(3, 6).map((e) => e.record.id));
    const last = store.page('program', PROGRAM_A, second.next, 3);
    expect(idsOf(last)).toEqual([all[6]!.record.id]);
    expect(last.next).toBeUndefined();
    // A list with no enrollments, and one of the other type.
    expect(store.page('program', nextId(), undefined, 100)).toEqual({ records: [] });
    expect(store.page('location', PROGRAM_A, undefined, 100).records).toEqual([]);
  });

  it('keeps an updated enrollment in its place, and places one moved to another list by its creation', () => {
    const store = new EnrollmentStore();
    const a1 = program(PROGRAM_A, season(1));
    const b1 = program(PROGRAM_B, season(2));
    const a2 = program(PROGRAM_A, season(3));
    const b2 = program(PROGRAM_B, season(4));
    for (const e of [a1, b1, a2, b2]) store.put(e);
    store.put(program(PROGRAM_A, season(5), a1.record.id));
    expect(idsOf(store.page('program', PROGRAM_A, undefined, 10))).toEqual([a1.record.id, a2.record.id]);
    // b1 was created between a1 and a2: it joins list A between them.
    store.put(program(PROGRAM_A, season(6), b1.record.id));
    expect(idsOf(store.page('program', PROGRAM_A, undefined, 10))).toEqual([
      a1.record.id,
      b1.record.id,
      a2.record.id,
    ]);
    expect(idsOf(store.page('program', PROGRAM_B, undefined, 10))).toEqual([b2.record.id]);
    expect([...store.values()].map((e) => e.record.id)).toEqual([a1, b1, a2, b2].map((e) => e.record.id));
  });
});
