import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { buildInvoiceView } from '../../../src/domain/pdf/build-invoice-view.ts';
import { printableView, REPLACEMENT } from '../../../src/domain/pdf/printable-view.ts';

/** Fonts that have ASCII (controls too, as Noto Sans maps U+0001), é and U+FFFD only. */
const covers = { has: (code: number) => code < 0x80 || code === 0xe9 || code === 0xfffd, common: /^[\t\n\r\x20-\x7e]*$/ };

function viewWith(description: string, name: string) {
  const request = { from: { name }, to: { name: 'Buyer' }, items: [{ description, quantity: 1, unit_price: 10 }] } as InvoiceRequest;
  return buildInvoiceView(computeInvoice(request, { today: '2026-11-02', number: 'INV-1' }));
}

describe('printableView: what a hybrid PDF prints where its fonts have no glyph (PDF/A, ISO 19005-3 6.2.11.8)', () => {
  it('an emoji or any character without a glyph becomes U+FFFD; another space becomes a space; the rest stays', () => {
    const view = printableView(viewWith('Café 😀 𝄞\u2003end\u0001\u001b\u0090', 'Acme\u200d \u2066x\u2069\ufe0f'), covers);
    assert.equal(view.items[0]!.cells[0], `Café ${REPLACEMENT} ${REPLACEMENT} end${REPLACEMENT.repeat(3)}`);
    assert.equal(view.parties[0]!.name, 'Acme\u200d \u2066x\u2069\ufe0f', 'joiners, bidi isolates and variation selectors need no glyph');
    assert.equal(printableView(viewWith('a\u0001b\u001bc', 'Acme'), covers).items[0]!.cells[0], `a${REPLACEMENT}b${REPLACEMENT}c`, 'controls in ASCII-only text too');
  });

  it('line breaks and the controls Typst skips stay, and a view the fonts can print comes back equal', () => {
    const view = viewWith('two\nlines\r\n\ttab\v\f\0\x7f\x85\u2028\u2029', 'Acme');
    assert.equal(printableView(view, covers), view, 'the very same object: nothing is copied');
  });
});
