/**
 * The path of a request URL without its query string, at most 200 characters: what logs and
 * error messages may show. The query can hold a hosted link's signature or a verification token.
 */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).slice(0, 200);
}
