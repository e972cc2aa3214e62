/** The id and signature of a hosted invoice link, …/api/i/<id>?t=<signature>, whatever its host. */
export function hostedLinkParts(link: string): { id: string; t: string } {
  const url = new URL(link);
  const id = /\/api\/i\/([^/]+)$/.exec(url.pathname)?.[1];
  const t = url.searchParams.get('t');
  if (id === undefined || t === null) throw new TypeError(`Not a hosted invoice link (…/api/i/<id>?t=…): ${link}`);
  return { id: decodeURIComponent(id), t };
}
