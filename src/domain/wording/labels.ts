import type { Language } from '../invoice/catalog.ts';

/**
 * Every fixed word a printed invoice carries (D29). Keys follow the request and response field
 * names where there is a field (tax_id, po_number, routing_number …), so the renderer can look
 * up `labels[field]`. The INVOICE heading and the default tax name live in
 * invoice/language-words.ts, because the engine echoes them in the JSON too.
 *
 * Page numbers are printed "1 / 3" (D31). `page` is the word for an optional prefix
 * ("Seite 1 / 3", "صفحة 1 / 3"); every language here reads naturally with the word first, so no
 * per-language pattern is needed.
 */
export interface Labels {
  // Invoice metadata (InvoiceMeta).
  readonly invoice_number: string;
  /** Issue date. */
  readonly invoice_date: string;
  readonly due_date: string;
  readonly po_number: string;
  /** Heading of the free payment-terms text. */
  readonly terms: string;
  /** A credit note's own number and date, in place of invoice_number and invoice_date. */
  readonly credit_note_number: string;
  readonly credit_note_date: string;
  /** The invoice a credit note corrects (billing_reference), as a meta row. */
  readonly original_invoice: string;
  /** The earlier invoice an invoice refers to (a corrected or final invoice; BT-25). */
  readonly preceding_invoice: string;
  /**
   * How a referenced invoice and its date are joined: "{ref}" is its number, "{date}" the date as
   * formatDate prints it ("INV-1 vom 2. November 2026", "INV-1（2026年11月2日付）").
   */
  readonly reference_dated: string;
  /** BT-10, printed when sent and not the PO number; the seller addresses the buyer. */
  readonly buyer_reference: string;
  /** BT-72, the date of supply the VAT rules ask for. */
  readonly delivery_date: string;
  /** BG-14 (and a line's BG-26), printed "start – end". */
  readonly period: string;
  readonly contract_reference: string;
  readonly project_reference: string;
  // Parties.
  /** Heading of the sender block (billed by). */
  readonly from: string;
  /** Heading of the recipient block (`to`). */
  readonly bill_to: string;
  readonly ship_to: string;
  /** VAT, GST or EIN number of a party. */
  readonly tax_id: string;
  /** Company (trade register) number of a party. */
  readonly registration_no: string;
  /** A national tax number that is not the VAT number (BT-32), such as a German Steuernummer. */
  readonly tax_registration_id: string;
  /** A party's contact person (BG-6, BG-9). */
  readonly contact: string;
  readonly email: string;
  readonly phone: string;
  readonly website: string;
  // Line-item columns.
  readonly description: string;
  readonly quantity: string;
  /** Unit of measure (hrs, pcs, kg). */
  readonly unit: string;
  readonly unit_price: string;
  /** Line discount column. */
  readonly discount: string;
  /** Line tax column; the renderer prints the line's rates under it. */
  readonly tax: string;
  /** Line total column. */
  readonly amount: string;
  // Totals, in the order they apply.
  readonly subtotal: string;
  readonly global_discount: string;
  /** A document-level allowance (BG-20) sent with a reason code only; its reason wins when sent. */
  readonly allowance: string;
  /** A document-level or line charge (BG-21, BG-28) sent with a reason code only. */
  readonly charge: string;
  /** Line discounts plus the global discount (discount_total). */
  readonly discount_total: string;
  /** Used when the request's shipping_label is the default 'Shipping'. */
  readonly shipping: string;
  readonly rounding_adjustment: string;
  readonly total_tax: string;
  /** Base of a tax line (tax_lines[].taxable_amount). */
  readonly taxable_amount: string;
  readonly grand_total: string;
  /** The grand total of a credit note, which credits the buyer instead of asking for payment. */
  readonly total_credited: string;
  /**
   * A tax line with its taxable amount, printed whenever an invoice has more than one tax line or
   * VAT category (the VAT directive's Art. 226 (8) and (10): the taxable amount per rate and the
   * tax): "{tax}" is the tax's name, "{rate}" its percent, "{base}" the taxable amount, as in
   * "VAT 19% on €840.34".
   */
  readonly tax_on_base: string;
  /** The same on a tax-inclusive invoice, which says the tax is included: "incl. 19% VAT on €840.34". */
  readonly tax_included_on_base: string;
  /** Requested up front, does not change the totals. */
  readonly deposit: string;
  readonly amount_paid: string;
  readonly balance_due: string;
  /** Note on tax-inclusive invoices. */
  readonly prices_include_tax: string;
  // Payment block (PaymentSchema).
  readonly payment_details: string;
  readonly pay_to: string;
  readonly bank_name: string;
  readonly account_name: string;
  readonly account_number: string;
  /** Routing number or sort code; the schema has one field for both. */
  readonly routing_number: string;
  readonly iban: string;
  readonly swift: string;
  readonly instructions: string;
  readonly method_note: string;
  // QR captions.
  readonly scan_to_pay: string;
  readonly scan_to_view: string;
  // Free-text sections and signature.
  readonly notes: string;
  readonly refund_policy: string;
  readonly signature: string;
  // Stamps, short and in capitals where the script has case.
  readonly stamp_paid: string;
  readonly stamp_partial: string;
  // Status words, keyed by PaymentStatus so `labels[invoice.status]` works.
  readonly paid: string;
  readonly partial: string;
  readonly unpaid: string;
  readonly page: string;
  // The readable copy of a received e-invoice (D51): its heading, and the section listing what it cannot show.
  readonly copy_for_reading: string;
  readonly not_carried: string;
}

