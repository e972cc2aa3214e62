import { checkRules, validateSchema, type EInvoiceProfile } from './check-einvoice.ts';

type Json = Record<string, any>;

/** One thing wrong with an answer: `signature` groups the same fault across requests, `detail` says where. */
export interface Finding {
  readonly signature: string;
  readonly detail: string;
}

/**
 * The official schema's complaint as a signature without line numbers or values:
 * "Element 'cbc:Note': [facet 'minLength'] …" → "schema cbc:Note minLength".
 */
export function schemaSignature(error: string): string {
  const element = /Element '([^']+)'/.exec(error)?.[1];
  const facet = /\[facet '(\w+)'\]/.exec(error)?.[1];
  return ['schema', element ?? error.replace(/^line \d+: /, '').slice(0, 60), facet].filter(Boolean).join(' ');
}

/** Schema verdicts for many documents in one xmllint run (a run costs ~0.2 s however many it holds). */
export async function schemaFindings(xmls: readonly string[]): Promise<Finding[][]> {
  const verdicts = await validateSchema(xmls);
  return verdicts.map((v) => v.errors.map((e) => ({ signature: schemaSignature(e), detail: `schema: ${e}` })));
}

/**
 * CII requires some groups even when they hold nothing for this invoice (the header delivery);
 * every other element without content is a blank the request carried (D47).
 */
const MAY_BE_EMPTY = new Set(['ram:ApplicableHeaderTradeDelivery']);
const ENTITY = /&#(x[0-9a-fA-F]+|[0-9]+);/g;

/** Elements with no content, or only white space (a no-break space included): D47 promises none. */
export function emptyElementFindings(xml: string): Finding[] {
  const found = new Map<string, number>();
  const note = (name: string) => { if (!MAY_BE_EMPTY.has(name)) found.set(name, (found.get(name) ?? 0) + 1); };
  for (const m of xml.matchAll(/<([\w.-]+:)?([\w.-]+)(?:\s[^<>]*?)?\/>/g)) note(`${m[1] ?? ''}${m[2]}`);
  for (const m of xml.matchAll(/<((?:[\w.-]+:)?[\w.-]+)(?:\s[^<>]*)?>([^<]*)<\/\1>/g)) {
    const text = m[2]!.replace(ENTITY, (_, code: string) => String.fromCodePoint(code.startsWith('x') ? parseInt(code.slice(1), 16) : Number(code)));
    if (text.trim() === '') note(m[1]!);
  }
  return [...found].map(([name, n]) => ({ signature: `D47 empty element ${name}`, detail: `${n} × <${name}> without content` }));
}

/**
 * The profile's official business rules and the "no empty element" promise for one document (the
 * schema is checked separately, in batches). `profile` undefined: a plain UBL 2.1 document (D48),
 * which claims no EN 16931 conformance and is held to the schema alone.
 */
export async function ruleFindings(xml: string, profile: EInvoiceProfile | undefined, where: string): Promise<Finding[]> {
  const findings = emptyElementFindings(xml).map((f) => ({ ...f, detail: `${where}: ${f.detail}` }));
  if (profile === undefined) {
    if (/<cbc:CustomizationID>[^<]*en16931/.test(xml)) findings.push({ signature: 'plain UBL 2.1 claims EN 16931', detail: `${where}: X-Warnings not_en16931 with an EN 16931 CustomizationID` });
    return findings;
  }
  try {
    const rules = await checkRules(xml, profile);
    for (const f of rules.fatal) findings.push({ signature: `rule ${f.id}`, detail: `${where}: ${f.set} ${f.id} at ${f.location}: ${f.text.slice(0, 300)}` });
  } catch (error) {
    findings.push({ signature: 'document unreadable', detail: `${where}: ${(error as Error).message.slice(0, 300)}` });
  }
  return findings;
}

const num = (text: string | undefined): number => Number(text ?? Number.NaN);
const first = (xml: string, re: RegExp): string | undefined => re.exec(xml)?.[1];

