/**
 * Helpers for the batch tests: rows of program and location enrollments with fresh temporal ids, a client
 * for a sandbox, and the server's state listed through the service's own list calls (faults turned off).
 */
import {
  ServiceClient,
  systemIo,
  type BatchRow,
  type ClientOptions,
  type EnrollmentRecord,
} from '../../core/index.ts';
import { enrollmentKey } from '../../core/batch/natural-key.ts';
import type { RunningSandbox } from '../../sandbox/index.ts';

const temporal = (id: string) => ({
  dimensionality: 'INDIVIDUAL' as const,
  id,
  temporalPeriodTypeName: 'GrowingSeason',
});

/** `programRows` enrollments by program over the seeded programs, then one experiment and its locations. */
export function enrollmentRows(
  sandbox: RunningSandbox,
  programRows: number,
  locationRows: number,
  experimentEnrollmentIndex = 1,
): BatchRow[] {
  const protocols = sandbox.demo.experimentProtocolIds;
  const rows: BatchRow[] = [];
  for (let i = 0; i < programRows; i++) {
    const body = {
      experimentProtocolId: protocols[i % protocols.length]!,
      temporalEntity: temporal(crypto.randomUUID()),
    };
    rows.push({
      row: rows.length + 1,
      columns: { kind: 'program', body: JSON.stringify(body) },
      operation: { call: 'createEnrollment', type: 'program', body },
      diagnostics: [],
    });
  }
  if (locationRows > 0) {
    const experimentEnrollmentId = sandbox.demo.experimentEnrollmentIds[experimentEnrollmentIndex]!;
    const season = temporal(sandbox.demo.temporalIds[0]!);
    rows.push({
      row: rows.length + 1,
      columns: { kind: 'experiment', body: experimentEnrollmentId },
      operation: {
        call: 'findOrCreateExperiment',
        body: { experimentEnrollmentId, name: 'Batch test trial', temporalEntity: season },
      },
      diagnostics: [],
    });
    for (let i = 0; i < locationRows; i++) {
      const body = {
        experimentId: '00000000-0000-4000-8000-000000000000',
        locationId: crypto.randomUUID(),
        experimentLocationStatus: 'NOMINATED',
        temporalEntity: season,
      };
      rows.push({
        row: rows.length + 1,
        columns: { kind: 'location', body: JSON.stringify(body) },
        operation: { call: 'createEnrollment', type: 'location', body, experimentEnrollmentId },
        diagnostics: [],
      });
    }
  }
  return rows;
}

export function sandboxClient(sandbox: RunningSandbox, extra: Partial<ClientOptions> = {}): ServiceClient {
  return new ServiceClient({
    authUrl: sandbox.urls.authUrl,
    baseUrl: sandbox.urls.baseUrl,
    legacyBaseUrl: sandbox.urls.legacyBaseUrl,
    clientId: sandbox.demo.clientId,
    clientSecret: sandbox.demo.clientSecret,
    apiKey: sandbox.demo.apiKey,
    ...systemIo(),
    backoff: { baseMs: 10, capMs: 200, maxAttempts: 8 },
    ...extra,
  });
}

/**
 * How many live enrollments the server holds for each row's natural key, and in all (the seed's own
 * included), listed through the service's list calls. Every row sent once means exactly one each.
 */
export async function serverCounts(
  sandbox: RunningSandbox,
  rows: readonly BatchRow[],
): Promise<{ perRow: number[]; total: number }> {
  sandbox.setFaults({
    'error-rate': 0,
    'reset-after-rate': 0,
    'reset-before-rate': 0,
    rate: null,
    quota: null,
    'token-ttl': 3600,
  });
  const client = sandboxClient(sandbox);
  const records: EnrollmentRecord[] = [];
  for (const id of sandbox.demo.experimentProtocolIds) {
    const listed = await client.listAllEnrollments({ type: 'program', experimentProtocolId: id });
    if (!listed.ok) throw new Error(listed.error.message);
    records.push(...listed.value.results);
  }
  const experimentIds = new Set<string>();
  for (const eeid of sandbox.demo.experimentEnrollmentIds) {
    const found = await client.findExperiments({ experimentEnrollmentId: eeid });
    if (!found.ok) throw new Error(found.error.message);
    for (const e of found.value.results) if (typeof e.id === 'string') experimentIds.add(e.id);
  }
  for (const experimentId of experimentIds) {
    const listed = await client.listAllEnrollments({ type: 'location', experimentId });
    if (!listed.ok) throw new Error(listed.error.message);
    records.push(...listed.value.results);
  }
  const count = new Map<string, number>();
  for (const r of records) {
    const type = typeof r.experimentProtocolId === 'string' ? 'program' : 'location';
    // Location rows name the batch's experiment by placeholder: match them by location and season.
    const key =
      type === 'program'
        ? enrollmentKey('program', r)
        : enrollmentKey('location', { ...r, experimentId: 'batch' });
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const perRow: number[] = [];
  for (const row of rows) {
    const op = row.operation;
    if (op?.call !== 'createEnrollment') continue;
    const key =
      op.type === 'program'
        ? enrollmentKey('program', op.body)
        : enrollmentKey('location', { ...op.body, experimentId: 'batch' });
    const n = count.get(key) ?? 0;
    perRow.push(n);
  }
  return { perRow, total: records.length };
}
