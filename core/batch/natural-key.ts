/**
 * The natural key of an enrollment, the only way to tell, without idempotency keys, whether a create whose
 * outcome is unknown was applied: the program (or the experiment and the location) and the temporal entity.
 * Ids are compared as UUIDs (case and braces aside).
 */
import { canonicalUuid } from '../values/uuid.ts';
import type { EnrollmentRecord, EnrollmentType } from '../client/service-client.ts';

const id = (value: unknown): string =>
  typeof value === 'string' ? (canonicalUuid(value) ?? value.trim()).toLowerCase() : '';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** "INDIVIDUAL:<id>" or "INTERVAL:<start>..<end>"; empty when the entity has neither shape. */
function temporalKey(entity: unknown): string {
  if (!isObject(entity)) return '';
  const dimensionality = typeof entity.dimensionality === 'string' ? entity.dimensionality.toUpperCase() : '';
  if (dimensionality === 'INTERVAL' || (entity.id === undefined && entity.startId !== undefined))
    return `INTERVAL:${id(entity.startId)}..${id(entity.endId)}`;
  return `INDIVIDUAL:${id(entity.id)}`;
}

/** The natural key of an enrollment body or record of the given type. */
export function enrollmentKey(type: EnrollmentType, value: Record<string, unknown>): string {
  return type === 'program'
    ? `program|${id(value.experimentProtocolId)}|${temporalKey(value.temporalEntity)}`
    : `location|${id(value.experimentId)}|${id(value.locationId)}|${temporalKey(value.temporalEntity)}`;
}

/** Whether a record the service holds is the live enrollment a create body asked for. */
export function recordMatches(
  type: EnrollmentType,
  body: Record<string, unknown>,
  record: EnrollmentRecord,
): boolean {
  // A15: a soft-deleted record (itemStatus no longer ACTIVE) is not the enrollment being created.
  if (typeof record.itemStatus === 'string' && record.itemStatus.toUpperCase() !== 'ACTIVE') return false;
  return enrollmentKey(type, record) === enrollmentKey(type, body);
}

/** Whether a record already holds every value an update body sets (a retried update that was applied). */
export function recordHoldsUpdate(body: Record<string, unknown>, record: EnrollmentRecord): boolean {
  for (const [key, value] of Object.entries(body)) {
    if (key === 'temporalEntity') {
      if (temporalKey(value) !== temporalKey(record.temporalEntity)) return false;
    } else if (typeof value === 'string') {
      const held = record[key];
      if (typeof held !== 'string') return false;
      if (id(held) !== id(value) && held !== value) return false;
    }
  }
  return true;
}

/** The list scope of an enrollment: the program or the experiment it belongs to. */
export function enrollmentScope(type: EnrollmentType, body: Record<string, unknown>): string {
  return type === 'program' ? id(body.experimentProtocolId) : id(body.experimentId);
}

export { id as canonicalId };

/**
 * Where a record the service answered for a write differs from what was sent: each field of the body the
 * record holds too, with another value ("experimentProtocolId 1234…, not 5678… as sent"), the temporal
 * entity field by field. Fields the record leaves out are not differences (A12), nor are status values,
 * which the service may change at once (A29).
 */
export function sentValueDifferences(
  body: Record<string, unknown>,
  record: Record<string, unknown>,
  prefix = '',
): string[] {
  const out: string[] = [];
  for (const [key, sent] of Object.entries(body)) {
    if (/status$/i.test(key)) continue;
    const held = record[key];
    if (held === undefined) continue;
    const name = `${prefix}${key}`;
    if (isObject(sent)) {
      if (isObject(held)) out.push(...sentValueDifferences(sent, held, `${name}.`));
      else out.push(`${name} ${JSON.stringify(held)}, not an object as sent`);
    } else if (typeof sent === 'string') {
      const uuid = canonicalUuid(sent)?.toLowerCase();
      const same =
        typeof held === 'string' &&
        (held === sent || (uuid !== undefined && canonicalUuid(held)?.toLowerCase() === uuid));
      if (!same) out.push(`${name} ${JSON.stringify(held)}, not "${sent}" as sent`);
    } else if (held !== sent)
      out.push(`${name} ${JSON.stringify(held)}, not ${JSON.stringify(sent)} as sent`);
  }
  return out;
}
