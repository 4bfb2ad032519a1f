/**
 * The ids a fresh sandbox of a seed holds: those of the seed (programs, experiment enrollment ids, locations,
 * growing seasons, users) and the records it starts with (an experiment, two enrollments, sharing keys).
 * `fieldgate sandbox ids` lists them without starting a server, and a refusal of an unknown id names them.
 */
import { buildSeed, type NamedId } from './seed.ts';
import { SandboxState, sharingKeyStatus } from './state.ts';

export interface SeededIds {
  seed: number;
  experimentProtocols: NamedId[];
  experimentEnrollmentIds: NamedId[];
  /** The experiment a fresh sandbox has, for the first experimentEnrollmentId. */
  experiments: Array<NamedId & { experimentEnrollmentId: string }>;
  /** The enrollments a fresh sandbox has, to read, update or remove. */
  enrollments: Array<{ id: string; type: 'program' | 'location'; name: string }>;
  locations: NamedId[];
  temporalPeriods: NamedId[];
  userNames: string[];
  sharingKeys: Array<{ key: string; status: string; fieldNames: string[] }>;
}

export function seededIds(seedNumber: number, now: Date): SeededIds {
  const seed = buildSeed(seedNumber);
  const state = SandboxState.initial(seed, now);
  const nameOf = (list: readonly NamedId[], id: string): string => list.find((n) => n.id === id)?.name ?? id;
  return {
    seed: seed.seed,
    experimentProtocols: seed.experimentProtocols.map((p) => ({ ...p })),
    experimentEnrollmentIds: seed.experimentEnrollmentIds.map((e) => ({ ...e })),
    experiments: [...state.experiments.values()].map((e) => ({
      id: e.id,
      name: e.name,
      experimentEnrollmentId: e.experimentEnrollmentId,
    })),
    enrollments: [...state.enrollments.values()].map(({ type, record }) => {
      const season =
        record.temporalEntity.dimensionality === 'INDIVIDUAL'
          ? nameOf(seed.temporalPeriods, record.temporalEntity.id)
          : 'an interval';
      const target =
        type === 'program'
          ? nameOf(seed.experimentProtocols, record.experimentProtocolId)
          : `${nameOf(seed.locations, record.locationId)} in experiment ${record.experimentId}`;
      return { id: record.id, type, name: `${target}, ${season}` };
    }),
    locations: seed.locations.map((l) => ({ ...l })),
    temporalPeriods: seed.temporalPeriods.map((t) => ({ id: t.id, name: t.name })),
    userNames: seed.users.map((u) => u.userName),
    sharingKeys: [...state.sharingKeys.values()].map((k) => ({
      key: k.key,
      status: sharingKeyStatus(k, now),
      fieldNames: [...k.fieldNames],
    })),
  };
}

/** How to list the ids a sandbox knows, for the end of a refusal. */
const LIST_IDS_HINT = '`fieldgate sandbox ids` lists the ids this sandbox seeds';

/**
 * The end of a refusal of an unknown id: the ids that would do (with their names), and how to list every
 * seeded id. Long lists are cut to their first few.
 */
export function knownIdsText(what: string, known: readonly { id: string; name?: string }[]): string {
  const shown = known.slice(0, 5).map((k) => (k.name ? `${k.id} (${k.name})` : k.id));
  const more = known.length > shown.length ? `, and ${known.length - shown.length} more` : '';
  const list =
    known.length === 0 ? `this sandbox has no ${what} yet` : `known ${what}: ${shown.join(', ')}${more}`;
  return `${list}; ${LIST_IDS_HINT}`;
}
