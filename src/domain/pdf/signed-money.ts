import type { Currency, Language } from '../invoice/catalog.ts';
import { formatMoney } from '../wording/format-money.ts';

/**
 * An amount printed with its sign whatever it is, "-€5.00" for an allowance and "+€7.99" for a
 * charge, so the totals and a line's details read as the sum they are. The plus takes the
 * place formatMoney gives the minus, so it sits where the locale writes a sign ("+7,99 €", "€ +7,99"
 * in nl, after the direction marks in ar); every supported locale writes that minus as U+002D
 * (tested against Intl's own signDisplay). A zero prints unsigned, as formatMoney prints it.
 */
export function signedMoney(amount: number, sign: '+' | '-', currency: Currency, language: Language): string {
  const negative = formatMoney(-Math.abs(amount), currency, language);
  return sign === '-' ? negative : negative.replace('-', '+');
}
