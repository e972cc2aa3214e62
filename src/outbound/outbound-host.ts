/** The URL's host as DNS and `isIP` take it: an IPv6 literal without its brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The host an outbound request goes to, and whether OUTBOUND_ALLOW_HOSTS exempts it from the
 * public-address check (exact names or addresses, any case on either side).
 */
export function outboundHost(url: URL, allowHosts: readonly string[]): { readonly host: string; readonly allowed: boolean } {
  const host = bareHost(url);
  const lower = host.toLowerCase();
  return { host, allowed: allowHosts.some((name) => name.toLowerCase() === lower) };
}
