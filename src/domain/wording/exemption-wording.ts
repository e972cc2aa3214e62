import type { Language } from '../invoice/catalog.ts';

/** What an invoice says when no VAT is charged, in each language (D36). */
export interface ExemptionWording {
  /** AE, VATEX-EU-AE: the buyer accounts for the VAT. */
  readonly reverseCharge: string;
  /** K, VATEX-EU-IC. */
  readonly intraCommunity: string;
  /** G, VATEX-EU-G. */
  readonly export: string;
  /** O, VATEX-EU-O. */
  readonly notSubject: string;
  /** E without an article. */
  readonly exempt: string;
  /** E under an article of the VAT Directive; {article} is "132(1)(a)". */
  readonly exemptArticle: string;
}

/**
 * The standard wording of the exemptions the law asks an invoice to state (Directive 2006/112/EC,
 * Art. 226 (11) and (11a)). de uses the words of § 14a UStG ("Steuerschuldnerschaft des
 * Leistungsempfängers"); fr "Autoliquidation" (CGI art. 242 nonies A); nl "Btw verlegd"; it
 * "Inversione contabile"; es "Inversión del sujeto pasivo". pt is written with the EU terms (Brazil
 * has no VAT; an invoice in Portuguese under EU VAT uses Portugal's).
 */
export const EXEMPTION_WORDING: Readonly<Record<Language, ExemptionWording>> = {
  en: { reverseCharge: 'Reverse charge', intraCommunity: 'Intra-community supply', export: 'Export outside the EU', notSubject: 'Not subject to VAT', exempt: 'Exempt from VAT', exemptArticle: 'Exempt from VAT under Article {article} of Directive 2006/112/EC' },
  de: { reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers', intraCommunity: 'Steuerfreie innergemeinschaftliche Lieferung', export: 'Steuerfreie Ausfuhrlieferung', notSubject: 'Nicht steuerbar', exempt: 'Steuerbefreit', exemptArticle: 'Steuerbefreit nach Artikel {article} der Richtlinie 2006/112/EG' },
  fr: { reverseCharge: 'Autoliquidation', intraCommunity: 'Livraison intracommunautaire exonérée', export: 'Exportation hors UE exonérée', notSubject: 'Non soumis à la TVA', exempt: 'Exonéré de TVA', exemptArticle: 'Exonération de TVA, article {article} de la directive 2006/112/CE' },
  nl: { reverseCharge: 'Btw verlegd', intraCommunity: 'Intracommunautaire levering', export: 'Uitvoer buiten de EU', notSubject: 'Niet onderworpen aan btw', exempt: 'Vrijgesteld van btw', exemptArticle: 'Vrijgesteld van btw op grond van artikel {article} van Richtlijn 2006/112/EG' },
  es: { reverseCharge: 'Inversión del sujeto pasivo', intraCommunity: 'Entrega intracomunitaria exenta', export: 'Exportación fuera de la UE exenta', notSubject: 'No sujeto a IVA', exempt: 'Exento de IVA', exemptArticle: 'Exento de IVA según el artículo {article} de la Directiva 2006/112/CE' },
  pt: { reverseCharge: 'Autoliquidação', intraCommunity: 'Fornecimento intracomunitário isento', export: 'Exportação para fora da UE isenta', notSubject: 'Não sujeito a IVA', exempt: 'Isento de IVA', exemptArticle: 'Isento de IVA nos termos do artigo {article} da Diretiva 2006/112/CE' },
  ar: { reverseCharge: 'احتساب عكسي للضريبة', intraCommunity: 'توريد داخل الاتحاد الأوروبي معفى من الضريبة', export: 'تصدير خارج الاتحاد الأوروبي معفى من الضريبة', notSubject: 'غير خاضع لضريبة القيمة المضافة', exempt: 'معفى من ضريبة القيمة المضافة', exemptArticle: 'معفى من ضريبة القيمة المضافة بموجب المادة {article} من التوجيه 2006/112/EC' },
  ja: { reverseCharge: 'リバースチャージ', intraCommunity: 'EU域内供給（免税）', export: 'EU域外への輸出（免税）', notSubject: '付加価値税の課税対象外', exempt: '付加価値税免除', exemptArticle: '指令2006/112/EC第{article}条に基づく付加価値税免除' },
  ru: { reverseCharge: 'Обратное начисление НДС', intraCommunity: 'Внутрисоюзная поставка, освобождена от НДС', export: 'Экспорт за пределы ЕС, освобождён от НДС', notSubject: 'Не облагается НДС', exempt: 'Освобождено от НДС', exemptArticle: 'Освобождено от НДС согласно статье {article} Директивы 2006/112/ЕС' },
  it: { reverseCharge: 'Inversione contabile', intraCommunity: 'Cessione intracomunitaria non imponibile', export: 'Esportazione fuori dall\'UE non imponibile', notSubject: 'Non soggetto a IVA', exempt: 'Esente IVA', exemptArticle: 'Esente IVA ai sensi dell\'articolo {article} della direttiva 2006/112/CE' },
  hi: { reverseCharge: 'रिवर्स चार्ज', intraCommunity: 'अंतर-सामुदायिक आपूर्ति (कर-मुक्त)', export: 'यूरोपीय संघ के बाहर निर्यात (कर-मुक्त)', notSubject: 'वैट के अधीन नहीं', exempt: 'वैट से मुक्त', exemptArticle: 'निर्देश 2006/112/EC के अनुच्छेद {article} के अंतर्गत वैट से मुक्त' },
};

/** The VATEX code each category takes when none is sent; E has none (its reason must be given). */
export const DEFAULT_EXEMPTION_CODES: Readonly<Partial<Record<string, string>>> = {
  AE: 'VATEX-EU-AE', K: 'VATEX-EU-IC', G: 'VATEX-EU-G', O: 'VATEX-EU-O',
};

/** "VATEX-EU-132-1A" → "132(1)(a)", "VATEX-EU-79-C" → "79(c)", "VATEX-EU-309" → "309"; undefined for other codes. */
function articleOf(code: string): string | undefined {
  const match = /^VATEX-EU-(\d+)(?:-(\d+))?([A-Z]+)?(?:-([A-Z]+))?$/.exec(code);
  if (match === null) return undefined;
  const [, article, paragraph, pointAfterParagraph, point] = match;
  const letter = pointAfterParagraph ?? point;
  return `${article}${paragraph === undefined ? '' : `(${paragraph})`}${letter === undefined ? '' : `(${letter.toLowerCase()})`}`;
}

/**
 * The exemption's text (BT-120) in the invoice language: the reason sent, else the standard wording
 * of its code, else of its category. Undefined for E with neither (a reason is needed, D39).
 */
export function exemptionText(category: string, code: string | undefined, reason: string | undefined, language: Language): string | undefined {
  if (reason !== undefined) return reason;
  const words = EXEMPTION_WORDING[language];
  const byCode: Readonly<Record<string, string>> = {
    'VATEX-EU-AE': words.reverseCharge, 'VATEX-EU-IC': words.intraCommunity, 'VATEX-EU-G': words.export, 'VATEX-EU-O': words.notSubject,
  };
  const effective = code ?? DEFAULT_EXEMPTION_CODES[category];
  if (effective === undefined) return undefined;
  const known = byCode[effective];
  if (known !== undefined) return known;
  const article = articleOf(effective);
  return article === undefined ? `${words.exempt} (${effective})` : words.exemptArticle.replace('{article}', article);
}