const en: Labels = {
  invoice_number: 'Invoice number', invoice_date: 'Invoice date', due_date: 'Due date', po_number: 'PO number', terms: 'Payment terms',
  credit_note_number: 'Credit note number', credit_note_date: 'Credit note date',
  original_invoice: 'Original invoice', preceding_invoice: 'Preceding invoice', reference_dated: '{ref} dated {date}',
  buyer_reference: 'Your reference', delivery_date: 'Delivery date', period: 'Billing period', contract_reference: 'Contract reference', project_reference: 'Project reference',
  from: 'From', bill_to: 'Bill to', ship_to: 'Ship to',
  tax_id: 'Tax ID', registration_no: 'Registration number', email: 'Email', phone: 'Phone', website: 'Website',
  tax_registration_id: 'Tax number', contact: 'Contact',
  description: 'Description', quantity: 'Qty', unit: 'Unit', unit_price: 'Unit price', discount: 'Discount', tax: 'Tax', amount: 'Amount',
  subtotal: 'Subtotal', global_discount: 'Discount', allowance: 'Allowance', charge: 'Surcharge', discount_total: 'Total discount', shipping: 'Shipping',
  rounding_adjustment: 'Rounding adjustment', total_tax: 'Total tax', taxable_amount: 'Taxable amount', grand_total: 'Total',
  total_credited: 'Total credited', tax_on_base: '{tax} {rate} on {base}', tax_included_on_base: 'incl. {rate} {tax} on {base}',
  deposit: 'Deposit due', amount_paid: 'Amount paid', balance_due: 'Balance due', prices_include_tax: 'Prices include tax',
  payment_details: 'Payment details', pay_to: 'Pay to', bank_name: 'Bank', account_name: 'Account name',
  account_number: 'Account number', routing_number: 'Routing / sort code', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Payment instructions', method_note: 'Payment method',
  scan_to_pay: 'Scan to pay', scan_to_view: 'Scan to view this invoice online',
  notes: 'Notes', refund_policy: 'Refund policy', signature: 'Authorized signature',
  stamp_paid: 'PAID', stamp_partial: 'PARTIALLY PAID', paid: 'Paid', partial: 'Partially paid', unpaid: 'Unpaid', page: 'Page',
  copy_for_reading: 'Copy for reading — the XML is the original', not_carried: 'Terms of the original this copy does not show',
};

const nl: Labels = {
  invoice_number: 'Factuurnummer', invoice_date: 'Factuurdatum', due_date: 'Vervaldatum', po_number: 'Inkoopordernummer', terms: 'Betalingsvoorwaarden',
  credit_note_number: 'Creditnotanummer', credit_note_date: 'Creditnotadatum',
  original_invoice: 'Oorspronkelijke factuur', preceding_invoice: 'Voorgaande factuur', reference_dated: '{ref} d.d. {date}',
  buyer_reference: 'Uw referentie', delivery_date: 'Leverdatum', period: 'Factuurperiode', contract_reference: 'Contractnummer', project_reference: 'Projectnummer',
  from: 'Van', bill_to: 'Factuur aan', ship_to: 'Afleveradres',
  tax_id: 'Btw-nummer', registration_no: 'KvK-nummer', email: 'E-mail', phone: 'Telefoon', website: 'Website',
  tax_registration_id: 'Fiscaal nummer', contact: 'Contactpersoon',
  description: 'Omschrijving', quantity: 'Aantal', unit: 'Eenheid', unit_price: 'Prijs per eenheid', discount: 'Korting', tax: 'Belasting', amount: 'Bedrag',
  subtotal: 'Subtotaal', global_discount: 'Korting', allowance: 'Korting', charge: 'Toeslag', discount_total: 'Totale korting', shipping: 'Verzendkosten',
  rounding_adjustment: 'Afronding', total_tax: 'Totaal belasting', taxable_amount: 'Belastbaar bedrag', grand_total: 'Totaal',
  total_credited: 'Totaal gecrediteerd', tax_on_base: '{tax} {rate} over {base}', tax_included_on_base: 'waarvan {tax} {rate} over {base}',
  deposit: 'Te betalen aanbetaling', amount_paid: 'Reeds betaald', balance_due: 'Openstaand bedrag', prices_include_tax: 'Prijzen inclusief belasting',
  payment_details: 'Betaalgegevens', pay_to: 'Begunstigde', bank_name: 'Bank', account_name: 'Ten name van',
  account_number: 'Rekeningnummer', routing_number: 'Bankcode', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Betaalinstructies', method_note: 'Betaalwijze',
  scan_to_pay: 'Scan om te betalen', scan_to_view: 'Scan om deze factuur online te bekijken',
  notes: 'Opmerkingen', refund_policy: 'Restitutiebeleid', signature: 'Handtekening',
  stamp_paid: 'BETAALD', stamp_partial: 'GEDEELTELIJK BETAALD', paid: 'Betaald', partial: 'Gedeeltelijk betaald', unpaid: 'Openstaand', page: 'Pagina',
  copy_for_reading: 'Leeskopie – het origineel is het XML-bestand', not_carried: 'Gegevens van het origineel die deze kopie niet toont',
};

