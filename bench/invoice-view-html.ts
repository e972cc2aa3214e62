import type { InvoiceView } from '../src/domain/pdf/invoice-view.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const lines = (text: string) => escape(text).replace(/\n/g, '<br>');

/**
 * The same worded invoice as HTML, for the Chromium baseline of bench/pdf.bench.ts only: a layout
 * close to templates/invoice.typ (header band, parties, striped table with a repeating header,
 * totals, payment block, notes), so both engines typeset the same content.
 */
export function invoiceViewHtml(view: InvoiceView): string {
  const t = view.theme;
  const fonts = view.fonts.map((f) => `"${f}"`).join(', ');
  return `<!doctype html><html lang="${view.lang}" dir="${view.dir}"><head><meta charset="utf-8"><style>
@page { size: ${view.paper === 'a4' ? 'A4' : 'Letter'}; margin: 16mm 16mm 20mm; }
body { font: 9pt ${fonts}, sans-serif; color: ${t.text}; margin: 0; }
.head { background: ${t.header_fill ?? 'transparent'}; color: ${t.header_fill ? t.header_text : t.text}; padding: 4mm 5mm; display: flex; justify-content: space-between; }
h1 { font-size: 22pt; margin: 0 0 1mm; color: ${t.header_fill ? t.header_text : t.accent}; }
.meta td { padding: 0 4mm 0 0; } .meta td:first-child { font-weight: bold; }
.parties { display: flex; gap: 6mm; margin: 5mm 0; } .parties > div { flex: 1; }
.h { font-size: 8pt; font-weight: bold; color: ${t.accent}; }
table.items { width: 100%; border-collapse: collapse; } .items th { background: ${t.table_header_fill ?? 'transparent'}; color: ${t.table_header_text}; text-align: start; }
.items th, .items td { padding: 1.8mm 2mm; } .items tr { break-inside: avoid; } .items tbody tr:nth-child(even) { background: ${t.stripe ?? 'transparent'}; }
.num { text-align: end; white-space: nowrap; } thead { display: table-header-group; }
.totals { width: 85mm; margin-inline-start: auto; margin-top: 4mm; break-inside: avoid; } .totals td:last-child { text-align: end; } .strong { font-weight: bold; font-size: 11pt; color: ${t.accent}; }
</style></head><body>
<div class="head"><div><h1>${escape(view.title)}</h1><table class="meta">${view.meta.map(([k, v]) => `<tr><td>${escape(k)}</td><td>${escape(v)}</td></tr>`).join('')}</table></div></div>
<div class="parties">${view.parties.map((p) => `<div><div class="h">${escape(p.heading)}</div><b>${escape(p.name)}</b>${p.lines.map((l) => `<br>${lines(l)}`).join('')}</div>`).join('')}</div>
<table class="items"><thead><tr>${view.columns.map((c) => `<th class="${c.numeric ? 'num' : ''}">${escape(c.label)}</th>`).join('')}</tr></thead><tbody>
${view.items.map((row) => `<tr>${row.cells.map((cell, i) => `<td class="${view.columns[i]!.numeric ? 'num' : ''}">${lines(cell)}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>
<table class="totals">${view.totals.map((r) => `<tr class="${r.strong ? 'strong' : ''}"><td>${escape(r.label)}</td><td>${escape(r.value)}</td></tr>`).join('')}</table>
${view.payment === null ? '' : `<div class="h" style="margin-top:6mm">${escape(view.payment.heading)}</div><table>${view.payment.rows.map(([k, v]) => `<tr><td><b>${escape(k)}</b></td><td>${lines(v)}</td></tr>`).join('')}</table>`}
${view.sections.map((s) => `<div class="h" style="margin-top:5mm">${escape(s.heading)}</div><div>${lines(s.text)}</div>`).join('')}
</body></html>`;
}
