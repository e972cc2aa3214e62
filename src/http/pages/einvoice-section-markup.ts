import { TAX_CATEGORIES, type TaxCategory } from '../../domain/invoice/catalog.ts';
import { checkboxField, inputField, selectField } from './form-fields.ts';

type Options = ReadonlyArray<readonly [value: string, label: string]>;

/**
 * The profiles the page offers (D32). Factur-X is not one of them: it is the hybrid PDF (D40) of
 * an EN 16931 e-invoice, which the "Embed the e-invoice in the PDF" box asks for (as it asks for
 * ZUGFeRD's XRECHNUNG with XRechnung), so the choice of rules stays one select.
 */
const PROFILE_OPTIONS: Options = [['en16931', 'EN 16931'], ['peppol', 'Peppol BIS 3 (UBL only)'], ['xrechnung', 'XRechnung 3']];

/**
 * The EAS codes most senders need (BT-34, BT-49); the API takes the whole list (code-lists.ts).
 * EM (e-mail) is last because Peppol refuses it.
 */
const EAS_OPTIONS: Options = [
  ['', 'none'],
  ['0088', '0088 GLN'],
  ['0204', '0204 Leitweg-ID (German public buyer)'],
  ['9930', '9930 German VAT number'],
  ['9915', '9915 Austrian VAT number'],
  ['0208', '0208 Belgian enterprise number'],
  ['9925', '9925 Belgian VAT number'],
  ['0106', '0106 Dutch KVK number'],
  ['0190', '0190 Dutch OIN'],
  ['0009', '0009 French SIRET'],
  ['0002', '0002 French SIREN'],
  ['9957', '9957 French VAT number'],
  ['0211', '0211 Italian VAT number'],
  ['9920', '9920 Spanish VAT number'],
  ['0007', '0007 Swedish organisation number'],
  ['0192', '0192 Norwegian organisation number'],
  ['0184', '0184 Danish CVR number'],
  ['0037', '0037 Finnish business id'],
  ['0151', '0151 Australian ABN'],
  ['0060', '0060 DUNS number'],
  ['EM', 'EM e-mail address (not Peppol)'],
];

/** ISO 6523 ICD schemes of a company registration number (BT-30, BT-47). */
const ICD_OPTIONS: Options = [
  ['', 'not given'],
  ['0106', '0106 Dutch KVK'],
  ['0190', '0190 Dutch OIN'],
  ['0002', '0002 French SIREN'],
  ['0009', '0009 French SIRET'],
  ['0208', '0208 Belgian enterprise number'],
  ['0007', '0007 Swedish organisation number'],
  ['0192', '0192 Norwegian organisation number'],
  ['0184', '0184 Danish CVR'],
  ['0037', '0037 Finnish business id'],
  ['0088', '0088 GLN'],
  ['0060', '0060 DUNS'],
  ['0151', '0151 Australian ABN'],
];

const CATEGORY_NAMES: Readonly<Record<TaxCategory, string>> = {
  S: 'S standard rate', Z: 'Z zero rated', E: 'E exempt', AE: 'AE reverse charge', K: 'K intra-community supply',
  G: 'G export outside the EU', O: 'O not subject to VAT', L: 'L Canary Islands (IGIC)', M: 'M Ceuta and Melilla (IPSI)',
};
/** The VAT categories, empty for "from the tax" (S when taxed, Z at 0 %, O without any tax). */
export const TAX_CATEGORY_OPTIONS: Options = [['', 'from the tax'], ...TAX_CATEGORIES.map((c) => [c, CATEGORY_NAMES[c]] as const)];

/** The VATEX codes of the usual cases (BT-121); a reason in words (BT-120) covers any other. */
const VATEX_OPTIONS: Options = [
  ['', 'none'],
  ['VATEX-EU-AE', 'VATEX-EU-AE reverse charge'],
  ['VATEX-EU-IC', 'VATEX-EU-IC intra-community supply'],
  ['VATEX-EU-G', 'VATEX-EU-G export outside the EU'],
  ['VATEX-EU-O', 'VATEX-EU-O not subject to VAT'],
  ['VATEX-EU-132', 'VATEX-EU-132 exempt (Article 132)'],
  ['VATEX-EU-143', 'VATEX-EU-143 exempt import (Article 143)'],
  ['VATEX-EU-79-C', 'VATEX-EU-79-C amounts paid on the buyer\'s behalf'],
  ['VATEX-FR-FRANCHISE', 'VATEX-FR-FRANCHISE French VAT franchise'],
];

/** UNTDID 4461 payment means (BT-81) a small business uses; empty lets the API choose. */
const MEANS_OPTIONS: Options = [
  ['', 'from the account (58 with an IBAN in EUR, else 30)'],
  ['58', '58 SEPA credit transfer'],
  ['30', '30 credit transfer'],
  ['59', '59 SEPA direct debit'],
  ['48', '48 bank card'],
  ['54', '54 credit card'],
  ['55', '55 debit card'],
  ['10', '10 cash'],
];

/** Fields shown only while `name` has one of `values` (the page's script toggles them). */
const shownWhen = (name: string, values: string, legend: string, fields: string[]): string =>
  `<fieldset class="field-wide" data-show-when="${name}" data-show-values="${values}" hidden><legend>${legend}</legend><div class="grid">
${fields.join('\n')}
</div></fieldset>`;

const group = (legend: string, fields: string[]): string =>
  `<fieldset class="field-wide"><legend>${legend}</legend><div class="grid">
${fields.join('\n')}
</div></fieldset>`;

