import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createCheckWorkerPool } from '../../../src/einvoice-check/check-worker-pool.ts';
import { inspectReceivedDocument } from '../../../src/use-cases/inspect/inspect-received-document.ts';
import { EINVOICE_FIXTURES } from '../../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';

// D51's round trip: every document of the e-invoice matrix, inspected, is valid and gives a
// request that generates the same bytes again, under the profile the document claims.
const checker = createCheckWorkerPool({ size: 2 });
after(() => checker.close());

/** Where two texts part, with a little of each: a whole document in a failure message hides it. */
function firstDifference(actual: string, expected: string): string {
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i += 1;
  return `regenerated differs at ${i}: …${actual.slice(Math.max(0, i - 60), i + 80)}… instead of …${expected.slice(Math.max(0, i - 60), i + 80)}…`;
}

describe('inspect: the e-invoice matrix round-trips byte for byte', () => {
  for (const fixture of EINVOICE_FIXTURES) {
    for (const { output, profile } of fixture.pairings) {
      it(`${fixture.name}, ${output} + ${profile}`, async () => {
        const { xml } = makeEInvoice({ ...fixture.request, output, profile });
        const inspection = await inspectReceivedDocument(checker, { container: 'xml', xml }, '2026-11-25');
        assert.deepEqual(inspection.verdict.problems.filter((p) => p.severity === 'fatal'), [], 'the document is valid');
        assert.equal(inspection.verdict.valid, true);
        assert.equal(inspection.document.profile, profile);
        assert.equal(inspection.totals?.agree, true, JSON.stringify(inspection.totals?.differences));
        assert.ok(inspection.invoice !== null);
        const again = makeEInvoice({ ...inspection.invoice, output, profile });
        assert.ok(again.xml === xml, `${firstDifference(again.xml, xml)}; not carried: ${JSON.stringify(inspection.not_carried)}`);
      });
    }
  }
});
