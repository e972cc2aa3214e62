/** A tax as the API takes it: one rate, or named components (CGST 9 + SGST 9). */
export type ParsedTax =
  | { readonly kind: 'none' }
  | { readonly kind: 'rate'; readonly rate: number }
  | { readonly kind: 'components'; readonly components: ReadonlyArray<{ name: string; rate: number }> }
  | { readonly kind: 'error'; readonly message: string };

/**
 * An optional name, then a rate. The name starts with a letter-like character (not a digit, sign
 * or point) and does not end in a sign, so "-5", "VAT -5", "1e3" and "20 20" are refused instead of
 * being read as a tax named "-" or "20".
 */
const PART = /^(?:([^\d\s+\-.,;%][^+;%]*?[^\s+\-]|[^\d\s+\-.,;%]))?\s*(\d+(?:\.\d+)?)\s*%?$/;

/**
 * Reads the generator's tax box: "20" or "20 %" is a single rate; "VAT 20" one named component;
 * "CGST 9, SGST 9" (commas, semicolons or plus signs between parts) several. The decimal mark is a
 * point, so "9,5" is two parts, and two parts without names are refused rather than guessed at.
 */
export function parseTax(text: string): ParsedTax {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none' };
  const parts = trimmed.split(/[,;+]/).map((part) => part.trim());
  const components: Array<{ name: string; rate: number }> = [];
  for (const part of parts) {
    const match = PART.exec(part);
    if (match === null) return { kind: 'error', message: `"${part}" is not a tax: write a rate such as 20, or name and rate such as VAT 20.` };
    components.push({ name: (match[1] ?? '').trim(), rate: Number(match[2]) });
  }
  if (components.length === 1 && components[0]!.name === '') return { kind: 'rate', rate: components[0]!.rate };
  if (components.length > 10) return { kind: 'error', message: 'At most 10 tax components.' };
  if (components.some((c) => c.name === '')) {
    return { kind: 'error', message: 'Name each tax component, for example "CGST 9, SGST 9" (the decimal mark is a point: 9.5).' };
  }
  return { kind: 'components', components };
}
