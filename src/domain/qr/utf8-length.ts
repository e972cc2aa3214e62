const ENCODER = new TextEncoder();

/**
 * Bytes of `text` in UTF-8. QR byte mode carries UTF-8, so payload limits are counted here and not
 * in JavaScript string length (one CJK character is 3 bytes, and a limit in characters would let a
 * payload overflow the largest QR symbol).
 */
export function utf8Length(text: string): number {
  return ENCODER.encode(text).length;
}
