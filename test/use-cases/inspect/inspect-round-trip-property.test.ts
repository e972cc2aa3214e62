import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { isAppError } from '../../../src/errors/app-error.ts';
import { createCheckWorkerPool } from '../../../src/einvoice-check/check-worker-pool.ts';
import { inspectReceivedDocument } from '../../../src/use-cases/inspect/inspect-received-document.ts';
import { eInvoiceFuzzCaseArb } from '../../helpers/einvoice-fuzz-arbitrary.ts';
import { FUZZ_PAIRINGS } from '../../helpers/einvoice-fuzz-pairings.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';

// D51's round trip over random requests: the e-invoice fuzzer's requests that are complete for
// their profile (each owes a document), made into UBL or CII, inspected, are valid and give a
// request that generates the same bytes again. The suite runs a few per pairing with a fixed
// seed; ROUND_TRIP_RUNS and ROUND_TRIP_SEED run more (docs/inspect.md records such a run).
const RUNS = Number(process.env.ROUND_TRIP_RUNS ?? 6);
const SEED = Number(process.env.ROUND_TRIP_SEED ?? 51);
const checker = createCheckWorkerPool({ size: 2 });
after(() => checker.close());

const PAIRINGS = FUZZ_PAIRINGS.filter((p) => (p.output === 'ubl' || p.output === 'cii') && p.profile !== undefined);

describe('inspect: random complete requests round-trip byte for byte', () => {
  for (const pairing of PAIRINGS) {
    it(`${pairing.name}: ${RUNS} requests, seed ${SEED}`, async () => {
      const complete = eInvoiceFuzzCaseArb(pairing).filter((c) => c.expect.kind === 'complete');
      await fc.assert(fc.asyncProperty(complete, async ({ body, labels }) => {
        // The round trip is about documents the service makes: a request it refuses makes none
        // (the fuzzer's own run judges those refusals).
        let xml: string;
        try {
          xml = makeEInvoice(body).xml;
        } catch (error) {
          if (!isAppError(error)) throw error;
          fc.pre(false);
          return;
        }
        const inspection = await inspectReceivedDocument(checker, { container: 'xml', xml }, '2026-11-25');
        assert.deepEqual(inspection.verdict.problems.filter((p) => p.severity === 'fatal'), [], labels.join('; '));
        assert.equal(inspection.totals?.agree, true, JSON.stringify(inspection.totals?.differences));
        const again = makeEInvoice({ ...inspection.invoice, output: pairing.output, profile: pairing.profile });
        assert.equal(again.xml, xml, `${labels.join('; ')}; not carried: ${JSON.stringify(inspection.not_carried)}`);
      }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    });
  }
});
