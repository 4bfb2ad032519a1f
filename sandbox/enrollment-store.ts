/**
 * The stored enrollments with the indexes every version 5 request needs, so no request scans the store:
 *
 * - by id (case-insensitive, as the service compares ids): get, update, remove;
 * - by natural key (type, program or experiment and location, temporal entity ids): the duplicate check of
 *   assumption A19;
 * - by list target (type and experimentProtocolId or experimentId), in creation order: list pages.
 *
 * Each enrollment keeps the sequence number of its creation; lists are ordered by it (as the whole store is),
 * and a page continues after the last sequence number of the page before it, so a removal between two pages
 * neither skips nor repeats a record.
 */
import type {
  EnrollmentByLocation,
  EnrollmentByProgram,
  EnrollmentType,
  TemporalEntity,
} from './api-types.ts';

export type StoredEnrollment =
  { type: 'program'; record: EnrollmentByProgram } | { type: 'location'; record: EnrollmentByLocation };

interface Entry {
  enrollment: StoredEnrollment;
  seq: number;
}

/** One list target's enrollments: sequence numbers ascending, with their ids. */
interface TargetList {
  seqs: number[];
  ids: string[];
}

export interface EnrollmentPage {
  records: StoredEnrollment[];
  /** The sequence number to continue after, when more enrollments follow. */
  next?: number;
}

const lower = (id: string): string => id.toLowerCase();

function temporalKey(t: TemporalEntity): string {
  return t.dimensionality === 'INDIVIDUAL'
    ? `INDIVIDUAL|${lower(t.id)}`
    : `INTERVAL|${lower(t.startId)}|${lower(t.endId)}`;
}

/** What makes two enrollments duplicates (A19): the same target and the same temporal entity ids. */
function naturalKeyOf(e: StoredEnrollment): string {
  return e.type === 'program'
    ? `program|${lower(e.record.experimentProtocolId)}|${temporalKey(e.record.temporalEntity)}`
    : `location|${lower(e.record.experimentId)}|${lower(e.record.locationId)}|${temporalKey(e.record.temporalEntity)}`;
}

/** The list an enrollment appears in: by program, or by experiment for enrollments by location. */
function listKey(type: EnrollmentType, target: string): string {
  return `${type}|${lower(target)}`;
}

function listKeyOf(e: StoredEnrollment): string {
  return e.type === 'program'
    ? listKey('program', e.record.experimentProtocolId)
    : listKey('location', e.record.experimentId);
}

/** The index of the first element of the ascending `seqs` greater than `after`. */
function firstAfter(seqs: readonly number[], after: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((seqs[mid] as number) <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class EnrollmentStore {
  private readonly byId = new Map<string, Entry>();
  private readonly byNaturalKey = new Map<string, Set<string>>();
  private readonly byList = new Map<string, TargetList>();
  private nextSeq = 0;

  get size(): number {
    return this.byId.size;
  }

  get(id: string): StoredEnrollment | undefined {
    return this.byId.get(lower(id))?.enrollment;
  }

  /** Every enrollment, in creation order. */
  *values(): IterableIterator<StoredEnrollment> {
    for (const entry of this.byId.values()) yield entry.enrollment;
  }

  /** Add an enrollment, or replace the one with its id (which keeps its place in every list). */
  put(enrollment: StoredEnrollment): void {
    const id = lower(enrollment.record.id);
    const existing = this.byId.get(id);
    if (!existing) {
      const entry = { enrollment, seq: this.nextSeq++ };
      this.byId.set(id, entry);
      this.addNatural(id, naturalKeyOf(enrollment));
      this.addToList(id, entry.seq, listKeyOf(enrollment));
      return;
    }
    const [naturalBefore, naturalNow] = [naturalKeyOf(existing.enrollment), naturalKeyOf(enrollment)];
    if (naturalBefore !== naturalNow) {
      this.removeNatural(id, naturalBefore);
      this.addNatural(id, naturalNow);
    }
    const [listBefore, listNow] = [listKeyOf(existing.enrollment), listKeyOf(enrollment)];
    if (listBefore !== listNow) {
      this.removeFromList(existing.seq, listBefore);
      this.addToList(id, existing.seq, listNow);
    }
    existing.enrollment = enrollment;
  }

  delete(id: string): boolean {
    const key = lower(id);
    const entry = this.byId.get(key);
    if (!entry) return false;
    this.removeNatural(key, naturalKeyOf(entry.enrollment));
    this.removeFromList(entry.seq, listKeyOf(entry.enrollment));
    this.byId.delete(key);
    return true;
  }

  /** Another enrollment with the candidate's natural key (not the candidate itself), the oldest first. */
  duplicateOf(candidate: StoredEnrollment): StoredEnrollment | undefined {
    const ids = this.byNaturalKey.get(naturalKeyOf(candidate));
    if (!ids) return undefined;
    const self = lower(candidate.record.id);
    let oldest: Entry | undefined;
    for (const id of ids) {
      if (id === self) continue;
      const entry = this.byId.get(id);
      if (entry && (!oldest || entry.seq < oldest.seq)) oldest = entry;
    }
    return oldest?.enrollment;
  }

  /** How many enrollments of the type the list of `target` holds. */
  count(type: EnrollmentType, target: string): number {
    return this.byList.get(listKey(type, target))?.ids.length ?? 0;
  }

  /** Up to `limit` enrollments of the list of `target`, in creation order, after sequence number `after`. */
  page(type: EnrollmentType, target: string, after: number | undefined, limit: number): EnrollmentPage {
    const list = this.byList.get(listKey(type, target));
    if (!list) return { records: [] };
    const start = after === undefined ? 0 : firstAfter(list.seqs, after);
    const end = Math.min(list.ids.length, start + limit);
    const records: StoredEnrollment[] = [];
    for (let i = start; i < end; i++) {
      const entry = this.byId.get(list.ids[i] as string);
      if (entry) records.push(entry.enrollment);
    }
    return end < list.ids.length ? { records, next: list.seqs[end - 1] as number } : { records };
  }

  private addNatural(id: string, natural: string): void {
    let same = this.byNaturalKey.get(natural);
    if (!same) this.byNaturalKey.set(natural, (same = new Set()));
    same.add(id);
  }

  private removeNatural(id: string, natural: string): void {
    const same = this.byNaturalKey.get(natural);
    if (!same) return;
    same.delete(id);
    if (same.size === 0) this.byNaturalKey.delete(natural);
  }

  private addToList(id: string, seq: number, key: string): void {
    let list = this.byList.get(key);
    if (!list) this.byList.set(key, (list = { seqs: [], ids: [] }));
    const last = list.seqs[list.seqs.length - 1];
    if (last === undefined || last < seq) {
      // A new enrollment: the newest of its list.
      list.seqs.push(seq);
      list.ids.push(id);
    } else {
      // An update that moved an older enrollment to this list: its place is by its creation.
      const at = firstAfter(list.seqs, seq);
      list.seqs.splice(at, 0, seq);
      list.ids.splice(at, 0, id);
    }
  }

  private removeFromList(seq: number, key: string): void {
    const list = this.byList.get(key);
    if (!list) return;
    const at = firstAfter(list.seqs, seq) - 1;
    if (at >= 0 && list.seqs[at] === seq) {
      list.seqs.splice(at, 1);
      list.ids.splice(at, 1);
    }
    if (list.ids.length === 0) this.byList.delete(key);
  }
}
