/** The version 5 enrollment operations. */
import type {
  EnrollmentByLocation,
  EnrollmentByProgram,
  EnrollmentType,
  TemporalEntity,
} from '../api-types.ts';
import { emptyReply, jsonReply, serviceError, type Reply } from '../reply.ts';
import { knownIdsText } from '../seeded-ids.ts';
import { v5Timestamp } from '../seed.ts';
import type { RequestContext } from '../service.ts';
import type { StoredEnrollment } from '../state.ts';
import {
  checkLocationId,
  checkTemporalIds,
  jsonBody,
  safetyNet,
  sameId,
  sameTemporalEntity,
  stringField,
  temporalEntityOf,
  validateV5,
} from './v5-common.ts';

function enrollmentType(ctx: RequestContext): EnrollmentType | undefined {
  const value = ctx.headers['x-enrollment-type'];
  return value === 'program' || value === 'location' ? value : undefined;
}

function checkProtocol(ctx: RequestContext, experimentProtocolId: string): Reply | undefined {
  const known = ctx.service.seed.experimentProtocols;
  if (known.some((p) => sameId(p.id, experimentProtocolId))) return undefined;
  return serviceError(
    400,
    'unknown-experiment-protocol',
    `Unknown experimentProtocolId ${experimentProtocolId}: the service operator has not given this program to the partner; ${knownIdsText('programs', known)}`,
    { experimentProtocolId, known: known.map((p) => p.id) },
  );
}

function checkExperiment(ctx: RequestContext, experimentId: string): Reply | undefined {
  const known = [...ctx.service.state.experiments.values()];
  if (known.some((e) => sameId(e.id, experimentId))) return undefined;
  return serviceError(
    400,
    'unknown-experiment',
    `Unknown experimentId ${experimentId}: find or create the experiment first (GET/POST /v5/experiments); ${knownIdsText('experiments', known)}`,
    { experimentId, known: known.slice(0, 100).map((e) => e.id) },
  );
}

/** Another active enrollment with the same target and temporal entity (assumption A19), found by its key. */
function duplicateOf(ctx: RequestContext, candidate: StoredEnrollment): Reply | undefined {
  if (ctx.service.behaviour.duplicateEnrollments === 'allow') return undefined;
  const other = ctx.service.state.enrollments.duplicateOf(candidate);
  if (!other) return undefined;
  return serviceError(
    409,
    'enrollment-exists',
    `An enrollment by ${candidate.type} with the same ${candidate.type === 'program' ? 'program' : 'experiment and location'} and temporal entity exists already: ${other.record.id}`,
    { enrollmentId: other.record.id },
  );
}

function find(ctx: RequestContext, type: EnrollmentType): StoredEnrollment | Reply {
  const id = ctx.params.enrollmentId ?? '';
  const found = ctx.service.state.enrollments.get(id);
  if (found && found.type === type) return found;
  const why = found ? ` (it is an enrollment by ${found.type}, but x-enrollment-type is ${type})` : '';
  return serviceError(404, 'enrollment-not-found', `No enrollment by ${type} has the id ${id}${why}`, {
    enrollmentId: id,
  });
}

function isReply(value: StoredEnrollment | Reply): value is Reply {
  return 'status' in value;
}

function locationHeader(ctx: RequestContext, id: string): Record<string, string> {
  return { Location: `${ctx.service.urls.baseUrl}/v5/enrollments/${id}` };
}