const de: Labels = {
  invoice_number: 'Rechnungsnummer', invoice_date: 'Rechnungsdatum', due_date: 'Fällig am', po_number: 'Bestellnummer', terms: 'Zahlungsbedingungen',
  credit_note_number: 'Rechnungskorrektur-Nr.', credit_note_date: 'Korrekturdatum',
  original_invoice: 'Ursprungsrechnung', preceding_invoice: 'Vorausgegangene Rechnung', reference_dated: '{ref} vom {date}',
  buyer_reference: 'Ihre Referenz', delivery_date: 'Leistungsdatum', period: 'Leistungszeitraum', contract_reference: 'Vertragsnummer', project_reference: 'Projektnummer',
  from: 'Rechnungssteller', bill_to: 'Rechnungsempfänger', ship_to: 'Lieferadresse',
  tax_id: 'USt-IdNr.', registration_no: 'Registernummer', email: 'E-Mail', phone: 'Telefon', website: 'Website',
  tax_registration_id: 'Steuernummer', contact: 'Ansprechpartner',
  description: 'Beschreibung', quantity: 'Menge', unit: 'Einheit', unit_price: 'Einzelpreis', discount: 'Rabatt', tax: 'Steuer', amount: 'Betrag',
  subtotal: 'Zwischensumme', global_discount: 'Rabatt', allowance: 'Nachlass', charge: 'Zuschlag', discount_total: 'Rabatt gesamt', shipping: 'Versandkosten',
  rounding_adjustment: 'Rundungsdifferenz', total_tax: 'Steuern gesamt', taxable_amount: 'Nettobetrag', grand_total: 'Gesamtbetrag',
  total_credited: 'Gutgeschriebener Betrag', tax_on_base: '{tax} {rate} auf {base}', tax_included_on_base: 'inkl. {rate} {tax} auf {base}',
  deposit: 'Fällige Anzahlung', amount_paid: 'Bereits bezahlt', balance_due: 'Offener Betrag', prices_include_tax: 'Preise inkl. Steuern',
  payment_details: 'Zahlungsinformationen', pay_to: 'Zahlungsempfänger', bank_name: 'Bank', account_name: 'Kontoinhaber',
  account_number: 'Kontonummer', routing_number: 'Bankleitzahl', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Zahlungshinweise', method_note: 'Zahlungsart',
  scan_to_pay: 'Zum Bezahlen scannen', scan_to_view: 'Scannen, um die Rechnung online anzusehen',
  notes: 'Anmerkungen', refund_policy: 'Erstattungsbedingungen', signature: 'Unterschrift',
  stamp_paid: 'BEZAHLT', stamp_partial: 'TEILWEISE BEZAHLT', paid: 'Bezahlt', partial: 'Teilweise bezahlt', unpaid: 'Offen', page: 'Seite',
  copy_for_reading: 'Lesekopie – das Original ist die XML-Datei', not_carried: 'Angaben des Originals, die diese Kopie nicht zeigt',
};

