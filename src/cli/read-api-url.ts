/**
 * `path` on the service INVOICE_API_URL names (`invoice send`, `invoice mcp`), or what is wrong
 * with the variable, worded for standard error. Only http: and https: are taken: the key goes
 * with the request.
 */
export function readApiUrl(env: Readonly<Record<string, string | undefined>>, path: string): { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly message: string } {
  const base = env.INVOICE_API_URL;
  if (base === undefined || base === '') {
    return { ok: false, message: 'INVOICE_API_URL is not set: set it to the service\'s address, for example INVOICE_API_URL=http://127.0.0.1:3000' };
  }
  try {
    const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { ok: true, url };
  } catch {
    // Not a URL at all: the same answer as another scheme.
  }
  return { ok: false, message: `INVOICE_API_URL "${base.slice(0, 100)}" is not an http:// or https:// address` };
}
