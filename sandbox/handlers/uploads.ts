/**
 * POST /v2/fields, /v2/rx and /v2/soil/modus/result (earlier interface). Each accepted upload lands in the
 * receiving user's data inbox as pending, with a simulated e-mail notification.
 */
import { createHash } from 'node:crypto';
import type { FieldUploadResult, FileUploadResult, InboxItem, Notification } from '../api-types.ts';
import { multipartBoundary, parseMultipart, type FormPart } from '../multipart.ts';
import { diagnosticsError, hasErrorDiagnostics, jsonReply, serviceError, type Reply } from '../reply.ts';
import { knownIdsText } from '../seeded-ids.ts';
import { bodyText, mediaTypeOf, type RequestContext } from '../service.ts';
import { checkSampleDateValue, type UploadKindId } from '../validation.ts';
import { checkFieldUploadOffThread, checkUploadedFileOffThread } from '../validation-worker.ts';

function receivingUser(ctx: RequestContext): string | Reply {
  const userName = ctx.headers['x-user-name']?.trim();
  if (!userName) {
    return serviceError(
      400,
      'missing-header',
      'The header X-User-Name (user name or e-mail of the receiving user) is required',
      {
        header: 'X-User-Name',
      },
    );
  }
  if (ctx.service.behaviour.strictIds && !ctx.service.isKnownUser(userName)) {
    const known = ctx.service.seed.users.map((u) => ({ id: u.userName }));
    return serviceError(
      400,
      'unknown-user',
      `No user "${userName}" is known; ${knownIdsText('users', known)}`,
      { userName, known: known.map((u) => u.id) },
    );
  }
  return userName;
}

const KIND_TEXT: Record<InboxItem['kind'], { subject: string; what: string }> = {
  fields: { subject: 'New fields are waiting in your data inbox', what: 'fields with boundaries' },
  prescription: { subject: 'A new prescription is waiting in your data inbox', what: 'a prescription file' },
  'soil-test': { subject: 'New soil test results are waiting in your data inbox', what: 'soil test results' },
};

function deliver(
  ctx: RequestContext,
  userName: string,
  kind: InboxItem['kind'],
  extra: Partial<InboxItem>,
): InboxItem {
  const state = ctx.service.state;
  const sentAt = ctx.now.toISOString();
  const item: InboxItem = {
    id: state.newId(),
    userName,
    kind,
    status: 'pending',
    receivedAt: sentAt,
    requestId: ctx.requestId,
    notificationId: state.newId(),
    ...extra,
  };
  if (ctx.token) item.clientId = ctx.token.clientId;
  const notification: Notification = {
    id: item.notificationId,
    channel: 'email',
    to: userName,
    subject: KIND_TEXT[kind].subject,
    body: `A partner (${item.clientId ?? 'unknown client'}) sent you ${KIND_TEXT[kind].what}. Open your data inbox to review and confirm the import.`,
    sentAt,
    inboxItemId: item.id,
  };
  state.inbox.set(item.id, item);
  state.notifications.push(notification);
  state.changed();
  return item;
}

export async function uploadFieldsV2(ctx: RequestContext): Promise<Reply> {
  const userName = receivingUser(ctx);
  if (typeof userName !== 'string') return userName;
  if (mediaTypeOf(ctx) !== 'application/json') {
    return serviceError(
      400,
      'unsupported-media-type',
      'The body must be application/json (FieldsWithBoundaryAndHierarchy)',
      {
        contentType: ctx.headers['content-type'] ?? '',
      },
    );
  }
  const text = bodyText(ctx);
  const diagnostics = await checkFieldUploadOffThread(text, ctx.now);
  if (hasErrorDiagnostics(diagnostics)) return diagnosticsError(diagnostics, 'The field upload');
  let fields: unknown;
  try {
    fields = (JSON.parse(text) as { fields?: unknown }).fields;
  } catch {
    fields = undefined;
  }
  if (!Array.isArray(fields)) return serviceError(400, 'invalid-request', 'The body has no "fields" array');
  const summary = fields.map((f: unknown) => {
    const o = (f ?? {}) as Record<string, unknown>;
    const item: NonNullable<InboxItem['fields']>[number] = {
      clientName: String(o.clientName ?? ''),
      farmName: String(o.farmName ?? ''),
      name: String(o.name ?? ''),
    };
    if (typeof o.acres === 'number') item.acres = o.acres;
    if (typeof o.source === 'string') item.source = o.source;
    return item;
  });
  deliver(ctx, userName, 'fields', { entitiesCreated: fields.length, fields: summary });
  const result: FieldUploadResult = {
    'entities-created': fields.length,
    message: `${fields.length} field${fields.length === 1 ? '' : 's'} sent to ${userName}; they are pending in the user's data inbox until the user confirms the import`,
  };
  return jsonReply(200, result);
}