const fr: Labels = {
  // French print sets the apostrophe ’ (U+2019), not the typewriter '.
  invoice_number: 'Numéro de facture', invoice_date: 'Date de facture', due_date: 'Date d’échéance', po_number: 'N° de bon de commande', terms: 'Conditions de paiement',
  credit_note_number: 'Numéro d’avoir', credit_note_date: 'Date de l’avoir',
  original_invoice: 'Facture initiale', preceding_invoice: 'Facture antérieure', reference_dated: '{ref} du {date}',
  buyer_reference: 'Votre référence', delivery_date: 'Date de livraison', period: 'Période de facturation', contract_reference: 'Référence du contrat', project_reference: 'Référence du projet',
  from: 'Émetteur', bill_to: 'Facturé à', ship_to: 'Adresse de livraison',
  tax_id: 'N° de TVA', registration_no: 'N° d’immatriculation', email: 'E-mail', phone: 'Téléphone', website: 'Site web',
  tax_registration_id: 'N° fiscal', contact: 'Contact',
  description: 'Description', quantity: 'Quantité', unit: 'Unité', unit_price: 'Prix unitaire', discount: 'Remise', tax: 'Taxe', amount: 'Montant',
  subtotal: 'Sous-total', global_discount: 'Remise', allowance: 'Remise', charge: 'Supplément', discount_total: 'Total des remises', shipping: 'Frais de port',
  rounding_adjustment: 'Arrondi', total_tax: 'Total des taxes', taxable_amount: 'Base imposable', grand_total: 'Total TTC',
  total_credited: 'Montant de l’avoir TTC', tax_on_base: '{tax} {rate} sur {base}', tax_included_on_base: 'dont {tax} {rate} sur {base}',
  deposit: 'Acompte à verser', amount_paid: 'Montant réglé', balance_due: 'Reste à payer', prices_include_tax: 'Prix toutes taxes comprises',
  payment_details: 'Informations de paiement', pay_to: 'Bénéficiaire', bank_name: 'Banque', account_name: 'Titulaire du compte',
  account_number: 'Numéro de compte', routing_number: 'Code banque', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Instructions de paiement', method_note: 'Mode de paiement',
  scan_to_pay: 'Scannez pour payer', scan_to_view: 'Scannez pour consulter cette facture en ligne',
  // "Signature autorisée" is a calque of "Authorized signature"; French invoices print "Signature".
  notes: 'Remarques', refund_policy: 'Politique de remboursement', signature: 'Signature',
  stamp_paid: 'PAYÉ', stamp_partial: 'PAIEMENT PARTIEL', paid: 'Payée', partial: 'Partiellement payée', unpaid: 'Impayée', page: 'Page',
  copy_for_reading: 'Copie de lecture – l’original est le fichier XML', not_carried: 'Données de l’original que cette copie ne montre pas',
};

const es: Labels = {
  invoice_number: 'Número de factura', invoice_date: 'Fecha de factura', due_date: 'Fecha de vencimiento', po_number: 'N.º de pedido', terms: 'Condiciones de pago',
  credit_note_number: 'Número de factura rectificativa', credit_note_date: 'Fecha de expedición',
  original_invoice: 'Factura rectificada', preceding_invoice: 'Factura anterior', reference_dated: '{ref} de fecha {date}',
  buyer_reference: 'Su referencia', delivery_date: 'Fecha de entrega', period: 'Periodo de facturación', contract_reference: 'N.º de contrato', project_reference: 'Referencia del proyecto',
  // "Facturar a" and "Enviar a" copy the English imperative headings; Spanish invoices name the
  // blocks by role, beside "Emisor".
  from: 'Emisor', bill_to: 'Cliente', ship_to: 'Dirección de entrega',
  tax_id: 'NIF', registration_no: 'N.º de registro', email: 'Correo electrónico', phone: 'Teléfono', website: 'Sitio web',
  tax_registration_id: 'N.º de registro fiscal', contact: 'Persona de contacto',
  description: 'Descripción', quantity: 'Cantidad', unit: 'Unidad', unit_price: 'Precio unitario', discount: 'Descuento', tax: 'Impuesto', amount: 'Importe',
  subtotal: 'Subtotal', global_discount: 'Descuento', allowance: 'Bonificación', charge: 'Cargo', discount_total: 'Descuento total', shipping: 'Gastos de envío',
  rounding_adjustment: 'Redondeo', total_tax: 'Total impuestos', taxable_amount: 'Base imponible', grand_total: 'Total',
  total_credited: 'Total a abonar', tax_on_base: '{tax} {rate} sobre {base}', tax_included_on_base: '{tax} {rate} incluido sobre {base}',
  deposit: 'Anticipo a pagar', amount_paid: 'Importe pagado', balance_due: 'Saldo pendiente', prices_include_tax: 'Precios con impuestos incluidos',
  payment_details: 'Datos de pago', pay_to: 'Beneficiario', bank_name: 'Banco', account_name: 'Titular de la cuenta',
  account_number: 'Número de cuenta', routing_number: 'Código bancario', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Instrucciones de pago', method_note: 'Forma de pago',
  scan_to_pay: 'Escanee para pagar', scan_to_view: 'Escanee para ver esta factura en línea',
  notes: 'Notas', refund_policy: 'Política de reembolso', signature: 'Firma autorizada',
  stamp_paid: 'PAGADO', stamp_partial: 'PAGO PARCIAL', paid: 'Pagada', partial: 'Pagada parcialmente', unpaid: 'Pendiente de pago', page: 'Página',
  copy_for_reading: 'Copia de lectura: el original es el archivo XML', not_carried: 'Datos del original que esta copia no muestra',
};

