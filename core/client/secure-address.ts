/**
 * Addresses the client may call: HTTPS, or plain HTTP to this machine only (the sandbox, A01). The same rule
 * holds for the service's base addresses and for the pre-signed download URLs it hands out (download.ts).
 */

/** An address the client refuses: `field` names it (authUrl, baseUrl, legacyBaseUrl), `problem` says why. */
export class ClientConfigError extends Error {
  override name = 'ClientConfigError';
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/**
 * An address as it may be shown: what could be a user name or password (everything from after the scheme to
 * the last "@") replaced by "…", whether the address parses or not.
 */
function addressForDisplay(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(address)?.[0] ?? '';
  return `${scheme}…${address.slice(at)}`;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why the client must not call `url`, or undefined when it may: HTTPS, or plain HTTP to 127.0.0.1, ::1 or
 * localhost, with no credentials in the address.
 */
export function insecureAddressReason(url: URL): string | undefined {
  if (url.username || url.password) return 'it carries credentials';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    return undefined;
  return url.protocol === 'http:'
    ? 'it must use https:// (plain http:// is allowed only for 127.0.0.1, ::1 and localhost)'
    : `it must use https://, not ${url.protocol}//`;
}

/** The address without a trailing slash; throws ClientConfigError when it is not HTTPS or loopback HTTP. */
export function secureBaseAddress(name: string, address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ClientConfigError(name, `"${addressForDisplay(address)}" is not an absolute address`);
  }
  if (url.username || url.password)
    throw new ClientConfigError(
      name,
      `${addressForDisplay(url.href)} must not carry credentials (a user name or password before @): they go in the client id and secret`,
    );
  if (insecureAddressReason(url) !== undefined) {
    throw new ClientConfigError(
      name,
      `${url.origin} must use https:// (plain http:// is allowed only for 127.0.0.1, ::1 and localhost)`,
    );
  }
  if (url.search || url.hash) throw new ClientConfigError(name, 'must not have a query or fragment');
  return address.replace(/\/+$/, '');
}
