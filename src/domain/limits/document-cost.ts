import type { PlanLimits } from './plans.ts';
import { utcWindows } from './utc-windows.ts';

/** What one successful generation costs, in tenths of a document so the sums stay exact (D21). */
export interface DocumentCost {
  /** A PDF or UBL is 10 (one document), a JSON answer 1 (ten make one). */
  readonly documentTenths: number;
  /** 1 for a PDF: the free plan caps PDFs separately. */
  readonly pdfs: number;
}

export type MeteredOutput = 'json' | 'pdf' | 'ubl';

/** D21: PDF and UBL 1 document, JSON 0.1; a batch item is priced as the output it produces. */
export function documentCost(output: MeteredOutput): DocumentCost {
  return output === 'json' ? { documentTenths: 1, pdfs: 0 } : { documentTenths: 10, pdfs: output === 'pdf' ? 1 : 0 };
}

/**
 * D21: a batch item is 1 document. It is also a PDF when it renders one (behind its hosted link),
 * so the free plan's PDF cap holds for batches too.
 */
export function batchItemCost(rendersPdf: boolean): DocumentCost {
  return { documentTenths: 10, pdfs: rendersPdf ? 1 : 0 };
}

/** An account's usage of the current month. */
export interface MonthlyUsage {
  readonly documentTenths: number;
  readonly pdfs: number;
}

/** meta.monthly (D22): documents_used has one decimal. */
export interface MonthlyView {
  readonly documents_used: number;
  readonly documents_limit: number | null;
  readonly pdfs_used: number;
  readonly pdfs_limit: number | null;
  readonly reset_at: number;
}

export function monthlyView(usage: MonthlyUsage, plan: PlanLimits, nowMs: number): MonthlyView {
  return {
    documents_used: usage.documentTenths / 10,
    documents_limit: plan.monthlyDocuments,
    pdfs_used: usage.pdfs,
    pdfs_limit: plan.monthlyPdfs,
    reset_at: utcWindows(nowMs).monthEnd,
  };
}

/** D22: credits {total, used} of /api/auth/me: used is documents rounded up. */
export function credits(usage: MonthlyUsage, plan: PlanLimits): { total: number | null; used: number } {
  return { total: plan.monthlyDocuments, used: Math.ceil(usage.documentTenths / 10) };
}

/**
 * The largest usage a plan allows, in the units the meter stores; null = unlimited. Used by the
 * conditional update that admits a generation only if it still fits.
 */
export function usageCeilings(plan: PlanLimits): { documentTenths: number | null; pdfs: number | null } {
  return {
    documentTenths: plan.monthlyDocuments === null ? null : plan.monthlyDocuments * 10,
    pdfs: plan.monthlyPdfs,
  };
}

/** Why a generation does not fit the month; undefined when it does. */
export function quotaShortfall(usage: MonthlyUsage, cost: DocumentCost, plan: PlanLimits): 'documents' | 'pdfs' | undefined {
  const ceilings = usageCeilings(plan);
  if (ceilings.pdfs !== null && cost.pdfs > 0 && usage.pdfs + cost.pdfs > ceilings.pdfs) return 'pdfs';
  if (ceilings.documentTenths !== null && usage.documentTenths + cost.documentTenths > ceilings.documentTenths) return 'documents';
  return undefined;
}
