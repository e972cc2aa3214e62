import type { Language } from '../invoice/catalog.ts';
import type { Party } from '../invoice/invoice-request-schema.ts';
import { LABELS, labelValue } from '../wording/labels.ts';
import { addressText } from './address-text.ts';
import { isolateLeftToRight } from './isolate-left-to-right.ts';

/** One party as the PDF prints it: a heading, the name in bold, then one entry per line. */
export interface PartyBlock {
  readonly heading: string;
  readonly name: string;
  readonly lines: readonly string[];
}

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * A party's block: address, e-mail, phone and website as sent, unlabelled as before; then the
 * contact labelled, with the contact's phone and e-mail only where they are not the party's
 * own (a contact's gaps are filled from the party, so repeating them would say nothing new); then the
 * VAT number, the national tax number (BT-32, e.g. a Steuernummer) and the registration number.
 * A labelled value keeps its left-to-right order on an Arabic page (isolateLeftToRight).
 */
export function partyBlock(heading: string, party: Party, language: Language): PartyBlock {
  const l = LABELS[language];
  const labelled = (label: string, value: string) => labelValue(language, label, isolateLeftToRight(value, language));
  const lines: string[] = [];
  const address = addressText(party.address, language);
  if (address !== '') lines.push(address);
  if (party.email !== undefined) lines.push(party.email);
  if (given(party.phone)) lines.push(party.phone);
  if (given(party.website)) lines.push(party.website);
  const contact = party.contact;
  if (contact !== undefined) {
    if (given(contact.name)) lines.push(labelled(l.contact, contact.name));
    if (given(contact.phone) && contact.phone !== party.phone) lines.push(labelled(l.phone, contact.phone));
    if (given(contact.email) && contact.email !== party.email) lines.push(labelled(l.email, contact.email));
  }
  if (given(party.tax_id)) lines.push(labelled(l.tax_id, party.tax_id));
  if (given(party.tax_registration_id)) lines.push(labelled(l.tax_registration_id, party.tax_registration_id));
  if (given(party.registration_no)) lines.push(labelled(l.registration_no, party.registration_no));
  return { heading, name: party.name, lines };
}
