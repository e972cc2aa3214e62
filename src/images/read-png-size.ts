const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** True when the bytes start with the 8-byte PNG signature (\x89PNG\r\n\x1a\n). */
export function isPng(bytes: Buffer): boolean {
  return bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/**
 * Width and height from the IHDR chunk, which the PNG specification requires to come first,
 * right after the signature, with a 13-byte body. Undefined when that is not what follows.
 * Only the header is read: D26 asks for the type and the size, not a full decode.
 */
export function readPngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (!isPng(bytes) || bytes.length < 24) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
