/** GET /v2/agronomic-data and /v3/agronomic-data (earlier interface), and the file downloads behind their URLs. */
import { RESOURCE_TYPES, type AgronomicDataResult, type ResourceType } from '../api-types.ts';
import { jsonReply, serviceError, type Reply } from '../reply.ts';
import type { SharedFile } from '../seed.ts';
import type { RequestContext } from '../service.ts';
import { sharingKeyStatus } from '../state.ts';
import { checkSignature, presignedUrl, sharedFileBytes, storageErrorXml } from '../shared-files.ts';

function sharedFiles(ctx: RequestContext): SharedFile[] | Reply {
  const sharingKey = ctx.query.get('sharingKey');
  const resourceType = ctx.query.get('resourceType');
  if (!sharingKey) {
    return serviceError(400, 'missing-parameter', 'The query parameter sharingKey is required', {
      parameter: 'sharingKey',
    });
  }
  if (!resourceType) {
    return serviceError(400, 'missing-parameter', 'The query parameter resourceType is required', {
      parameter: 'resourceType',
      allowed: [...RESOURCE_TYPES],
    });
  }
  if (!(RESOURCE_TYPES as readonly string[]).includes(resourceType)) {
    return serviceError(
      400,
      'invalid-resource-type',
      `resourceType "${resourceType}" is not one of ${RESOURCE_TYPES.join(', ')}`,
      {
        parameter: 'resourceType',
        allowed: [...RESOURCE_TYPES],
      },
    );
  }
  const key = ctx.service.state.sharingKeys.get(sharingKey.trim().toUpperCase());
  if (!key) {
    return serviceError(
      400,
      'sharing-key-unknown',
      'The sharing key is not known; ask the grower for a current key',
    );
  }
  const status = sharingKeyStatus(key, ctx.now);
  if (status === 'revoked') {
    return serviceError(
      400,
      'sharing-key-revoked',
      `The grower revoked this sharing key on ${key.revokedAt ?? '?'}`,
    );
  }
  if (status === 'expired') {
    return serviceError(
      400,
      'sharing-key-expired',
      `The sharing key expired on ${key.expiresAt} (keys are valid for one year)`,
    );
  }
  return ctx.service.seed.sharedFiles.filter(
    (f) => f.resourceType === (resourceType as ResourceType) && key.fieldNames.includes(f.fieldName),
  );
}

function urlOf(ctx: RequestContext, file: SharedFile): string {
  const expires = Math.floor(ctx.now.getTime() / 1000) + ctx.service.behaviour.presignedUrlTtlSeconds;
  return presignedUrl(ctx.service.urls.sandboxUrl, ctx.service.seed.signingSecret, file.id, expires);
}

export function getAgronomicDataUrlsV2(ctx: RequestContext): Reply {
  const files = sharedFiles(ctx);
  if (!Array.isArray(files)) return files;
  return jsonReply(200, { urls: files.map((f) => urlOf(ctx, f)) });
}

export function getAgronomicDataResultsV3(ctx: RequestContext): Reply {
  const files = sharedFiles(ctx);
  if (!Array.isArray(files)) return files;
  const results: AgronomicDataResult[] = files.map((f) => ({
    modifiedTime: f.modifiedTime,
    source: f.source,
    url: urlOf(ctx, f),
  }));
  return jsonReply(200, { results });
}

function xmlReply(status: number, code: string, message: string, requestId: string): Reply {
  return {
    status,
    body: {
      bytes: new TextEncoder().encode(storageErrorXml(code, message, requestId)),
      contentType: 'application/xml',
    },
  };
}

export function downloadSharedFile(ctx: RequestContext): Reply {
  const fileId = ctx.params.fileId ?? '';
  const file = ctx.service.seed.sharedFiles.find((f) => f.id === fileId);
  if (!file) return xmlReply(404, 'NoSuchKey', 'The specified key does not exist.', ctx.requestId);
  const check = checkSignature(
    ctx.service.seed.signingSecret,
    fileId,
    ctx.query.get('expires') ?? '',
    ctx.query.get('signature') ?? '',
    ctx.now,
  );
  if (check === 'expired') return xmlReply(403, 'AccessDenied', 'Request has expired', ctx.requestId);
  if (check === 'bad-signature') {
    return xmlReply(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
      ctx.requestId,
    );
  }
  return {
    status: 200,
    headers: { 'Content-Disposition': `attachment; filename="${file.fileName}"` },
    body: { bytes: sharedFileBytes(file), contentType: 'application/zip' },
  };
}
