/**
 * Addresses the client may call: HTTPS, or plain HTTP to this machine only (the sandbox, A01). The same rule
 * holds for the service's base addresses and for the pre-signed download URLs it hands out (download.ts).
 */

export class ClientConfigError extends Error {
  override name = 'ClientConfigError';
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
    throw new ClientConfigError(`${name} "${address}" is not an absolute address`);
  }
  if (url.username || url.password) throw new ClientConfigError(`${name} must not carry credentials`);
  if (insecureAddressReason(url) !== undefined) {
    throw new ClientConfigError(
      `${name} ${url.origin} must use https:// (plain http:// is allowed only for 127.0.0.1, ::1 and localhost)`,
    );
  }
  if (url.search || url.hash) throw new ClientConfigError(`${name} must not have a query or fragment`);
  return address.replace(/\/+$/, '');
}
