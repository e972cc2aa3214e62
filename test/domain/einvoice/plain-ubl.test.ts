import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planEInvoice, planWarnings } from '../../../src/domain/einvoice/check-einvoice-profile.ts';
import { kindFor } from '../../../src/domain/documents/kind-for.ts';
import { computeInvoiceResult } from '../../../src/domain/invoice/compute-invoice.ts';
import { validateInvoiceRequest } from '../../../src/requests/validate-invoice-request.ts';
import { validateSchema } from '../../helpers/check-einvoice.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';
import { UBL_FIXTURES } from '../../helpers/ubl-fixtures.ts';

/** The fixtures that lack what EN 16931 needs (each breaks the rules it lists). */
const SHORT = UBL_FIXTURES.filter((f) => f.breaks.length > 0);

describe('output "ubl" without a profile, short of EN 16931: a plain UBL 2.1 document', () => {
  it('each fixture short of EN 16931 is a schema-valid UBL 2.1 document without CustomizationID or ProfileID', async () => {
    assert.ok(SHORT.length >= 5, `${SHORT.length} fixtures`);
    const documents = SHORT.map((f) => makeEInvoice({ ...f.request, output: 'ubl' }).xml);
    for (const [i, xml] of documents.entries()) {
      assert.doesNotMatch(xml, /<cbc:CustomizationID>|<cbc:ProfileID>/, SHORT[i]!.name);
      assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?><Invoice [^>]*><cbc:UBLVersionID>2\.1<\/cbc:UBLVersionID><cbc:ID>/, SHORT[i]!.name);
    }
    assert.deepEqual((await validateSchema(documents)).map((v, i) => [SHORT[i]!.name, v.errors]), SHORT.map((f) => [f.name, []]));
  });

  it('the warning not_en16931 names each rule the document does not meet, field and term, as the pre-flight would', () => {
    for (const fixture of SHORT) {
      const request = validateInvoiceRequest(JSON.parse(JSON.stringify({ ...fixture.request, output: 'ubl' })), 'body');
      const { invoice, breakdown } = computeInvoiceResult(request, { today: '2026-11-25', number: 'X-1' });
      const warnings = planWarnings(planEInvoice(invoice, breakdown, kindFor('ubl', invoice.profile)));
      assert.deepEqual(warnings.map((w) => w.code), ['not_en16931'], fixture.name);
      for (const rule of fixture.breaks) assert.match(warnings[0]!.message, new RegExp(`\\b${rule}\\b`), `${fixture.name}: ${rule}`);
      assert.match(warnings[0]!.message, /no EN 16931 CustomizationID/);
    }
  });

  it('the same fixtures with profile en16931 sent are refused, and CII without a profile is too', () => {
    for (const fixture of SHORT) {
      for (const pairing of [{ output: 'ubl', profile: 'en16931' }, { output: 'cii' }]) {
        assert.throws(() => makeEInvoice({ ...fixture.request, ...pairing }), /e-invoice cannot be made/, `${fixture.name} ${JSON.stringify(pairing)}`);
      }
    }
  });
});
