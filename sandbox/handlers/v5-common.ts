/** Shared steps of the version 5 handlers: core validation, body access, catalogue checks. */
import type { TemporalEntity } from '../api-types.ts';
import { diagnosticsError, hasErrorDiagnostics, serviceError, type Reply } from '../reply.ts';
import { knownIdsText } from '../seeded-ids.ts';
import { bodyText, mediaTypeOf, queryRecord, type RequestContext } from '../service.ts';
import { checkV5Request } from '../validation.ts';

export type JsonObject = Record<string, unknown>;

/** Run the core rules on the request; a reply when they find an error. */
export function validateV5(ctx: RequestContext, what: string): Reply | undefined {
  if ((ctx.method === 'POST' || ctx.method === 'PUT') && mediaTypeOf(ctx) !== 'application/json') {
    return serviceError(400, 'unsupported-media-type', `${what} must be sent as application/json`, {
      contentType: ctx.headers['content-type'] ?? '',
    });
  }
  const diagnostics = checkV5Request(
    {
      method: ctx.method,
      path: ctx.path,
      query: queryRecord(ctx.query),
      headers: ctx.headers,
      bodyText: bodyText(ctx),
    },
    ctx.now,
  );
  return hasErrorDiagnostics(diagnostics) ? diagnosticsError(diagnostics, what) : undefined;
}

/**
 * A 400 for input the core rules let through but the sandbox cannot use. It should never be seen: each one is
 * a gap in the core rules to report, since the preflight cannot explain it.
 */
export function safetyNet(message: string): Reply {
  return serviceError(400, 'invalid-request', message);
}

export function jsonBody(ctx: RequestContext): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(bodyText(ctx));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as JsonObject)
      : undefined;
  } catch {
    return undefined;
  }
}

export function stringField(body: JsonObject, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

export function sameId(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}

/** The temporal entity with the properties the service knows, or undefined when it is not well formed. */
export function temporalEntityOf(value: unknown): TemporalEntity | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const t = value as JsonObject;
  const typeName = t.temporalPeriodTypeName;
  if (typeof typeName !== 'string') return undefined;
  if (t.dimensionality === 'INDIVIDUAL' && typeof t.id === 'string') {
    return { dimensionality: 'INDIVIDUAL', id: t.id, temporalPeriodTypeName: typeName };
  }
  if (t.dimensionality === 'INTERVAL' && typeof t.startId === 'string' && typeof t.endId === 'string') {
    return {
      dimensionality: 'INTERVAL',
      startId: t.startId,
      endId: t.endId,
      temporalPeriodTypeName: typeName,
    };
  }
  return undefined;
}

function temporalIds(t: TemporalEntity): string[] {
  return t.dimensionality === 'INDIVIDUAL' ? [t.id] : [t.startId, t.endId];
}

export function sameTemporalEntity(a: TemporalEntity, b: TemporalEntity): boolean {
  const ia = temporalIds(a);
  const ib = temporalIds(b);
  return (
    a.dimensionality === b.dimensionality && ia.length === ib.length && ia.every((id, i) => sameId(id, ib[i]))
  );
}

/** With --strict-ids, temporal ids must be seeded growing seasons. */
export function checkTemporalIds(ctx: RequestContext, t: TemporalEntity): Reply | undefined {
  if (!ctx.service.behaviour.strictIds) return undefined;
  const unknown = temporalIds(t).filter((id) => !ctx.service.isKnownTemporalId(id));
  if (unknown.length === 0) return undefined;
  const known = ctx.service.seed.temporalPeriods;
  return serviceError(
    400,
    'unknown-temporal-period',
    `Unknown temporal period id ${unknown.join(', ')}; ${knownIdsText('growing seasons', known)}`,
    { temporalIds: unknown, known: known.map((t) => t.id) },
  );
}

export function checkLocationId(ctx: RequestContext, locationId: string): Reply | undefined {
  if (!ctx.service.behaviour.strictIds || ctx.service.isKnownLocationId(locationId)) return undefined;
  const known = ctx.service.seed.locations;
  return serviceError(
    400,
    'unknown-location',
    `Unknown location id ${locationId}; ${knownIdsText('locations', known)}`,
    { locationId, known: known.map((l) => l.id) },
  );
}