const pt: Labels = {
  invoice_number: 'Número da fatura', invoice_date: 'Data de emissão', due_date: 'Data de vencimento', po_number: 'Nº do pedido', terms: 'Condições de pagamento',
  credit_note_number: 'Número da nota de crédito', credit_note_date: 'Data de emissão',
  original_invoice: 'Fatura original', preceding_invoice: 'Fatura anterior', reference_dated: '{ref}, emitida em {date}',
  buyer_reference: 'Sua referência', delivery_date: 'Data de entrega', period: 'Período de faturamento', contract_reference: 'Nº do contrato', project_reference: 'Referência do projeto',
  // Brazilian Portuguese (pt-BR): a fatura names its customer "Cliente" ("Faturar para"
  // is a calque of "Bill to"), and a Brazilian tax id is a CNPJ (companies) or CPF (people).
  from: 'Emitente', bill_to: 'Cliente', ship_to: 'Endereço de entrega',
  tax_id: 'CNPJ/CPF', registration_no: 'Nº de registro', email: 'E-mail', phone: 'Telefone', website: 'Site',
  tax_registration_id: 'Inscrição fiscal', contact: 'Contato',
  // Brazilian invoices (and the DANFE of a NF-e) head the price columns "Valor unitário" and "Valor total".
  description: 'Descrição', quantity: 'Qtd.', unit: 'Unidade', unit_price: 'Valor unitário', discount: 'Desconto', tax: 'Imposto', amount: 'Valor total',
  subtotal: 'Subtotal', global_discount: 'Desconto', allowance: 'Abatimento', charge: 'Acréscimo', discount_total: 'Desconto total', shipping: 'Frete',
  rounding_adjustment: 'Arredondamento', total_tax: 'Total de impostos', taxable_amount: 'Base de cálculo', grand_total: 'Total',
  total_credited: 'Total creditado', tax_on_base: '{tax} {rate} sobre {base}', tax_included_on_base: '{tax} {rate} incluso sobre {base}',
  deposit: 'Sinal a pagar', amount_paid: 'Valor pago', balance_due: 'Saldo a pagar', prices_include_tax: 'Preços com impostos incluídos',
  payment_details: 'Dados para pagamento', pay_to: 'Beneficiário', bank_name: 'Banco', account_name: 'Titular da conta',
  account_number: 'Número da conta', routing_number: 'Código do banco', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Instruções de pagamento', method_note: 'Forma de pagamento',
  scan_to_pay: 'Escaneie para pagar', scan_to_view: 'Escaneie para ver esta fatura online',
  // "Assinatura autorizada" copies "Authorized signature"; the line under a signature says "Assinatura".
  notes: 'Observações', refund_policy: 'Política de reembolso', signature: 'Assinatura',
  stamp_paid: 'PAGO', stamp_partial: 'PAGAMENTO PARCIAL', paid: 'Paga', partial: 'Parcialmente paga', unpaid: 'Em aberto', page: 'Página',
  copy_for_reading: 'Cópia para leitura – o original é o arquivo XML', not_carried: 'Dados do original que esta cópia não mostra',
};

const ar: Labels = {
  invoice_number: 'رقم الفاتورة', invoice_date: 'تاريخ الفاتورة', due_date: 'تاريخ الاستحقاق', po_number: 'رقم أمر الشراء', terms: 'شروط الدفع',
  credit_note_number: 'رقم الإشعار الدائن', credit_note_date: 'تاريخ الإشعار الدائن',
  original_invoice: 'الفاتورة الأصلية', preceding_invoice: 'الفاتورة السابقة', reference_dated: '{ref} بتاريخ {date}',
  buyer_reference: 'مرجع العميل', delivery_date: 'تاريخ التوريد', period: 'فترة الفوترة', contract_reference: 'رقم العقد', project_reference: 'رقم المشروع',
  // "من" / "فاتورة إلى" / "الشحن إلى" copy From / Bill to / Ship to; Arabic invoices name the
  // parties المورد (supplier) and العميل (customer), as Saudi VAT rules do.
  from: 'المورد', bill_to: 'العميل', ship_to: 'عنوان الشحن',
  tax_id: 'الرقم الضريبي', registration_no: 'رقم السجل التجاري', email: 'البريد الإلكتروني', phone: 'الهاتف', website: 'الموقع الإلكتروني',
  tax_registration_id: 'رقم التسجيل الضريبي', contact: 'جهة الاتصال',
  description: 'الوصف', quantity: 'الكمية', unit: 'الوحدة', unit_price: 'سعر الوحدة', discount: 'الخصم', tax: 'الضريبة', amount: 'المبلغ',
  subtotal: 'المجموع الفرعي', global_discount: 'الخصم', allowance: 'خصم', charge: 'رسوم إضافية', discount_total: 'إجمالي الخصم', shipping: 'رسوم الشحن',
  rounding_adjustment: 'فرق التقريب', total_tax: 'إجمالي الضريبة', taxable_amount: 'المبلغ الخاضع للضريبة', grand_total: 'الإجمالي',
  total_credited: 'إجمالي الإشعار الدائن', tax_on_base: '{tax} {rate} على {base}', tax_included_on_base: 'شامل {tax} {rate} على {base}',
  deposit: 'الدفعة المقدمة المستحقة', amount_paid: 'المبلغ المدفوع', balance_due: 'الرصيد المستحق', prices_include_tax: 'الأسعار شاملة الضريبة',
  payment_details: 'تفاصيل الدفع', pay_to: 'المستفيد', bank_name: 'اسم البنك', account_name: 'اسم صاحب الحساب',
  account_number: 'رقم الحساب', routing_number: 'رمز التوجيه', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'تعليمات الدفع', method_note: 'طريقة الدفع',
  scan_to_pay: 'امسح الرمز للدفع', scan_to_view: 'امسح الرمز لعرض هذه الفاتورة عبر الإنترنت',
  notes: 'ملاحظات', refund_policy: 'سياسة الاسترداد', signature: 'التوقيع المعتمد',
  stamp_paid: 'تم الدفع', stamp_partial: 'تم الدفع جزئيًا', paid: 'مدفوعة', partial: 'مدفوعة جزئيًا', unpaid: 'غير مدفوعة', page: 'صفحة',
  copy_for_reading: 'نسخة للقراءة – الأصل هو ملف XML', not_carried: 'بيانات في الأصل لا تعرضها هذه النسخة',
};