export function createEnrollment(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The enrollment request');
  if (invalid) return invalid;
  const type = enrollmentType(ctx);
  const body = jsonBody(ctx);
  const temporalEntity = temporalEntityOf(body?.temporalEntity);
  if (!type || !body || !temporalEntity) return safetyNet('The enrollment request is not complete');
  const refused = checkTemporalIds(ctx, temporalEntity);
  if (refused) return refused;
  const at = v5Timestamp(ctx.now);
  const common = {
    id: ctx.service.state.newId(),
    createdAt: at,
    updatedAt: at,
    dataLegitimacy: 'LEGITIMATE',
    enrollmentStatus: 'APPROVED',
    itemStatus: 'ACTIVE',
  };
  let stored: StoredEnrollment;
  if (type === 'program') {
    const experimentProtocolId = stringField(body, 'experimentProtocolId');
    if (!experimentProtocolId) return safetyNet('experimentProtocolId is missing');
    const unknown = checkProtocol(ctx, experimentProtocolId);
    if (unknown) return unknown;
    const record: EnrollmentByProgram = { ...common, experimentProtocolId, temporalEntity };
    stored = { type, record };
  } else {
    const experimentId = stringField(body, 'experimentId');
    const locationId = stringField(body, 'locationId');
    const experimentLocationStatus = stringField(body, 'experimentLocationStatus');
    if (!experimentId || !locationId || experimentLocationStatus === undefined) {
      return safetyNet('experimentId, locationId or experimentLocationStatus is missing');
    }
    const unknown = checkExperiment(ctx, experimentId) ?? checkLocationId(ctx, locationId);
    if (unknown) return unknown;
    const record: EnrollmentByLocation = {
      ...common,
      experimentId,
      experimentLocationStatus,
      locationId,
      temporalEntity,
    };
    stored = { type, record };
  }
  const duplicate = duplicateOf(ctx, stored);
  if (duplicate) return duplicate;
  ctx.service.state.putEnrollment(stored);
  ctx.service.state.changed('enrollments');
  return jsonReply(201, stored.record, locationHeader(ctx, stored.record.id));
}

export function getEnrollment(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The request');
  if (invalid) return invalid;
  const type = enrollmentType(ctx);
  if (!type) return safetyNet('x-enrollment-type is missing');
  const found = find(ctx, type);
  return isReply(found) ? found : jsonReply(200, found.record);
}

export function updateEnrollment(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The update request');
  if (invalid) return invalid;
  const type = enrollmentType(ctx);
  const body = jsonBody(ctx);
  if (!type || !body) return safetyNet('The update request is not complete');
  const found = find(ctx, type);
  if (isReply(found)) return found;

  let temporalEntity: TemporalEntity | undefined;
  if (body.temporalEntity !== undefined) {
    temporalEntity = temporalEntityOf(body.temporalEntity);
    if (!temporalEntity) return safetyNet('temporalEntity is not well formed');
    const refused = checkTemporalIds(ctx, temporalEntity);
    if (refused) return refused;
  }
  const changes: string[] = [];
  const notes = (field: string, changed: boolean): void => {
    if (changed) changes.push(field);
  };
  let updated: StoredEnrollment;
  if (found.type === 'program') {
    const experimentProtocolId = stringField(body, 'experimentProtocolId');
    if (experimentProtocolId !== undefined) {
      const unknown = checkProtocol(ctx, experimentProtocolId);
      if (unknown) return unknown;
    }
    const current = found.record;
    notes(
      'experimentProtocolId',
      experimentProtocolId !== undefined && !sameId(experimentProtocolId, current.experimentProtocolId),
    );
    notes(
      'temporalEntity',
      temporalEntity !== undefined && !sameTemporalEntity(temporalEntity, current.temporalEntity),
    );
    updated = {
      type: 'program',
      record: {
        ...current,
        experimentProtocolId: experimentProtocolId ?? current.experimentProtocolId,
        temporalEntity: temporalEntity ?? current.temporalEntity,
      },
    };
  } else {
    const experimentId = stringField(body, 'experimentId');
    const locationId = stringField(body, 'locationId');
    const experimentLocationStatus = stringField(body, 'experimentLocationStatus');
    const unknown =
      (experimentId !== undefined ? checkExperiment(ctx, experimentId) : undefined) ??
      (locationId !== undefined ? checkLocationId(ctx, locationId) : undefined);
    if (unknown) return unknown;
    const current = found.record;
    notes('experimentId', experimentId !== undefined && !sameId(experimentId, current.experimentId));
    notes('locationId', locationId !== undefined && !sameId(locationId, current.locationId));
    notes(
      'temporalEntity',
      temporalEntity !== undefined && !sameTemporalEntity(temporalEntity, current.temporalEntity),
    );
    updated = {
      type: 'location',
      record: {
        ...current,
        experimentId: experimentId ?? current.experimentId,
        locationId: locationId ?? current.locationId,
        experimentLocationStatus: experimentLocationStatus ?? current.experimentLocationStatus,
        temporalEntity: temporalEntity ?? current.temporalEntity,
      },
    };
  }
  if (changes.length === 0) {
    const fields =
      found.type === 'program'
        ? 'experimentProtocolId, temporalEntity'
        : 'experimentId, locationId, temporalEntity';
    return serviceError(
      400,
      'nothing-to-update',
      `The update changes nothing: ${fields} equal the enrollment as it is now (see rule EN007)`,
      { enrollmentId: found.record.id },
    );
  }
  const duplicate = duplicateOf(ctx, updated);
  if (duplicate) return duplicate;
  updated.record.updatedAt = v5Timestamp(ctx.now);
  ctx.service.state.putEnrollment(updated);
  ctx.service.state.changed('enrollments');
  return jsonReply(200, updated.record);
}

