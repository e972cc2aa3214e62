/**
 * A Content-Disposition value for a file name that may hold anything an invoice number can
 * (RFC 6266, 8187): `filename` gets an ASCII stand-in (other characters become "_", so no quote or
 * control character reaches the header), and `filename*` the exact UTF-8 name when they differ.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // A lone surrogate (valid in a JSON string) would make encodeURIComponent throw: it becomes U+FFFD.
  const fileName = name.toWellFormed();
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  if (ascii === fileName) return `${kind}; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
