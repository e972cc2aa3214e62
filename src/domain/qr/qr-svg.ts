import QRCode from 'qrcode';

/** ISO/IEC 18004 asks for a 4-module light margin around the symbol so scanners find its edges. */
export const QR_QUIET_ZONE_MODULES = 4;

/**
 * The QR of `payload` as a self-contained SVG: black modules on white, sized in modules through the
 * viewBox so the PDF layout scales it, crispEdges so renderers do not blur module borders. Each run
 * of dark modules in a row is one rectangle of a single path, which keeps the SVG small (version
 * 10, about 200 bytes of payload, comes to some 12 kB). No fonts, scripts or links, so it embeds
 * anywhere.
 *
 * Error correction M (15 % of the symbol recoverable) is the usual trade between density and
 * tolerance of print smudges. Every payload checkQrPayload accepts fits; a larger one makes the
 * qrcode package throw.
 */
export function qrSvg(payload: string): string {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const side = size + 2 * QR_QUIET_ZONE_MODULES;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      let end = col + 1;
      while (end < size && modules.get(row, end)) end += 1;
      const run = end - col;
      path += `M${col + QR_QUIET_ZONE_MODULES} ${row + QR_QUIET_ZONE_MODULES}h${run}v1h-${run}z`;
      col = end;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">`
    + `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
