/** D18: the session cookie's name and lifetime. */
export const SESSION_COOKIE = 'inv_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/**
 * Set-Cookie for the session: HttpOnly so scripts cannot read it, SameSite=Lax so other
 * sites cannot send it on unsafe requests, Secure when the service is served over https.
 * An empty value with Max-Age=0 deletes it.
 */
export function sessionCookieHeader(value: string, options: { secure: boolean; maxAgeMs: number }): string {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeMs / 1000))}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
