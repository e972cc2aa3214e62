import type { GenerationWarning } from '../limits/hosted-link-omitted.ts';
import type { EInvoiceProblem } from './einvoice-problem.ts';

/**
 * The warning of a UBL document asked for without a profile whose data falls short of EN 16931:
 * it is a UBL 2.1 document without EN 16931's CustomizationID, and the message names what EN 16931
 * would need, as the pre-flight would have.
 */
export function notEn16931Warning(problems: readonly EInvoiceProblem[]): GenerationWarning {
  const list = problems.map((p) => `${p.field} (${p.term}): ${p.message}`).join('; ');
  return {
    code: 'not_en16931',
    message: `This UBL 2.1 document is not an EN 16931 e-invoice, and says so: it carries no EN 16931 CustomizationID, because the request lacks what EN 16931 needs. ${list}. Send these and the document is an EN 16931 invoice; send profile "en16931" (or "peppol", "xrechnung") to be refused instead of answered when they are missing.`,
  };
}