const electronicAddress = (prefix: 'from' | 'to', whose: string): string[] => [
  selectField({ name: `${prefix}.electronic_address.scheme`, label: `${whose} electronic address scheme`, options: EAS_OPTIONS }),
  inputField({ name: `${prefix}.electronic_address.value`, label: `${whose} electronic address`, maxLength: 200, hint: 'Where the e-invoice is delivered, in that scheme (a Peppol id, a Leitweg-ID, an e-mail address).' }),
];

/**
 * The e-invoice fields in a section folded away until wanted, so the form stays short for an
 * invoice that needs none. Every input's name is its InvoiceRequest path, as elsewhere in the
 * form, but for two: the profile, sent only with UBL, CII, "Check e-invoice" and a PDF that
 * embeds the e-invoice, and the embedding box (a hybrid PDF), the page's own choice, which
 * picks the PDF's profile.
 */
export const EINVOICE_SECTION_MARKUP = `<section class="panel" aria-labelledby="h-einvoice"><h2 id="h-einvoice">E-invoice</h2>
<details id="einvoice-details"><summary>E-invoice details (EN 16931, Peppol, XRechnung)</summary>
<p class="hint" id="einvoice-intro">Only needed for e-invoices: UBL and CII downloads, and a PDF with the e-invoice embedded. "Check e-invoice" beside the preview says what the chosen profile still needs.</p>
<div class="grid">
${group('Document', [
  selectField({ name: 'profile', label: 'E-invoice profile', options: PROFILE_OPTIONS, selected: 'en16931', hint: 'The rules the UBL and CII downloads, the e-invoice embedded in a PDF and the check follow.' }),
  selectField({ name: 'document_type', label: 'Document type', options: [['invoice', 'Invoice'], ['credit_note', 'Credit note']], selected: 'invoice' }),
  checkboxField({
    name: 'embed_einvoice',
    label: 'Embed the e-invoice in the PDF (Factur-X / ZUGFeRD)',
    hint: '"Download PDF" then makes a PDF/A-3 with the CII e-invoice inside: Factur-X for EN 16931, ZUGFeRD XRECHNUNG for XRechnung 3.',
    wide: true,
    note: { id: 'embed-einvoice-peppol', text: 'Peppol BIS 3 has no PDF form: choose EN 16931 or XRechnung 3 to embed the e-invoice.' },
  }),
  shownWhen('document_type', 'credit_note', 'The invoice this credit note corrects', [
    inputField({ name: 'billing_reference.number', label: 'Invoice number', maxLength: 64 }),
    inputField({ name: 'billing_reference.date', label: 'Invoice date', type: 'date' }),
  ]),
])}
${group('References and dates', [
  inputField({ name: 'invoice.buyer_reference', label: 'Buyer reference', maxLength: 200, hint: 'For a German public buyer, the Leitweg-ID (such as 04011000-12345-67). Left empty, the purchase order is used.' }),
  inputField({ name: 'invoice.contract_reference', label: 'Contract reference', maxLength: 200 }),
  inputField({ name: 'invoice.project_reference', label: 'Project reference', maxLength: 200 }),
  inputField({ name: 'invoice.delivery_date', label: 'Delivery date', type: 'date' }),
  inputField({ name: 'invoice.period.start', label: 'Period from', type: 'date' }),
  inputField({ name: 'invoice.period.end', label: 'Period to', type: 'date' }),
])}
${group('Seller', [
  ...electronicAddress('from', 'Seller\'s'),
  inputField({ name: 'from.contact.name', label: 'Contact person or department', maxLength: 200, hint: 'XRechnung needs it, with the phone and e-mail above.' }),
  inputField({ name: 'from.tax_registration_id', label: 'Tax number (Steuernummer)', maxLength: 50, hint: 'A national tax number besides the VAT number.' }),
  selectField({ name: 'from.registration_scheme', label: 'Seller\'s registration scheme', options: ICD_OPTIONS, hint: 'What the company registration number above is.' }),
])}
${group('Buyer', [
  ...electronicAddress('to', 'Buyer\'s'),
  selectField({ name: 'to.registration_scheme', label: 'Buyer\'s registration scheme', options: ICD_OPTIONS }),
])}
${group('VAT category', [
  selectField({ name: 'tax_category', label: 'VAT category', options: TAX_CATEGORY_OPTIONS, hint: 'For items without their own (reverse charge, exempt, export …).' }),
  inputField({ name: 'tax_exemption_reason', label: 'Why no VAT is charged', maxLength: 1000, hint: 'For E, AE, K, G and O; left empty, the code\'s standard wording is used.' }),
  selectField({ name: 'tax_exemption_code', label: 'Exemption code', options: VATEX_OPTIONS }),
])}
${group('Payment means', [
  selectField({ name: 'payment.means_code', label: 'Payment means', options: MEANS_OPTIONS, hint: 'The account itself is under Payment.' }),
  shownWhen('payment.means_code', '59', 'SEPA direct debit', [
    inputField({ name: 'payment.mandate_reference', label: 'Mandate reference', maxLength: 100 }),
    inputField({ name: 'payment.creditor_id', label: 'Creditor id', maxLength: 100 }),
    inputField({ name: 'payment.debtor_iban', label: 'IBAN to debit', maxLength: 64 }),
  ]),
  shownWhen('payment.means_code', '48 54 55', 'Card', [
    inputField({ name: 'payment.card.last4', label: 'Last 4 digits of the card', maxLength: 4 }),
    inputField({ name: 'payment.card.holder', label: 'Card holder', maxLength: 200 }),
    inputField({ name: 'payment.card.network', label: 'Card network', maxLength: 50, placeholder: 'VISA' }),
  ]),
])}
</div>
</details>
</section>`;
