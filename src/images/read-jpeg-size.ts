/** True when the bytes start with a JPEG start-of-image marker followed by another marker (FF D8 FF). */
export function isJpeg(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers without a length field: TEM, RST0–RST7 and a repeated SOI. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
}

/**
 * Width and height from the first start-of-frame segment, walking the marker segments after SOI
 * (APPn such as EXIF and ICC, DQT, DHT … come first). Fill bytes (repeated FF before a marker)
 * are skipped. Undefined — never an exception — for anything that is not a well-formed segment
 * list up to the frame header: truncated data, a length that runs past the end, a stray byte,
 * or reaching the scan (SOS) or the end (EOI) without a frame.
 */
export function readJpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (!isJpeg(bytes)) return undefined;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    while (at < bytes.length && bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return undefined;
    const marker = bytes[at] as number;
    at += 1;
    if (isStandalone(marker)) continue;
    if (marker === 0x00 || marker === 0xd9 || marker === 0xda) return undefined;
    if (at + 2 > bytes.length) return undefined;
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) return undefined;
    if (isStartOfFrame(marker)) {
      // Frame header: length (2), sample precision (1), height (2), width (2), components …
      if (length < 7) return undefined;
      return { height: bytes.readUInt16BE(at + 3), width: bytes.readUInt16BE(at + 5) };
    }
    at += length;
  }
  return undefined;
}
