import fc from 'fast-check';
import { fuzzBaseArb } from './einvoice-fuzz-bases.ts';
import { applyKnobs, knobsArb, rarely, respell } from './einvoice-fuzz-knobs.ts';
import type { FuzzPairing } from './einvoice-fuzz-pairings.ts';
import { applyTextEdit, applyTypo, textEditArb, typoArb } from './einvoice-fuzz-text.ts';

type Json = Record<string, any>;

/**
 * What the answer to a fuzzed request must be, beyond the contract every answer meets (a 200
 * with a document of 0 fatal, or a 4xx naming a field): `complete` — nothing illegal was done to
 * a base complete for the pairing's profile, so a 200 is owed; `typo` — a key was misspelt, so a
 * 4xx is owed (D46), naming that path when nothing else is wrong.
 */
export type Expectation =
  | { readonly kind: 'any' }
  | { readonly kind: 'complete' }
  | { readonly kind: 'typo'; readonly path: string; readonly alone: boolean };

export interface FuzzCase {
  /** The body sent, output and profile included. */
  readonly body: Json;
  readonly expect: Expectation;
  readonly base: string;
  /** What was varied, for the report; `illegal` are the variations that may make it incomplete or wrong. */
  readonly labels: readonly string[];
  readonly illegal: readonly string[];
}

/**
 * Most requests edit no string field or a few, so most reach a document; one in eight edits up
 * to 40 at once. The count is drawn through a number that shrinks to 0 edits.
 */
const textEditsArb = fc.tuple(fc.noBias(fc.nat(7)), fc.array(textEditArb, { maxLength: 40 }))
  .map(([n, edits]) => (n < 3 ? [] : n < 7 ? edits.slice(0, 1 + (n - 3) % 3) : edits));

const planArb = (pairing: FuzzPairing) => fc.record({
  base: fuzzBaseArb(pairing.ruleProfile),
  // A "clean" request keeps only the legal variations: the share of requests that owe a 200.
  messy: fc.noBias(fc.nat(4)).map((n) => n >= 2),
  knobs: knobsArb,
  text: textEditsArb,
  typo: rarely(typoArb, 12),
});

/** Random requests for one pairing, each with what its answer owes (see Expectation). */
export function eInvoiceFuzzCaseArb(pairing: FuzzPairing): fc.Arbitrary<FuzzCase> {
  return planArb(pairing).map((plan) => {
    const request = structuredClone(plan.base.request);
    const legalOnly = !plan.messy;
    const knobs = applyKnobs(request, plan.knobs, { domestic: plan.base.domestic, legalOnly, profile: pairing.ruleProfile });
    const labels = [...knobs.labels];
    const illegal = [...knobs.illegal];
    for (const edit of plan.text) {
      const done = applyTextEdit(request, edit, legalOnly);
      if (done === undefined) continue;
      labels.push(done.label);
      if (!done.legal) illegal.push(done.label);
    }
    const typo = plan.typo === null ? undefined : applyTypo(request, plan.typo);
    if (typo !== undefined) labels.push(`misspelt key ${typo}`);
    const body = respell({ ...request, output: pairing.output, ...(pairing.profile === undefined ? {} : { profile: pairing.profile }) }, typo === undefined ? plan.knobs.spelling : 'base');
    const owed = plan.base.completeFor.includes(pairing.ruleProfile) || (plan.base.interfaceOnly === true && pairing.name === 'ubl/-');
    const expect: Expectation = typo !== undefined
      ? { kind: 'typo', path: typo, alone: illegal.length === 0 }
      : illegal.length === 0 && owed ? { kind: 'complete' } : { kind: 'any' };
    return { body, expect, base: plan.base.name, labels, illegal };
  });
}
