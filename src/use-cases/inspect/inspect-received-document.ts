import { AppError } from '../../errors/app-error.ts';
import { computeInvoiceResult } from '../../domain/invoice/compute-invoice.ts';
import { CURRENCY_MINOR_UNITS } from '../../domain/invoice/catalog.ts';
import { compareTotals } from '../../domain/inspect/compare-totals.ts';
import { asTaxInclusive } from '../../domain/inspect/as-tax-inclusive.ts';
import { fitLinesToNets } from '../../domain/inspect/fit-lines-to-nets.ts';
import { receivedInvoiceRequest } from '../../domain/inspect/received-invoice-request.ts';
import { scanXmlProlog } from '../../domain/inspect/scan-xml-prolog.ts';
import { verdictOf, type Finding } from '../../domain/inspect/verdict.ts';
import { withoutKnownFalseAlarms } from '../../domain/inspect/without-known-false-alarms.ts';
import { withKositLevels } from '../../domain/inspect/kosit-scenario-levels.ts';
import type { CheckName } from '../../domain/inspect/received-document.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import { validateInvoiceRequest } from '../../requests/validate-invoice-request.ts';
import type { EInvoiceChecker } from '../../einvoice-check/einvoice-checker.ts';
import type { RuleSet } from '../../einvoice-check/rule-set-files.ts';
import type { Inspection } from './inspection.ts';

/** A received e-invoice: its XML text, or a hybrid PDF carrying it. */
export type ReceivedBody =
  | { readonly container: 'xml'; readonly xml: string }
  | { readonly container: 'pdf'; readonly pdf: Uint8Array };

const CHECK_OF_SET: Readonly<Record<RuleSet, CheckName>> = {
  'en16931-ubl': 'en16931', 'en16931-cii': 'en16931', 'peppol-ubl': 'peppol', 'xrechnung-ubl': 'xrechnung', 'xrechnung-cii': 'xrechnung',
};

const refused = (reason: string) => new AppError('invalid_document', reason);

/**
 * The request its amounts are computed from. The amounts do not depend on the document type, and
 * a credit note that names no invoice it corrects (EN 16931 allows it, this API does not) is
 * still recomputed.
 */
const forAmounts = (request: InvoiceRequest): InvoiceRequest =>
  (request.document_type === 'credit_note' && request.billing_reference === undefined ? { ...request, document_type: 'invoice' } : request);

/**
 * Checks and reads one received e-invoice: refuses, unread, what is not an e-invoice or could be
 * hostile (a DOCTYPE), then has the checker read it and run the official schema and rules its
 * syntax and profile call for, and maps it onto a request whose totals the engine recomputes.
 * Meters nothing: the HTTP, MCP and CLI callers decide that.
 */
export async function inspectReceivedDocument(checker: EInvoiceChecker, received: ReceivedBody, today: string): Promise<Inspection> {
  if (received.container === 'xml') {
    const prolog = scanXmlProlog(received.xml);
    if (prolog.kind === 'doctype') {
      throw refused('The XML declares a DOCTYPE, which an e-invoice never needs and which could declare entities (XXE, entity expansion): send the document without it.');
    }
    if (prolog.kind === 'not-xml') throw refused(`The body is not XML: found ${prolog.found} where the root element should start.`);
  }
  const { examination, outcome, attachment } = received.container === 'xml' ? await checker.examine(received.xml, false) : await checker.examinePdf(received.pdf);
  if (examination.kind === 'refused') throw refused(examination.reason);

  const findings: Finding[] = [];
  if (outcome !== undefined && !outcome.wellFormed) {
    findings.push({ check: 'schema', rule: 'schema', flag: 'fatal', location: `line ${outcome.line}`, text: `The XML is not well-formed: ${outcome.error}` });
  } else if (outcome !== undefined) {
    for (const v of outcome.schema ?? []) findings.push({ check: 'schema', rule: 'schema', flag: 'fatal', location: v.location ?? `line ${v.line}`, text: `line ${v.line}: ${v.message}` });
    for (const f of outcome.findings) findings.push({ check: CHECK_OF_SET[f.set], rule: f.rule, flag: f.flag, location: f.location, text: f.text });
  }
  const leveled = withKositLevels(withoutKnownFalseAlarms(findings, examination.invoice), examination.specificationId, examination.root);
  const verdict = verdictOf(examination.checks, leveled);
  const mapped = receivedInvoiceRequest(examination.invoice);
  const notCarried = [...mapped.notCarried];
  let request: InvoiceRequest = mapped.request;
  let totals: Inspection['totals'];
  try {
    // Read as any request is before the engine sees it: a value the API refuses (an unsupported
    // currency, a text over its length) is named here instead of computed with.
    request = validateInvoiceRequest(JSON.parse(JSON.stringify(request)), 'the document read as a request');
    const context = { today, number: request.invoice?.number ?? 'RECEIVED' };
    let breakdown = computeInvoiceResult(forAmounts(request), context).breakdown();
    // A document computed from gross prices splits its tax between categories, and its nets
    // between lines, its own way: read back as gross prices where that gives every amount again.
    const inclusive = asTaxInclusive(forAmounts(request), examination.invoice, breakdown, context);
    if (inclusive !== undefined) {
      const { invoice, items, allowances, charges } = inclusive.request;
      request = { ...request, invoice, items, ...(allowances === undefined ? {} : { allowances }), ...(charges === undefined ? {} : { charges }) };
      breakdown = inclusive.breakdown;
    } else {
      const fitted = fitLinesToNets(forAmounts(request), examination.invoice, context, breakdown);
      request = { ...request, items: fitted.request.items };
      notCarried.push(...fitted.notCarried);
      if (fitted.breakdown === undefined) breakdown = computeInvoiceResult(forAmounts(request), context).breakdown();
    }
    totals = compareTotals(examination.invoice.totals, breakdown, CURRENCY_MINOR_UNITS[request.invoice?.currency ?? 'USD']);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    totals = null;
    // A request the engine refuses (an unsupported currency, a bound exceeded) still reads.
    notCarried.push({ term: null, path: 'totals', value: `The totals could not be recomputed: ${error.message}` });
  }
  return {
    document: {
      syntax: examination.syntax,
      type: examination.creditNote ? 'credit_note' : 'invoice',
      container: received.container,
      attachment: attachment?.name ?? null,
      customization_id: examination.specificationId,
      profile: examination.profile,
    },
    verdict,
    invoice: request,
    not_carried: notCarried,
    totals,
  };
}
