import type { PlanLimits } from './plans.ts';
import { utcWindows } from './utc-windows.ts';

/** What one successful generation costs, in tenths of a document so the sums stay exact (D21). */
export interface DocumentCost {
  /** A PDF or an e-invoice (UBL, CII) is 10 (one document), a JSON answer 1 (ten make one). */
  readonly documentTenths: number;
  /** 1 for a PDF: the free plan caps PDFs separately. */
  readonly pdfs: number;
}

export type MeteredOutput = 'json' | 'pdf' | 'ubl' | 'cii';

/**
 * D21 with D41, D42: PDF and e-invoices (UBL, CII) 1 document, JSON 0.1. A hosted link serves a PDF on demand, so a
 * generation that creates one is metered as a PDF (1 document, 1 PDF) whatever its output.
 */
export function documentCost(output: MeteredOutput, withLink: boolean): DocumentCost {
  if (output === 'pdf' || withLink) return { documentTenths: 10, pdfs: 1 };
  return output === 'json' ? { documentTenths: 1, pdfs: 0 } : { documentTenths: 10, pdfs: 0 };
}

/**
 * A batch item is 1 document. With its hosted link it is also a PDF (the PDF is rendered
 * behind the link), so the free plan's PDF cap holds for batches too.
 */
export function batchItemCost(withLink: boolean): DocumentCost {
  return { documentTenths: 10, pdfs: withLink ? 1 : 0 };
}

/** How a request asked for its hosted link: features.hosted_link true, absent (D14: on), or false. */
export type HostedLinkAsk = 'explicit' | 'default' | 'off';

/** One way a generation may be metered: its cost, and whether its hosted link comes with it. */
export interface MeteringChoice {
  readonly cost: DocumentCost;
  readonly keepsLink: boolean;
}

/**
 * D42: the costs a generation may be metered at, the preferred first. A link the caller asked for
 * explicitly is part of the request: if its cost does not fit, the request is refused (402). A link
 * that was only the default gives way: when the month cannot take the link's cost but can take the
 * generation's without it (the PDFs are used up, or a JSON answer's 0.1 fits the documents left but
 * 1 does not), the generation goes through without the link. A PDF costs the same either way, so
 * it has one choice.
 */
export function meteringChoices(costOf: (withLink: boolean) => DocumentCost, link: HostedLinkAsk): readonly MeteringChoice[] {
  if (link === 'off') return [{ cost: costOf(false), keepsLink: false }];
  const withLink: MeteringChoice = { cost: costOf(true), keepsLink: true };
  const without = costOf(false);
  if (link === 'explicit' || (without.documentTenths === withLink.cost.documentTenths && without.pdfs === withLink.cost.pdfs)) return [withLink];
  return [withLink, { cost: without, keepsLink: false }];
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

/** credits {total, used} of /api/auth/me: used is documents rounded up. */
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
