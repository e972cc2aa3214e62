/**
 * Request paths the API names that have no input of their own, and the input that fills them:
 * the contact's phone and e-mail default to the party's (D34), an electronic address is named
 * whole but typed in two parts, BR-DE-1's "payment" is answered by an IBAN, a line's tax by its
 * tax box.
 */
const ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  'from.contact.phone': 'from.phone',
  'from.contact.email': 'from.email',
  'to.contact.phone': 'to.phone',
  'to.contact.email': 'to.email',
  'from.electronic_address': 'from.electronic_address.value',
  'to.electronic_address': 'to.electronic_address.value',
  payment: 'payment.iban',
  'payment.card': 'payment.card.last4',
  billing_reference: 'billing_reference.number',
  'invoice.period': 'invoice.period.start',
  global_tax: 'tax',
  global_taxes: 'tax',
}));

/**
 * The name of the form input that holds a request path the API names (`items[0].unit_price`,
 * `from.contact.name`, `payment`), or undefined when the form has none. Walks up the path
 * (`items[1].taxes[0].rate` is items.1's tax box); a group takes its first input when the path
 * names the group itself or a line (`items.2`), never a wider group than the one named
 * (`invoice.something` is not the invoice number).
 */
export function inputNameFor(path: string, names: readonly string[]): string | undefined {
  const known = new Set(names);
  const named = path.replace(/\[(\d+)\]/g, '.$1');
  let dotted = named;
  for (;;) {
    if (known.has(dotted)) return dotted;
    const item = /^items\.(\d+)\.(tax_rate|taxes)$/.exec(dotted);
    const alias = item === null ? ALIASES.get(dotted) : `items.${item[1]}.tax`;
    if (alias !== undefined && known.has(alias)) return alias;
    const first = dotted === named || /^items\.\d+$/.test(dotted) ? names.find((name) => name.startsWith(`${dotted}.`)) : undefined;
    if (first !== undefined) return first;
    const cut = dotted.lastIndexOf('.');
    if (cut < 0) return undefined;
    dotted = dotted.slice(0, cut);
  }
}
