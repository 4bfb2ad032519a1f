/**
 * Demo data, derived from the seed: the same seed always gives the same credentials, ids and files, so
 * scripts and tests can rely on them.
 */
import type { Experiment, ResourceType } from './api-types.ts';
import { RESOURCE_TYPES } from './api-types.ts';
import { Prng } from './prng.ts';

export const DEFAULT_SEED = 42;

const V5_SCOPES = ['enrollments', 'experiments'] as const;
const ALL_SCOPES = ['partnerapis', ...V5_SCOPES] as const;

interface SeedClient {
  clientId: string;
  clientSecret: string;
  apiKey: string;
  scopes: readonly string[];
}

export interface NamedId {
  id: string;
  name: string;
}

interface SeedTemporalPeriod extends NamedId {
  temporalPeriodTypeName: 'GrowingSeason';
  year: number;
}

interface SeedUser {
  userName: string;
  displayName: string;
}

/** A data file a grower's sharing keys give access to. */
export interface SharedFile {
  id: string;
  fieldName: string;
  resourceType: ResourceType;
  fileName: string;
  /** ISO 8601 with Z. */
  modifiedTime: string;
  source: string;
}

export interface SeedData {
  seed: number;
  client: SeedClient;
  experimentProtocols: NamedId[];
  /** experimentEnrollmentIds the operator issued; the first already has an experiment. */
  experimentEnrollmentIds: NamedId[];
  locations: NamedId[];
  temporalPeriods: SeedTemporalPeriod[];
  users: SeedUser[];
  grower: { name: string; fieldNames: string[] };
  sharedFiles: SharedFile[];
  /** Key for the pre-signed URL signatures. */
  signingSecret: string;
}

const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789';

export function sharingKeyText(prng: Prng): string {
  return [0, 1, 2, 3].map(() => prng.text(4, KEY_ALPHABET)).join('-');
}

export function buildSeed(seed: number): SeedData {
  const prng = Prng.stream(seed, 'seed');
  const hex = '0123456789abcdef';
  const fieldNames = ['North 40', 'River Bottom', 'Home Quarter'];
  const sources: Record<ResourceType, string> = {
    'application/vnd.oada.pp.as-planted': 'Demo Planter Monitor 20/20',
    'application/vnd.oada.pp.as-applied': 'Demo Sprayer Controller',
    'application/vnd.oada.pp.as-harvested': 'Demo Combine Yield Monitor',
  };
  const years = [2024, 2025, 2026];
  const sharedFiles: SharedFile[] = [];
  for (const fieldName of fieldNames) {
    for (const [i, resourceType] of RESOURCE_TYPES.entries()) {
      const kind = resourceType.slice(resourceType.lastIndexOf('.') + 1);
      const month = 4 + i * 3;
      sharedFiles.push({
        id: prng.uuid(),
        fieldName,
        resourceType,
        fileName: `${fieldName.toLowerCase().replace(/\s+/g, '-')}-${kind}-2025.zip`,
        modifiedTime: new Date(
          Date.UTC(2025, month, 10 + prng.int(0, 15), prng.int(6, 18), prng.int(0, 59)),
        ).toISOString(),
        source: sources[resourceType],
      });
    }
  }
  return {
    seed,
    client: {
      clientId: `fieldgate-demo-${prng.text(6, hex)}`,
      clientSecret: `demo-secret-${prng.text(24, hex)}`,
      apiKey: `demo-api-key-${prng.text(24, hex)}`,
      scopes: ALL_SCOPES,
    },
    experimentProtocols: [
      { id: prng.uuid(), name: 'Nitrogen rate program' },
      { id: prng.uuid(), name: 'Cover crop program' },
    ],
    experimentEnrollmentIds: [
      { id: prng.uuid(), name: 'Seeding rate trial (has an experiment)' },
      { id: prng.uuid(), name: 'Fungicide timing trial' },
      { id: prng.uuid(), name: 'Hybrid placement trial' },
    ],
    locations: fieldNames.map((name) => ({ id: prng.uuid(), name })),
    temporalPeriods: years.map((year) => ({
      id: prng.uuid(),
      name: `Growing season ${year}`,
      temporalPeriodTypeName: 'GrowingSeason',
      year,
    })),
    users: [
      { userName: 'grower.demo@example.com', displayName: 'Demo Grower' },
      { userName: 'demo.grower', displayName: 'Demo Grower (user name)' },
      { userName: 'agronomist.demo@example.com', displayName: 'Demo Agronomist' },
    ],
    grower: { name: 'Demo Grower', fieldNames },
    sharedFiles,
    signingSecret: prng.text(64, hex),
  };
}

/** Formats an instant the way the version 5 interface does: no zone designator, three fraction digits, UTC. */
export function v5Timestamp(date: Date): string {
  return date.toISOString().slice(0, 23);
}

/** The experiment that exists from the start, for the first experimentEnrollmentId. */
export function seededExperiment(seed: SeedData, id: string, now: Date): Experiment {
  const season = seed.temporalPeriods[1] ?? seed.temporalPeriods[0];
  const eeId = seed.experimentEnrollmentIds[0];
  if (!season || !eeId) throw new Error('seed data is incomplete');
  const at = v5Timestamp(now);
  return {
    id,
    experimentEnrollmentId: eeId.id,
    name: 'Demo seeding rate trial 2025',
    experimentStatus: 'INITIATED',
    dataLegitimacy: 'LEGITIMATE',
    itemStatus: 'ACTIVE',
    temporalEntity: { dimensionality: 'INDIVIDUAL', id: season.id, temporalPeriodTypeName: 'GrowingSeason' },
    createdAt: at,
    updatedAt: at,
  };
}
