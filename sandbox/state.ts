/**
 * The sandbox's in-memory state: enrollments (indexed, `enrollment-store.ts`), experiments, sharing keys, the
 * data inbox and its notifications. Plain data, serialisable to JSON for `--data file`. Ids come from a seeded
 * stream whose position is saved with the state, so a restarted sandbox never hands out an id twice.
 *
 * The state notes what changed since the last save (the enrollments put or removed, whether anything else
 * changed), so the state file grows by one line per change instead of being written whole
 * (`persistence.ts`).
 */
import type { Experiment, InboxItem, Notification, SharingKey } from './api-types.ts';
import { EnrollmentStore, type StoredEnrollment } from './enrollment-store.ts';
import { Prng, type PrngState } from './prng.ts';
import { seededExperiment, sharingKeyText, v5Timestamp, type SeedData } from './seed.ts';

export type { StoredEnrollment } from './enrollment-store.ts';

export interface SharingKeyRecord {
  key: string;
  grower: string;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
  fieldNames: string[];
}

export interface StateData {
  format: 'fieldgate-sandbox-state';
  /** 1: the whole state in one file; 2: the same, and the changes since then in FILE.changes. */
  version: 1 | 2;
  seed: number;
  ids: PrngState;
  enrollments: StoredEnrollment[];
  experiments: Experiment[];
  sharingKeys: SharingKeyRecord[];
  inbox: InboxItem[];
  notifications: Notification[];
}

/** Everything but the enrollments: small, saved whole when any of it changed. */
export type OtherStateData = Pick<StateData, 'experiments' | 'sharingKeys' | 'inbox' | 'notifications'>;

/** What changed since the last save. */
export interface StateChanges {
  /** The state was replaced (a new or reset sandbox): save it whole. */
  whole: boolean;
  /** Enrollments put since the last save, in the order of their first change. */
  put: StoredEnrollment[];
  /** Ids of enrollments removed since the last save. */
  removed: string[];
  /** Experiments, sharing keys, inbox and notifications, when any of them changed. */
  other?: OtherStateData;
  ids: PrngState;
}

const DAY_MS = 86_400_000;

