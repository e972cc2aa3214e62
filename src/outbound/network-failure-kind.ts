const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);

/**
 * What kind of network failure an outbound request met, from the error's code only: library and
 * system messages may name internal addresses and are never passed on.
 */
export function networkFailureKind(error: unknown): 'dns' | 'tls' | 'connection' {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (DNS_FAILURES.has(code)) return 'dns';
  if (/^ERR_(TLS|SSL)_|CERT|SIGNED|UNABLE_TO_|ISSUER|CHAIN/.test(code)) return 'tls';
  return 'connection';
}
