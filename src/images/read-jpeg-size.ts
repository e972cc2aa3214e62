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
 * Width, height and number of colour components from the first start-of-frame segment, walking
 * the marker segments after SOI (APPn such as EXIF and ICC, DQT, DHT … come first). Fill bytes
 * (repeated FF before a marker) are skipped. Undefined — never an exception — for anything that is
 * not a well-formed segment list up to the frame header: truncated data, a length that runs past
 * the end, a stray byte, or reaching the scan (SOS) or the end (EOI) without a frame.
 */
export function readJpegFrame(bytes: Buffer): { width: number; height: number; components: number } | undefined {
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
      // Frame header: length (2), sample precision (1), height (2), width (2), components (1) …
      if (length < 8) return undefined;
      return { height: bytes.readUInt16BE(at + 3), width: bytes.readUInt16BE(at + 5), components: bytes[at + 7] as number };
    }
    at += length;
  }
  return undefined;
}

/** Width and height of a JPEG (readJpegFrame). */
export function readJpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  const frame = readJpegFrame(bytes);
  return frame === undefined ? undefined : { width: frame.width, height: frame.height };
}

/**
 * A JPEG of four components: CMYK (or YCCK, Adobe's transform of it). PDF/A-3b with the sRGB output
 * intent of a hybrid cannot show it (ISO 19005-3, 6.2.4.3), and Typst refuses to write it.
 */
export function isCmykJpeg(bytes: Buffer): boolean {
  return readJpegFrame(bytes)?.components === 4;
}
