/**
 * Where a page of the delivery log ends: the last delivery listed, not an offset, so deliveries
 * made meanwhile (listed first, newest first) do not shift the pages that follow.
 */
export interface DeliveryCursor {
  /** Unix ms the delivery was made. */
  readonly createdAt: number;
  readonly id: string;
}

const CURSOR_TEXT = /^(\d{1,15})\.([0-9A-Za-z]{22})$/;

/** Opaque to callers (base64url), so its form can change without breaking them. */
export function encodeDeliveryCursor(cursor: DeliveryCursor): string {
  return Buffer.from(`${cursor.createdAt}.${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor a page gave, or undefined for anything this API did not give. */
export function decodeDeliveryCursor(text: string): DeliveryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return undefined;
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (match === null) return undefined;
  return { createdAt: Number(match[1]), id: match[2]! };
}
