/**
 * Which first responses are kept for replay (D23): a success, and a 422 — the computed outcome
 * of a well-formed request (its totals make no sense), which repeating cannot change. 5xx are not
 * kept. Nor is any 400: most are found before the key is even claimed (the schema), and the
 * rest — an image host that failed, a value out of range — must follow the same rule, and a
 * fixed host should be reachable by the same retry. Nor are the refusals that depend on time or
 * plan rather than on the request (429, 402) or on the key's state (409): repeating the request
 * with the same key after waiting or upgrading is exactly what the client is told to do.
 */
export function isKeptStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 422;
}

/** The headers that describe a kept body; they are replayed with it. */
export const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'content-language', 'x-hosted-url', 'x-warnings'] as const;