/** The document's VAT breakdown (BG-23) keyed "S 19", its total VAT (BT-110) and amount due (BT-115). */
function breakdownOf(xml: string): { groups: Map<string, number>; tax: number; due: number } {
  const groups = new Map<string, number>();
  const add = (category: string | undefined, rate: string | undefined, taxable: string | undefined) => {
    const key = `${category ?? '?'} ${num(rate ?? '0')}`;
    groups.set(key, (groups.get(key) ?? 0) + num(taxable));
  };
  if (xml.includes('<rsm:CrossIndustryInvoice')) {
    for (const [, t] of xml.matchAll(/<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)) {
      if (!t!.includes('<ram:BasisAmount>')) continue; // a line's category, not the breakdown
      add(first(t!, /<ram:CategoryCode>([^<]*)</), first(t!, /<ram:RateApplicablePercent>([^<]*)</), first(t!, /<ram:BasisAmount>([^<]*)</));
    }
    return { groups, tax: num(first(xml, /<ram:TaxTotalAmount[^>]*>([^<]*)</)), due: num(first(xml, /<ram:DuePayableAmount>([^<]*)</)) };
  }
  const total = /<cac:TaxTotal>([\s\S]*?)<\/cac:TaxTotal>/.exec(xml)?.[1] ?? '';
  for (const [, s] of total.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)) {
    add(first(s!, /<cbc:ID>([^<]*)</), first(s!, /<cbc:Percent>([^<]*)</), first(s!, /<cbc:TaxableAmount[^>]*>([^<]*)</));
  }
  return { groups, tax: num(first(total, /<cbc:TaxAmount[^>]*>([^<]*)</)), due: num(first(xml, /<cbc:PayableAmount[^>]*>([^<]*)</)) };
}

const CENT = 0.005;
const usesComponents = (body: Json): boolean =>
  JSON.stringify(body).match(/"(global_taxes|globalTaxes|shipping_taxes|shippingTaxes|taxes)":\[\{[^\]]*\},\{/) !== null;

/**
 * Where the JSON answer and the document of the same request disagree on money: total VAT,
 * amount due, and the taxable amount per VAT category and rate — or, from a JSON whose tax lines
 * do not name their category, per rate for the rates the JSON lists. Not compared when a tax is
 * split into components (CGST + SGST), which the document adds up into one rate, nor for a 0 %
 * entry that only the document has.
 */
export function jsonAgreementFindings(invoice: Json, xml: string, body: Json, where: string): Finding[] {
  const doc = breakdownOf(xml);
  const findings: Finding[] = [];
  const differ = (what: string, json: unknown, document: unknown) =>
    findings.push({ signature: `JSON and document differ: ${what}`, detail: `${where}: JSON ${JSON.stringify(json)}, document ${JSON.stringify(document)}` });
  if (Math.abs(num(String(invoice.total_tax)) - doc.tax) > CENT) differ('total VAT (BT-110)', invoice.total_tax, doc.tax);
  if (Math.abs(num(String(invoice.balance_due)) - doc.due) > CENT) differ('amount due (BT-115)', invoice.balance_due, doc.due);
  const lines = (invoice.tax_lines ?? []) as Json[];
  if (usesComponents(body) || lines.length === 0) return findings;
  const byCategory = lines.every((l) => typeof l.tax_category === 'string');
  const keyOf = (category: string, rate: unknown) => (byCategory ? `${category} ${num(String(rate))}` : `${num(String(rate))} %`);
  const json = new Map<string, number>();
  for (const l of lines) json.set(keyOf(l.tax_category, l.rate), (json.get(keyOf(l.tax_category, l.rate)) ?? 0) + num(String(l.taxable_amount)));
  const document = new Map<string, number>();
  for (const [key, taxable] of doc.groups) {
    const [category, rate] = key.split(' ') as [string, string];
    document.set(keyOf(category, rate), (document.get(keyOf(category, rate)) ?? 0) + taxable);
  }
  // An untaxed amount with no 0 % tax line to join (plain shipping beside taxed lines) is a 0 %
  // entry of the document alone (docs/calculation.md, "One set of numbers"): not a disagreement.
  const keys = new Set([...json.keys(), ...[...document.keys()].filter((k) => byCategory && !k.endsWith(' 0'))]);
  if ([...keys].some((k) => Math.abs((json.get(k) ?? 0) - (document.get(k) ?? 0)) > CENT)) {
    differ(`taxable amount per VAT ${byCategory ? 'category and rate' : 'rate'} (BT-116)`, Object.fromEntries(json), Object.fromEntries(document));
  }
  return findings;
}
