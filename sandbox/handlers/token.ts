/** POST {auth_url}/api/oauth/token: OAuth 2.0 client credentials grant (RFC 6749 sections 4.4, 2.3.1, 5). */
import type { OAuthError, TokenResponse } from '../api-types.ts';
import { jsonReply, type Reply } from '../reply.ts';
import { bodyText, mediaTypeOf, type RequestContext } from '../service.ts';

function oauthError(status: 400 | 401, error: OAuthError['error'], description: string): Reply {
  const json: OAuthError = { error, error_description: description };
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="fieldgate-sandbox"';
  return jsonReply(status, json, headers);
}

function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function requestToken(ctx: RequestContext): Reply {
  if (mediaTypeOf(ctx) !== 'application/x-www-form-urlencoded') {
    return oauthError(
      400,
      'invalid_request',
      'The token request must be sent as application/x-www-form-urlencoded.',
    );
  }
  const form = new URLSearchParams(bodyText(ctx));
  for (const name of ['grant_type', 'scope', 'client_id', 'client_secret']) {
    if (form.getAll(name).length > 1)
      return oauthError(400, 'invalid_request', `The parameter ${name} is repeated.`);
  }
  const grantType = form.get('grant_type');
  if (!grantType)
    return oauthError(
      400,
      'invalid_request',
      'The parameter grant_type is missing; send grant_type=client_credentials.',
    );
  if (grantType !== 'client_credentials') {
    return oauthError(
      400,
      'unsupported_grant_type',
      `grant_type "${grantType}" is not supported; use client_credentials.`,
    );
  }

  // Client authentication: HTTP Basic, or client_id and client_secret in the body, never both.
  const authorization = ctx.headers.authorization;
  let clientId: string | undefined;
  let clientSecret: string | undefined;
  const basic = authorization !== undefined && /^Basic\s/i.test(authorization);
  if (basic) {
    if (form.has('client_secret')) {
      return oauthError(
        400,
        'invalid_request',
        'Use either HTTP Basic or client_secret in the body, not both.',
      );
    }
    const decoded = Buffer.from(authorization.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0)
      return oauthError(401, 'invalid_client', 'The Basic credentials are not client_id:client_secret.');
    clientId = formDecode(decoded.slice(0, colon));
    clientSecret = formDecode(decoded.slice(colon + 1));
  } else {
    clientId = form.get('client_id') ?? undefined;
    clientSecret = form.get('client_secret') ?? undefined;
  }
  if (!clientId || clientSecret === undefined) {
    return oauthError(
      401,
      'invalid_client',
      'Client authentication is missing: use HTTP Basic or client_id and client_secret.',
    );
  }
  const client = ctx.service.seed.client;
  if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
    return oauthError(401, 'invalid_client', 'Unknown client or wrong client secret.');
  }

  const requested = (form.get('scope') ?? '').split(' ').filter(Boolean);
  const unknown = requested.filter((s) => !client.scopes.includes(s));
  if (unknown.length > 0) {
    return oauthError(
      400,
      'invalid_scope',
      `The client may not request ${unknown.join(' ')}; it holds ${client.scopes.join(' ')}.`,
    );
  }
  const scopes = requested.length > 0 ? [...new Set(requested)] : [...client.scopes];
  const { token, expiresIn } = ctx.service.issueToken(client.clientId, scopes);
  const json: TokenResponse = {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    scope: scopes.join(' '),
  };
  return jsonReply(200, json, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
}