const ja: Labels = {
  // Compound nouns take the short okurigana as Japanese invoices print them (お支払期限, お支払条件,
  // お支払方法, お支払情報); お支払いに関するご案内 is not a compound and keeps い.
  invoice_number: '請求書番号', invoice_date: '請求日', due_date: 'お支払期限', po_number: '発注番号', terms: 'お支払条件',
  credit_note_number: '返還請求書番号', credit_note_date: '発行日',
  original_invoice: '元請求書', preceding_invoice: '関連請求書', reference_dated: '{ref}（{date}付）',
  buyer_reference: '貴社管理番号', delivery_date: '納品日', period: '請求対象期間', contract_reference: '契約番号', project_reference: 'プロジェクト番号',
  from: '請求元', bill_to: '請求先', ship_to: '納品先',
  tax_id: '登録番号', registration_no: '法人番号', email: 'メール', phone: '電話番号', website: 'ウェブサイト',
  tax_registration_id: '納税者番号', contact: '担当者',
  description: '品目', quantity: '数量', unit: '単位', unit_price: '単価', discount: '値引き', tax: '税率', amount: '金額',
  subtotal: '小計', global_discount: '値引き', allowance: '値引き', charge: '追加料金', discount_total: '値引き合計', shipping: '送料',
  rounding_adjustment: '端数調整', total_tax: '税額合計', taxable_amount: '課税対象額', grand_total: '合計金額',
  total_credited: '返還金額合計', tax_on_base: '{tax}（{rate}対象 {base}）', tax_included_on_base: '内{tax}（{rate}対象 税抜 {base}）',
  deposit: '前払金', amount_paid: '支払済金額', balance_due: '未払残高', prices_include_tax: '税込価格',
  payment_details: 'お支払情報', pay_to: '受取人', bank_name: '銀行名', account_name: '口座名義',
  account_number: '口座番号', routing_number: '銀行コード', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'お支払いに関するご案内', method_note: 'お支払方法',
  scan_to_pay: 'スキャンしてお支払い', scan_to_view: 'スキャンしてこの請求書をオンラインで表示',
  notes: '備考', refund_policy: '返金ポリシー', signature: '署名',
  stamp_paid: '支払済', stamp_partial: '一部支払済', paid: '支払済み', partial: '一部支払済み', unpaid: '未払い', page: 'ページ',
  copy_for_reading: '閲覧用の写し（原本はXMLファイル）', not_carried: 'この写しに表示されない原本の項目',
};

