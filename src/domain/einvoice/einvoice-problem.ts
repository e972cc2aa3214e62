/**
 * D39: one thing a profile needs that the request lacks or contradicts: the request field to send
 * or change, the EN 16931 business term it fills, and what to do. The rule id it answers for
 * (BR-10, PEPPOL-EN16931-R020, BR-DE-15 …) is quoted in the message, so a caller who checks the
 * document with the official validator recognises it.
 */
export interface EInvoiceProblem {
  readonly field: string;
  readonly term: string;
  readonly message: string;
}
