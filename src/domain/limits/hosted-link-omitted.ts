import type { Tier } from '../accounts/tiers.ts';
import type { PlanLimits } from './plans.ts';

/**
 * The codes of meta.warnings: something the caller should know about an answer that succeeded.
 * not_en16931: a UBL document asked for without a profile claims no EN 16931 conformance
 * (src/domain/einvoice/not-en16931-warning.ts).
 */
export const WARNING_CODES = ['hosted_link_omitted', 'not_en16931'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/** One entry of meta.warnings (and of a batch result's warnings). */
export interface GenerationWarning {
  readonly code: WarningCode;
  readonly message: string;
}

/**
 * D42: a generation whose hosted link was only the default went through without it, because the
 * month could not take the link's cost (1 document, 1 PDF). `shortfall` is what ran out. The
 * message says how to get the link back and how to leave it out without a warning.
 */
export function hostedLinkOmitted(shortfall: 'documents' | 'pdfs', tier: Tier, plan: PlanLimits): GenerationWarning {
  const why = shortfall === 'pdfs'
    ? `the ${tier} plan's ${plan.monthlyPdfs} PDFs this month are used up`
    : `less than 1 of the ${tier} plan's ${plan.monthlyDocuments} documents this month is left`;
  return {
    code: 'hosted_link_omitted',
    message: `No hosted link was created: a hosted link is metered as a PDF (1 document, 1 PDF) and ${why}, so this invoice was generated without one (no hosted_url, no QR of the link) and metered as if features.hosted_link were false. Set features.hosted_link to false to leave the link out without this warning; features.hosted_link: true asks for it and is refused (402) when it does not fit.`,
  };
}
