/**
 * Request paths the API names that have no input of their own, and the input that fills them: the
 * contact's phone and e-mail default to the party's (D34), an electronic address is named whole but
 * typed in two parts, BR-DE-1's "payment" is answered by an IBAN, a line's tax by its tax box, the
 * shipping's tax by its VAT rate box.
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
  shipping_tax_rate: 'shipping_tax',
  shipping_taxes: 'shipping_tax',
}));

/**
 * The input of a path inside an item that is typed elsewhere: its tax components in its tax box,
 * its charges in its one charge's amount and reason.
 */
function itemAlias(dotted: string): string | undefined {
  const tax = /^items\.(\d+)\.(tax_rate|taxes)$/.exec(dotted);
  if (tax !== null) return `items.${tax[1]}.tax`;
  const charge = /^items\.(\d+)\.charges(\.\d+)?(?:\.(\w+))?$/.exec(dotted);
  if (charge === null) return undefined;
  // A charge named whole ("needs a reason") is missing its reason; the list named whole, its amount.
  const reason = charge[3] === 'reason' || charge[3] === 'reason_code' || (charge[2] !== undefined && charge[3] === undefined);
  return `items.${charge[1]}.${reason ? 'charge_reason' : 'charge_amount'}`;
}

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
    const alias = itemAlias(dotted) ?? ALIASES.get(dotted);
    if (alias !== undefined && known.has(alias)) return alias;
    const first = dotted === named || /^items\.\d+$/.test(dotted) ? names.find((name) => name.startsWith(`${dotted}.`)) : undefined;
    if (first !== undefined) return first;
    const cut = dotted.lastIndexOf('.');
    if (cut < 0) return undefined;
    dotted = dotted.slice(0, cut);
  }
}