const ru: Labels = {
  invoice_number: 'Номер счёта', invoice_date: 'Дата счёта', due_date: 'Срок оплаты', po_number: 'Номер заказа', terms: 'Условия оплаты',
  credit_note_number: 'Номер кредит-ноты', credit_note_date: 'Дата кредит-ноты',
  original_invoice: 'Исходный счёт', preceding_invoice: 'Предыдущий счёт', reference_dated: '{ref} от {date}',
  buyer_reference: 'Ссылка покупателя', delivery_date: 'Дата поставки', period: 'Расчётный период', contract_reference: 'Номер договора', project_reference: 'Номер проекта',
  from: 'Поставщик', bill_to: 'Покупатель', ship_to: 'Грузополучатель',
  tax_id: 'ИНН', registration_no: 'ОГРН', email: 'Эл. почта', phone: 'Телефон', website: 'Сайт',
  tax_registration_id: 'Налоговый номер', contact: 'Контактное лицо',
  description: 'Наименование', quantity: 'Кол-во', unit: 'Ед. изм.', unit_price: 'Цена', discount: 'Скидка', tax: 'Налог', amount: 'Сумма',
  // A Russian счёт sums the lines as "Итого" and ends with "Всего к оплате"; "Промежуточный итог" is
  // a spreadsheet's word for Subtotal.
  subtotal: 'Итого', global_discount: 'Скидка', allowance: 'Скидка', charge: 'Надбавка', discount_total: 'Сумма скидки', shipping: 'Доставка',
  rounding_adjustment: 'Округление', total_tax: 'Сумма налога', taxable_amount: 'Налоговая база', grand_total: 'Всего к оплате',
  total_credited: 'Сумма кредит-ноты', tax_on_base: '{tax} {rate} с суммы {base}', tax_included_on_base: 'в т. ч. {tax} {rate} с суммы {base}',
  deposit: 'Предоплата', amount_paid: 'Оплачено', balance_due: 'Остаток к оплате', prices_include_tax: 'Цены указаны с учётом налога',
  payment_details: 'Платёжные реквизиты', pay_to: 'Получатель', bank_name: 'Банк', account_name: 'Владелец счёта',
  // "Номер счёта" would read as the invoice number; a bank account is a "расчётный счёт".
  account_number: 'Расчётный счёт', routing_number: 'Код банка', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Инструкции по оплате', method_note: 'Способ оплаты',
  scan_to_pay: 'Отсканируйте для оплаты', scan_to_view: 'Отсканируйте, чтобы открыть счёт онлайн',
  notes: 'Примечания', refund_policy: 'Условия возврата', signature: 'Подпись уполномоченного лица',
  stamp_paid: 'ОПЛАЧЕНО', stamp_partial: 'ЧАСТИЧНО ОПЛАЧЕНО', paid: 'Оплачен', partial: 'Частично оплачен', unpaid: 'Не оплачен', page: 'Страница',
  copy_for_reading: 'Копия для чтения – оригинал: файл XML', not_carried: 'Данные оригинала, которых нет в этой копии',
};

const it: Labels = {
  invoice_number: 'Numero fattura', invoice_date: 'Data fattura', due_date: 'Data di scadenza', po_number: 'Numero ordine', terms: 'Condizioni di pagamento',
  credit_note_number: 'Numero nota di credito', credit_note_date: 'Data nota di credito',
  original_invoice: 'Fattura originaria', preceding_invoice: 'Fattura precedente', reference_dated: '{ref} del {date}',
  buyer_reference: 'Vostro riferimento', delivery_date: 'Data di consegna', period: 'Periodo di fatturazione', contract_reference: 'Numero contratto', project_reference: 'Riferimento progetto',
  from: 'Emittente', bill_to: 'Cliente', ship_to: 'Indirizzo di consegna',
  tax_id: 'Partita IVA', registration_no: 'N. Registro Imprese', email: 'E-mail', phone: 'Telefono', website: 'Sito web',
  tax_registration_id: 'Codice fiscale', contact: 'Referente',
  description: 'Descrizione', quantity: 'Quantità', unit: 'Unità', unit_price: 'Prezzo unitario', discount: 'Sconto', tax: 'Imposta', amount: 'Importo',
  subtotal: 'Subtotale', global_discount: 'Sconto', allowance: 'Sconto', charge: 'Maggiorazione', discount_total: 'Sconto totale', shipping: 'Spese di spedizione',
  rounding_adjustment: 'Arrotondamento', total_tax: 'Totale imposte', taxable_amount: 'Imponibile', grand_total: 'Totale',
  total_credited: 'Totale nota di credito', tax_on_base: '{tax} {rate} su {base}', tax_included_on_base: 'di cui {tax} {rate} su {base}',
  deposit: 'Acconto da versare', amount_paid: 'Importo pagato', balance_due: 'Saldo da pagare', prices_include_tax: 'Prezzi comprensivi di imposte',
  payment_details: 'Dati per il pagamento', pay_to: 'Beneficiario', bank_name: 'Banca', account_name: 'Intestatario del conto',
  account_number: 'Numero di conto', routing_number: 'Codice bancario', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'Istruzioni di pagamento', method_note: 'Modalità di pagamento',
  scan_to_pay: 'Scansiona per pagare', scan_to_view: 'Scansiona per visualizzare questa fattura online',
  // "Firma autorizzata" copies "Authorized signature"; Italian invoices print "Firma".
  notes: 'Note', refund_policy: 'Politica di rimborso', signature: 'Firma',
  stamp_paid: 'PAGATO', stamp_partial: 'PAGAMENTO PARZIALE', paid: 'Pagata', partial: 'Pagata parzialmente', unpaid: 'Da pagare', page: 'Pagina',
  copy_for_reading: 'Copia di lettura – l’originale è il file XML', not_carried: 'Dati dell’originale che questa copia non mostra',
};