/** One year of validity, as the spec says for sharing keys. */
function oneYearAfter(date: Date): Date {
  const end = new Date(date.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export class StateFormatError extends Error {}

export class SandboxState {
  readonly enrollments = new EnrollmentStore();
  readonly experiments = new Map<string, Experiment>();
  readonly sharingKeys = new Map<string, SharingKeyRecord>();
  readonly inbox = new Map<string, InboxItem>();
  readonly notifications: Notification[] = [];
  ids: Prng;
  private readonly listeners: Array<() => void> = [];
  /** Enrollments changed since the last save: the record put, or null when removed. */
  private readonly changedEnrollments = new Map<string, StoredEnrollment | null>();
  private otherChanged = false;
  /** A state not read from a file is saved whole first. */
  private wholeChanged: boolean;

  private constructor(
    readonly seed: SeedData,
    ids: Prng,
    fromFile: boolean,
  ) {
    this.ids = ids;
    this.wholeChanged = !fromFile;
  }

  /** The state a fresh sandbox starts with: one experiment, two enrollments, four sharing keys. */
  static initial(seed: SeedData, now: Date): SandboxState {
    const state = new SandboxState(seed, Prng.stream(seed.seed, 'ids'), false);
    const experiment = seededExperiment(seed, state.newId(), now);
    state.experiments.set(experiment.id, experiment);
    const at = v5Timestamp(now);
    const [protocol] = seed.experimentProtocols;
    const [season2024, season2025] = seed.temporalPeriods;
    const [location] = seed.locations;
    if (!protocol || !season2024 || !season2025 || !location) throw new Error('seed data is incomplete');
    state.putEnrollment({
      type: 'program',
      record: {
        id: state.newId(),
        createdAt: at,
        updatedAt: at,
        dataLegitimacy: 'LEGITIMATE',
        enrollmentStatus: 'APPROVED',
        experimentProtocolId: protocol.id,
        itemStatus: 'ACTIVE',
        temporalEntity: {
          dimensionality: 'INDIVIDUAL',
          id: season2024.id,
          temporalPeriodTypeName: 'GrowingSeason',
        },
      },
    });
    state.putEnrollment({
      type: 'location',
      record: {
        id: state.newId(),
        createdAt: at,
        updatedAt: at,
        dataLegitimacy: 'LEGITIMATE',
        enrollmentStatus: 'APPROVED',
        itemStatus: 'ACTIVE',
        experimentId: experiment.id,
        experimentLocationStatus: 'NOMINATED',
        locationId: location.id,
        temporalEntity: {
          dimensionality: 'INDIVIDUAL',
          id: season2025.id,
          temporalPeriodTypeName: 'GrowingSeason',
        },
      },
    });
    const t = now.getTime();
    const key = (createdDaysAgo: number, fieldNames: string[], revokedDaysAgo?: number): void => {
      const record = state.newSharingKey(fieldNames, new Date(t - createdDaysAgo * DAY_MS));
      if (revokedDaysAgo !== undefined)
        record.revokedAt = new Date(t - revokedDaysAgo * DAY_MS).toISOString();
    };
    const [firstField] = seed.grower.fieldNames;
    key(30, [...seed.grower.fieldNames]);
    key(10, firstField ? [firstField] : []);
    key(400, [...seed.grower.fieldNames]);
    key(60, [...seed.grower.fieldNames], 5);
    return state;
  }

  static fromData(seed: SeedData, data: unknown): SandboxState {
    const d = data as Partial<StateData> | null;
    if (
      !d ||
      typeof d !== 'object' ||
      d.format !== 'fieldgate-sandbox-state' ||
      (d.version !== 1 && d.version !== 2)
    ) {
      throw new StateFormatError(
        'not a Fieldgate sandbox state file (format "fieldgate-sandbox-state", version 1 or 2)',
      );
    }
    if (d.seed !== seed.seed) {
      throw new StateFormatError(`the state file was made with seed ${String(d.seed)}, not ${seed.seed}`);
    }
    if (!Array.isArray(d.ids) || d.ids.length !== 4 || !d.ids.every((n) => Number.isInteger(n))) {
      throw new StateFormatError('the state file has no id stream position');
    }
    const state = new SandboxState(seed, new Prng(d.ids), true);
    for (const e of d.enrollments ?? []) state.enrollments.put(e);
    for (const e of d.experiments ?? []) state.experiments.set(e.id, e);
    for (const k of d.sharingKeys ?? []) state.sharingKeys.set(k.key, k);
    for (const i of d.inbox ?? []) state.inbox.set(i.id, i);
    state.notifications.push(...(d.notifications ?? []));
    return state;
  }

  toData(): StateData {
    return {
      format: 'fieldgate-sandbox-state',
      version: 2,
      seed: this.seed.seed,
      ids: this.ids.state,
      enrollments: [...this.enrollments.values()],
      ...this.otherData(),
    };
  }

  private otherData(): OtherStateData {
    return {
      experiments: [...this.experiments.values()],
      sharingKeys: [...this.sharingKeys.values()],
      inbox: [...this.inbox.values()],
      notifications: [...this.notifications],
    };
  }

  /** What changed since the last call (persistence saves it), forgetting it. */
  takeChanges(): StateChanges {
    const put: StoredEnrollment[] = [];
    const removed: string[] = [];
    for (const [id, enrollment] of this.changedEnrollments) {
      if (enrollment) put.push(enrollment);
      else removed.push(id);
    }
    const changes: StateChanges = { whole: this.wholeChanged, put, removed, ids: this.ids.state };
    if (this.otherChanged) changes.other = this.otherData();
    this.changedEnrollments.clear();
    this.otherChanged = false;
    this.wholeChanged = false;
    return changes;
  }

  newId(): string {
    return this.ids.uuid();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Call after every mutation: persistence listens. Enrollments changed through `putEnrollment` and
   * `removeEnrollment` are noted there; anything else is `changed('other')` (the default).
   */
  changed(what: 'enrollments' | 'other' = 'other'): void {
    if (what === 'other') this.otherChanged = true;
    for (const listener of this.listeners) listener();
  }

  putEnrollment(enrollment: StoredEnrollment): void {
    this.enrollments.put(enrollment);
    // A Map keeps the place of an id's first note, which for a new enrollment is its creation: replayed in
    // this order, new enrollments keep their order.
    this.changedEnrollments.set(enrollment.record.id.toLowerCase(), enrollment);
  }

  removeEnrollment(id: string): boolean {
    const removed = this.enrollments.delete(id);
    if (removed) this.changedEnrollments.set(id.toLowerCase(), null);
    return removed;
  }

  newSharingKey(fieldNames: string[], now: Date): SharingKeyRecord {
    const record: SharingKeyRecord = {
      key: sharingKeyText(this.ids),
      grower: this.seed.grower.name,
      createdAt: now.toISOString(),
      expiresAt: oneYearAfter(now).toISOString(),
      fieldNames,
    };
    this.sharingKeys.set(record.key, record);
    return record;
  }
}

export function sharingKeyStatus(key: SharingKeyRecord, now: Date): SharingKey['status'] {
  if (key.revokedAt !== undefined) return 'revoked';
  return Date.parse(key.expiresAt) <= now.getTime() ? 'expired' : 'valid';
}

export function sharingKeyView(key: SharingKeyRecord, now: Date): SharingKey {
  return { ...key, fieldNames: [...key.fieldNames], status: sharingKeyStatus(key, now) };
}
