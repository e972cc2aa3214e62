import type { DocumentCost, MonthlyUsage } from './document-cost.ts';

/** A cost recorded against an account's month, so it can be taken back (withdrawInvoice). */
export interface Metered {
  readonly accountId: string;
  readonly monthStart: number;
  readonly cost: DocumentCost;
  /** The month's usage including this document. */
  readonly usage: MonthlyUsage;
}
