import { AppError } from '../../errors/app-error.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import { VATEX_CODES } from '../einvoice/code-lists.ts';
import { EXEMPT_CATEGORIES, ZERO_RATE_CATEGORIES, type TaxCategory } from './catalog.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';
import type { LineInput } from './read-line-item.ts';
import type { TaxSet } from './read-tax-components.ts';

const invalid = (message: string) => new AppError('validation_error', message);

/** The category a VATEX code belongs to (Peppol's P0104 … P0111 state it; it holds for any invoice). */
const CODE_CATEGORY: Readonly<Record<string, TaxCategory>> = {
  'VATEX-EU-G': 'G', 'VATEX-EU-O': 'O', 'VATEX-EU-IC': 'K', 'VATEX-EU-AE': 'AE',
  'VATEX-EU-D': 'E', 'VATEX-EU-F': 'E', 'VATEX-EU-I': 'E', 'VATEX-EU-J': 'E',
};

/**
 * D36: the VAT categories sent, checked against the lines' rates before anything is computed.
 * A line's category is its own `tax_category`, else the top-level one. Z, E, AE, K, G and O take
 * rate 0 and S a rate above 0, whether the rate is the line's own or inherited from global_tax;
 * an exemption reason or code belongs to E, AE, K, G and O only; a VATEX code must be on the list;
 * and the lines of one exempt category state one reason, since the breakdown (BG-23) states one.
 */
export function checkTaxCategories(request: InvoiceRequest, lines: readonly LineInput[], globalTaxes: TaxSet): void {
  const top = request.tax_category;
  checkExemption(top, request.tax_exemption_reason, request.tax_exemption_code, '');
  // The lines are checked one by one below; the top-level pair only when a global tax was sent,
  // so a top-level S over lines that all carry their own rate is not refused for a global 0.
  const globalSent = request.global_tax !== undefined || request.global_taxes !== undefined;
  if (top !== undefined && globalSent) checkRate(top, globalTaxes.totalRate, 'tax_category', `global tax ${formatScaled(globalTaxes.totalRate, DECIMAL_DIGITS)} %`);

  // Most invoices name no category and no exemption: each line then costs three reads, and the
  // texts of the messages below are built only for a line that is checked.
  let reasons: Map<TaxCategory, { index: number; text: string }> | undefined;
  const items = request.items;
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    const own = item.tax_category;
    const category = own ?? top;
    const reason = item.tax_exemption_reason;
    const itemCode = item.tax_exemption_code;
    if (reason !== undefined || itemCode !== undefined) checkExemption(category, reason, itemCode, `items[${i}].`);
    if (category === undefined) continue;
    const rate = lines[i]!.taxes.totalRate;
    if (breaksRateRule(category, rate)) {
      const inherited = item.tax_rate === undefined && item.taxes === undefined;
      checkRate(category, rate, own === undefined ? `items[${i}] (tax_category ${category} from the top level)` : `items[${i}].tax_category`,
        inherited ? `global tax ${formatScaled(rate, DECIMAL_DIGITS)} % it inherits` : `rate ${formatScaled(rate, DECIMAL_DIGITS)} %`, i);
    }
    if (!EXEMPT_CATEGORIES.has(category)) continue;
    const code = itemCode ?? request.tax_exemption_code;
    const expected = code === undefined ? undefined : CODE_CATEGORY[code];
    if (expected !== undefined && expected !== category) {
      throw invalid(`items[${i}] is in VAT category ${category}, but its exemption code ${code} belongs to category ${expected}: send tax_category ${expected}, or another code`);
    }
    const text = `${itemCode ?? request.tax_exemption_code ?? ''}|${reason ?? request.tax_exemption_reason ?? ''}`;
    reasons ??= new Map();
    const first = reasons.get(category);
    if (first === undefined) reasons.set(category, { index: i, text });
    else if (first.text !== text) {
      throw invalid(`items[${first.index}] and items[${i}] are both in VAT category ${category} with different exemption reasons or codes; an invoice states one reason per category (BG-23): send the same tax_exemption_reason and tax_exemption_code on both, or one at the top level`);
    }
  }
}

/** Whether the rate breaks the category's rate rule, which checkRate words. */
function breaksRateRule(category: TaxCategory, rate: bigint): boolean {
  return (ZERO_RATE_CATEGORIES.has(category) && rate !== 0n) || (category === 'S' && rate === 0n);
}

/** The category's rate rule, naming where the rate came from. */
function checkRate(category: TaxCategory, rate: bigint, field: string, what: string, line?: number): void {
  if (ZERO_RATE_CATEGORIES.has(category) && rate !== 0n) {
    const fix = line === undefined ? 'send global_tax 0, or leave it out' : `send items[${line}].tax_rate 0`;
    throw invalid(`${field} is ${category}, which takes rate 0, but the ${what} applies: ${fix}`);
  }
  if (category === 'S' && rate === 0n) {
    throw invalid(`${field} is S (standard rated), which needs a rate above 0: send a tax_rate, or tax_category Z for a zero rate`);
  }
}

/** Exemption fields belong to the exempt categories; a code must be a VATEX code of the list. */
function checkExemption(category: TaxCategory | undefined, reason: string | undefined, code: string | undefined, prefix: string): void {
  if (code !== undefined && !VATEX_CODES.has(code)) {
    throw invalid(`${prefix}tax_exemption_code "${code}" is not on the VATEX code list; send one such as VATEX-EU-AE (reverse charge), VATEX-EU-IC (intra-community supply), VATEX-EU-G (export), VATEX-EU-O (not subject to VAT) or an article code such as VATEX-EU-132-1A`);
  }
  // The top-level reason also serves shipping, allowances and charges in an exempt category
  // too, so it may stand beside any top-level category, or none.
  if ((reason === undefined && code === undefined) || prefix === '') return;
  const field = `${prefix}${code !== undefined ? 'tax_exemption_code' : 'tax_exemption_reason'}`;
  if (category === undefined) {
    throw invalid(`${field} needs a tax_category it explains: send ${prefix}tax_category E, AE, K, G or O`);
  }
  if (!EXEMPT_CATEGORIES.has(category)) {
    throw invalid(`${field} is only for the categories E, AE, K, G and O; ${prefix.slice(0, -1)} is ${category}: leave the exemption out, or change tax_category`);
  }
}
