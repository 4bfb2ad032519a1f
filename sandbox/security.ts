/**
 * The gateway's checks, driven by each operation's `security` in the OpenAPI document: bearer token (401),
 * x-api-key (403) and scopes (403). Bodies are the gateway's `{message}`; a sandbox-only header
 * X-Sandbox-Reason says in words what was wrong, for people practising against the sandbox.
 */
import { gatewayError, type Reply } from './reply.ts';
import type { RequestContext, TokenRecord } from './service.ts';

const REALM = 'realm="fieldgate-sandbox"';

function unauthorized(reason: string, challenge: string): Reply {
  return gatewayError(401, 'Unauthorized', { 'WWW-Authenticate': challenge, 'X-Sandbox-Reason': reason });
}

function forbidden(reason: string, headers: Record<string, string> = {}): Reply {
  return gatewayError(403, 'Forbidden', { ...headers, 'X-Sandbox-Reason': reason });
}

/** Check the request against its operation's security; on success, `ctx.token` is set. */
export function checkSecurity(ctx: RequestContext): Reply | undefined {
  const alternatives = ctx.route.security;
  // No requirement, or an empty alternative ({}): the handler authenticates by itself (the token endpoint).
  if (alternatives.length === 0 || alternatives.some((a) => Object.keys(a).length === 0)) return undefined;
  // The service's operations each have one alternative; check the first one that is satisfiable.
  const requirement = alternatives[0] ?? {};
  const needed = requirement.oauth2;
  if (needed !== undefined) {
    const header = ctx.headers.authorization;
    if (header === undefined || header.trim() === '') {
      return unauthorized(
        'The Authorization header is missing; send "Authorization: Bearer <access token>".',
        `Bearer ${REALM}`,
      );
    }
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      return unauthorized(
        'The Authorization header is not "Bearer <access token>".',
        `Bearer ${REALM}, error="invalid_request"`,
      );
    }
    const record: TokenRecord | undefined = ctx.service.tokens.get(m[1] ?? '');
    if (!record) {
      return unauthorized(
        'The access token is not one this sandbox issued (was the sandbox restarted?).',
        `Bearer ${REALM}, error="invalid_token", error_description="unknown token"`,
      );
    }
    if (record.expiresAt <= ctx.now.getTime()) {
      return unauthorized(
        'The access token expired; request a new one from the token endpoint.',
        `Bearer ${REALM}, error="invalid_token", error_description="The access token expired"`,
      );
    }
    ctx.token = record;
    if (requirement.apiKey !== undefined) {
      const apiKey = ctx.headers['x-api-key'];
      if (apiKey === undefined || apiKey === '') return forbidden('The x-api-key header is missing.');
      if (apiKey !== ctx.service.seed.client.apiKey)
        return forbidden('The x-api-key is not the API key of this partner.');
    }
    const missing = needed.filter((scope) => !record.scopes.includes(scope));
    if (missing.length > 0) {
      return forbidden(`The access token lacks the scope ${missing.join(' ')}.`, {
        'WWW-Authenticate': `Bearer ${REALM}, error="insufficient_scope", scope="${needed.join(' ')}"`,
      });
    }
  } else if (requirement.apiKey !== undefined) {
    const apiKey = ctx.headers['x-api-key'];
    if (apiKey !== ctx.service.seed.client.apiKey)
      return forbidden('The x-api-key header is missing or wrong.');
  }
  return undefined;
}