function filePart(ctx: RequestContext): FormPart | Reply {
  const boundary = multipartBoundary(ctx.headers['content-type']);
  if (!boundary) {
    return serviceError(
      400,
      'unsupported-media-type',
      'The body must be multipart/form-data with a boundary',
      {
        contentType: ctx.headers['content-type'] ?? '',
      },
    );
  }
  const parsed = parseMultipart(ctx.body, boundary);
  if (!parsed.ok)
    return serviceError(400, 'invalid-multipart', `The multipart body cannot be read: ${parsed.problem}`);
  const file = parsed.parts.find((p) => p.name === 'file');
  if (!file) {
    return serviceError(400, 'missing-file-part', 'The multipart body has no part named "file"', {
      parts: parsed.parts.map((p) => p.name),
    });
  }
  return file;
}

async function checkFile(
  ctx: RequestContext,
  kindId: UploadKindId,
  file: FormPart,
  what: string,
  sampleDate?: string,
): Promise<Reply | undefined> {
  const name = file.filename ?? (kindId === 'rx-zip' ? 'upload.zip' : 'upload.xml');
  const diagnostics = await checkUploadedFileOffThread(
    kindId,
    { name, bytes: file.data },
    sampleDate === undefined ? { now: ctx.now } : { now: ctx.now, sampleDate },
  );
  return hasErrorDiagnostics(diagnostics) ? diagnosticsError(diagnostics, what) : undefined;
}

function fileFacts(file: FormPart): Partial<InboxItem> {
  const facts: Partial<InboxItem> = {
    fileSize: file.data.byteLength,
    sha256: createHash('sha256').update(file.data).digest('hex'),
  };
  if (file.filename !== undefined) facts.fileName = file.filename;
  return facts;
}

export async function uploadRxV2(ctx: RequestContext): Promise<Reply> {
  const userName = receivingUser(ctx);
  if (typeof userName !== 'string') return userName;
  const file = filePart(ctx);
  if (!('data' in file)) return file;
  const refused = await checkFile(ctx, 'rx-zip', file, 'The prescription file');
  if (refused) return refused;
  deliver(ctx, userName, 'prescription', { ...fileFacts(file), syncedToInCab: false });
  const result: FileUploadResult = { fileSize: file.data.byteLength };
  return jsonReply(200, result);
}

export async function uploadModusResultV2(ctx: RequestContext): Promise<Reply> {
  const userName = receivingUser(ctx);
  if (typeof userName !== 'string') return userName;
  const sampleDate = ctx.query.get('sampleDate') ?? undefined;
  const dateDiagnostics = checkSampleDateValue(sampleDate, ctx.now);
  if (hasErrorDiagnostics(dateDiagnostics)) return diagnosticsError(dateDiagnostics, 'The sampleDate');
  if (sampleDate === undefined || sampleDate === '') {
    return serviceError(
      400,
      'missing-parameter',
      'The query parameter sampleDate (YYYY-MM-DDThh:mm:ss.sssZ) is required',
      {
        parameter: 'sampleDate',
      },
    );
  }
  const file = filePart(ctx);
  if (!('data' in file)) return file;
  const refused = await checkFile(ctx, 'modus-result', file, 'The soil test file', sampleDate);
  if (refused) return refused;
  deliver(ctx, userName, 'soil-test', { ...fileFacts(file), sampleDate });
  const result: FileUploadResult = { fileSize: file.data.byteLength };
  return jsonReply(200, result);
}
