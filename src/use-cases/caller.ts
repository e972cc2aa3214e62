/**
 * Who is asking. Only anonymous callers exist until accounts land; API-key and session callers
 * join this union then, and everything that switches on `kind` must handle them.
 */
export type Caller = { readonly kind: 'anonymous'; readonly ip: string };