const hi: Labels = {
  // बीजक, not चालान (a challan: a delivery or payment slip), as INVOICE_TITLE.
  // One word for date in the header (दिनांक), and the buyer क्रेता beside the seller विक्रेता rather than
  // the English "bill".
  invoice_number: 'बीजक संख्या', invoice_date: 'बीजक दिनांक', due_date: 'देय दिनांक', po_number: 'क्रय आदेश संख्या', terms: 'भुगतान की शर्तें',
  credit_note_number: 'क्रेडिट नोट संख्या', credit_note_date: 'क्रेडिट नोट दिनांक',
  original_invoice: 'मूल बीजक', preceding_invoice: 'पूर्व बीजक', reference_dated: '{ref} दिनांक {date}',
  buyer_reference: 'क्रेता संदर्भ', delivery_date: 'आपूर्ति दिनांक', period: 'आपूर्ति अवधि', contract_reference: 'अनुबंध संख्या', project_reference: 'परियोजना संख्या',
  from: 'विक्रेता', bill_to: 'क्रेता', ship_to: 'डिलीवरी पता',
  tax_id: 'कर पहचान संख्या', registration_no: 'पंजीकरण संख्या', email: 'ईमेल', phone: 'फ़ोन', website: 'वेबसाइट',
  tax_registration_id: 'कर पंजीकरण संख्या', contact: 'संपर्क व्यक्ति',
  // Indian invoices head the unit price "Rate", दर: मात्रा, दर, राशि.
  description: 'विवरण', quantity: 'मात्रा', unit: 'इकाई', unit_price: 'दर', discount: 'छूट', tax: 'कर', amount: 'राशि',
  subtotal: 'उप-योग', global_discount: 'छूट', allowance: 'रियायत', charge: 'अधिभार', discount_total: 'कुल छूट', shipping: 'शिपिंग शुल्क',
  rounding_adjustment: 'पूर्णांकन समायोजन', total_tax: 'कुल कर', taxable_amount: 'कर योग्य राशि', grand_total: 'कुल राशि',
  total_credited: 'कुल क्रेडिट राशि', tax_on_base: '{base} पर {tax} {rate}', tax_included_on_base: '{base} पर {tax} {rate} (सम्मिलित)',
  deposit: 'देय अग्रिम राशि', amount_paid: 'भुगतान की गई राशि', balance_due: 'शेष देय राशि', prices_include_tax: 'कर सहित मूल्य',
  payment_details: 'भुगतान विवरण', pay_to: 'भुगतान प्राप्तकर्ता', bank_name: 'बैंक का नाम', account_name: 'खाताधारक का नाम',
  // In India the routing code of a bank branch is the IFSC, which is what Indian senders will put here.
  account_number: 'खाता संख्या', routing_number: 'रूटिंग कोड / IFSC', iban: 'IBAN', swift: 'SWIFT/BIC',
  instructions: 'भुगतान निर्देश', method_note: 'भुगतान विधि',
  scan_to_pay: 'भुगतान के लिए स्कैन करें', scan_to_view: 'इस बीजक को ऑनलाइन देखने के लिए स्कैन करें',
  notes: 'टिप्पणियाँ', refund_policy: 'धनवापसी नीति', signature: 'अधिकृत हस्ताक्षरकर्ता',
  stamp_paid: 'भुगतान किया गया', stamp_partial: 'आंशिक भुगतान', paid: 'भुगतान किया गया', partial: 'आंशिक भुगतान', unpaid: 'भुगतान शेष', page: 'पृष्ठ',
  copy_for_reading: 'पढ़ने के लिए प्रति – मूल XML फ़ाइल है', not_carried: 'मूल के वे विवरण जो यह प्रति नहीं दिखाती',
};

/** The labels of each supported language; frozen, shared by every render. */
export const LABELS: Readonly<Record<Language, Labels>> = Object.freeze({
  en: Object.freeze(en), nl: Object.freeze(nl), de: Object.freeze(de), fr: Object.freeze(fr),
  es: Object.freeze(es), pt: Object.freeze(pt), ar: Object.freeze(ar), ja: Object.freeze(ja),
  ru: Object.freeze(ru), it: Object.freeze(it), hi: Object.freeze(hi),
});

/**
 * "Label: value" as each language's typography writes it: French sets a narrow
 * no-break space before the colon ("N° de TVA : FR…"), Japanese a full-width colon and no space
 * ("登録番号：T…"); the others ": ". Every glyph here is in the embedded fonts (D30).
 */
export function labelValue(language: Language, label: string, value: string): string {
  if (language === 'fr') return `${label}\u202F: ${value}`;
  if (language === 'ja') return `${label}\uFF1A${value}`;
  return `${label}: ${value}`;
}

/** Only Arabic, of the supported languages, is written right to left (a mirrored layout). */
export function isRightToLeft(language: Language): boolean {
  return language === 'ar';
}
