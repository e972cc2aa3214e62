import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../../src/errors/app-error.ts';
import { checkEInvoices } from '../../helpers/check-einvoice.ts';
import { eInvoiceRequestArb } from '../../helpers/einvoice-arbitrary.ts';
import { ALL_PAIRINGS } from '../../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';

/** Per pairing; the larger run is scripts/check-einvoice-sample.ts (docs/performance.md). */
const SAMPLES = Number(process.env.EINVOICE_SAMPLES ?? 8);

/**
 * D39's promise as a property: for random requests under every profile, either the pre-flight
 * refuses (400 e_invoice_incomplete, or a validation the request breaks) or the document passes
 * the official schema and rules with 0 fatal. Requests are drawn with a fixed seed so a failure
 * replays; each pairing gets its own sample.
 */
describe('random e-invoice requests under every profile (D39)', () => {
  it('every document the pre-flight lets through has 0 fatal failures, and most requests get through', async () => {
    const made: Array<{ xml: string; profile: 'en16931' | 'peppol' | 'xrechnung'; request: unknown }> = [];
    let refused = 0;
    ALL_PAIRINGS.forEach((pairing, p) => {
      for (const request of fc.sample(eInvoiceRequestArb, { numRuns: SAMPLES, seed: 2511 + p })) {
        const body = { ...request, output: pairing.output, profile: pairing.profile };
        try {
          made.push({ xml: makeEInvoice(body).xml, profile: pairing.profile, request: body });
        } catch (error) {
          assert.ok(error instanceof AppError, `an internal error for ${JSON.stringify(body)}: ${String(error)}`);
          assert.ok(['e_invoice_incomplete', 'validation_error', 'calculation_error'].includes(error.code), `${error.code}: ${error.message}`);
          refused += 1;
        }
      }
    });
    assert.ok(made.length >= ALL_PAIRINGS.length * SAMPLES / 2, `${made.length} made, ${refused} refused`);
    const checks = await checkEInvoices(made);
    checks.forEach((check, i) => {
      const where = JSON.stringify(made[i]!.request);
      assert.deepEqual(check.schema.errors, [], where);
      assert.deepEqual(check.rules.fatal.map((f) => `${f.id}: ${f.text}`), [], where);
    });
  });
});
