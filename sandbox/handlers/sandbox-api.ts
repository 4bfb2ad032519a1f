/** The sandbox-only API (openapi/sandbox.yaml): demo data, faults, reset, log, inbox, notifications, sharing keys. */
import type { InboxItem } from '../api-types.ts';
import { faultSettingsFromSpec, faultSpecOf, FaultSpecError } from '../faults.ts';
import { emptyReply, jsonReply, serviceError, type Reply } from '../reply.ts';
import { bodyText, type RequestContext } from '../service.ts';
import { sharingKeyView } from '../state.ts';
import { jsonBody, type JsonObject } from './v5-common.ts';

function badRequest(code: string, message: string): Reply {
  return serviceError(400, code, message);
}

/** The body as a JSON object; `{}` for an empty body when it is optional. */
function readJsonObject(ctx: RequestContext, optional = false): JsonObject | undefined {
  if (optional && bodyText(ctx).trim() === '') return {};
  return jsonBody(ctx);
}

function invalidJson(): Reply {
  return badRequest('invalid-json', 'The body must be a JSON object');
}

export function getSandboxSeed(ctx: RequestContext): Reply {
  return jsonReply(200, ctx.service.demoData());
}

export function getSandboxFaults(ctx: RequestContext): Reply {
  return jsonReply(200, faultSpecOf(ctx.service.faults.settings));
}

export function setSandboxFaults(ctx: RequestContext): Reply {
  const spec = readJsonObject(ctx);
  if (!spec) return invalidJson();
  try {
    const { settings, seed } = faultSettingsFromSpec(spec);
    ctx.service.faults.configure(settings, seed);
  } catch (error) {
    if (error instanceof FaultSpecError) return badRequest('invalid-faults', error.message);
    throw error;
  }
  return jsonReply(200, faultSpecOf(ctx.service.faults.settings));
}

export function resetSandbox(ctx: RequestContext): Reply {
  ctx.service.reset();
  return emptyReply(204);
}

export function getSandboxLog(ctx: RequestContext): Reply {
  const limitText = ctx.query.get('limit');
  const limit = limitText === null ? 100 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    return badRequest('invalid-limit', 'limit must be a whole number from 1 to 1000');
  }
  return jsonReply(200, { entries: ctx.service.log.slice(-limit) });
}

const INBOX_STATUSES: readonly InboxItem['status'][] = ['pending', 'confirmed', 'declined'];

export function listInbox(ctx: RequestContext): Reply {
  const userName = ctx.query.get('userName')?.trim().toLowerCase();
  const status = ctx.query.get('status');
  if (status !== null && !(INBOX_STATUSES as readonly string[]).includes(status)) {
    return badRequest('invalid-status', `status must be one of ${INBOX_STATUSES.join(', ')}`);
  }
  const items = [...ctx.service.state.inbox.values()].filter(
    (i) =>
      (userName === undefined || i.userName.toLowerCase() === userName) &&
      (status === null || i.status === status),
  );
  return jsonReply(200, { items });
}

function decide(ctx: RequestContext, status: 'confirmed' | 'declined'): Reply {
  const item = ctx.service.state.inbox.get((ctx.params.itemId ?? '').toLowerCase());
  if (!item) return serviceError(404, 'inbox-item-not-found', `No inbox item ${ctx.params.itemId ?? ''}`);
  if (item.status !== 'pending') {
    return serviceError(
      409,
      'inbox-item-decided',
      `The inbox item was ${item.status} already on ${item.decidedAt ?? '?'}`,
    );
  }
  item.status = status;
  item.decidedAt = ctx.now.toISOString();
  // An accepted prescription then syncs to the user's in-cab application (spec, earlier endpoints rule 3).
  if (item.kind === 'prescription') item.syncedToInCab = status === 'confirmed';
  ctx.service.state.changed();
  return jsonReply(200, item);
}

export function confirmInboxItem(ctx: RequestContext): Reply {
  return decide(ctx, 'confirmed');
}

export function declineInboxItem(ctx: RequestContext): Reply {
  return decide(ctx, 'declined');
}

export function listNotifications(ctx: RequestContext): Reply {
  const userName = ctx.query.get('userName')?.trim().toLowerCase();
  const notifications = ctx.service.state.notifications.filter(
    (n) => userName === undefined || n.to.toLowerCase() === userName,
  );
  return jsonReply(200, { notifications });
}

export function listSharingKeys(ctx: RequestContext): Reply {
  return jsonReply(200, {
    sharingKeys: [...ctx.service.state.sharingKeys.values()].map((k) => sharingKeyView(k, ctx.now)),
  });
}

export function createSharingKey(ctx: RequestContext): Reply {
  const body = readJsonObject(ctx, true);
  if (!body) return invalidJson();
  const all = ctx.service.seed.grower.fieldNames;
  let fieldNames = [...all];
  if (body.fieldNames !== undefined) {
    const names = body.fieldNames;
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')) {
      return badRequest('invalid-field-names', 'fieldNames must be a non-empty array of field names');
    }
    const unknown = names.filter((n) => !all.includes(n));
    if (unknown.length > 0) {
      return badRequest(
        'unknown-field',
        `The grower has no field ${unknown.join(', ')}; fields: ${all.join(', ')}`,
      );
    }
    fieldNames = [...new Set(names)];
  }
  const key = ctx.service.state.newSharingKey(fieldNames, ctx.now);
  ctx.service.state.changed();
  return jsonReply(201, sharingKeyView(key, ctx.now));
}

export function revokeSharingKey(ctx: RequestContext): Reply {
  const key = ctx.service.state.sharingKeys.get((ctx.params.sharingKey ?? '').trim().toUpperCase());
  if (!key) return serviceError(404, 'sharing-key-unknown', 'No such sharing key');
  key.revokedAt ??= ctx.now.toISOString();
  ctx.service.state.changed();
  return jsonReply(200, sharingKeyView(key, ctx.now));
}
