const ENCODER = new TextEncoder();

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of `text` in UTF-8:
 * the checksum EMVCo merchant-presented QR payloads (Pix, PromptPay) end with.
 * Bitwise rather than table-driven: payloads are at most 512 characters and checked once.
 */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of ENCODER.encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}