export function removeEnrollment(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The request');
  if (invalid) return invalid;
  const type = enrollmentType(ctx);
  if (!type) return safetyNet('x-enrollment-type is missing');
  const found = find(ctx, type);
  if (isReply(found)) return found;
  ctx.service.state.removeEnrollment(found.record.id);
  ctx.service.state.changed('enrollments');
  return emptyReply(204);
}

/** Where the next page starts: after the enrollment created as number `a` of the list of `q`. */
interface PageToken {
  t: EnrollmentType;
  q: string;
  a: number;
}

function encodeToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(text: string): PageToken | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<PageToken>;
    if (
      (value.t === 'program' || value.t === 'location') &&
      typeof value.q === 'string' &&
      Number.isSafeInteger(value.a) &&
      (value.a ?? -1) >= 0
    ) {
      return { t: value.t, q: value.q, a: value.a ?? 0 };
    }
  } catch {
    // Not a token this sandbox made: answered below.
  }
  return undefined;
}

export function listEnrollments(ctx: RequestContext): Reply {
  const invalid = validateV5(ctx, 'The list request');
  if (invalid) return invalid;
  const type = enrollmentType(ctx);
  if (!type) return safetyNet('x-enrollment-type is missing');
  const param = type === 'program' ? 'experimentProtocolId' : 'experimentId';
  const value = ctx.query.get(param);
  if (!value) return safetyNet(`${param} is missing`);

  const limitText = ctx.headers['x-limit'];
  let limit = 100;
  if (limitText !== undefined) {
    limit = /^\s*\d+\s*$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit >= 1 && limit <= 100)) {
      return serviceError(
        400,
        'invalid-limit',
        `X-Limit must be a whole number from 1 to 100, got "${limitText}"`,
      );
    }
  }
  let after: number | undefined;
  const tokenText = ctx.headers['x-next-token'];
  if (tokenText !== undefined) {
    const token = decodeToken(tokenText.trim());
    if (!token || token.t !== type || token.q.toLowerCase() !== value.toLowerCase()) {
      return serviceError(
        400,
        'invalid-next-token',
        'X-Next-Token is not the token of the previous page of this list (same x-enrollment-type and query)',
      );
    }
    after = token.a;
  }
  const store = ctx.service.state.enrollments;
  if (ctx.service.behaviour.emptyListStatus === 304 && store.count(type, value) === 0) return emptyReply(304);
  const page = store.page(type, value, after, limit);
  const results = page.records.map((e) => e.record);
  const headers: Record<string, string> = { 'X-Limit': String(limit) };
  if (page.next !== undefined) {
    headers['X-Next-Token'] = encodeToken({ t: type, q: value.toLowerCase(), a: page.next });
    return jsonReply(206, { results }, headers);
  }
  return jsonReply(200, { results }, headers);
}
