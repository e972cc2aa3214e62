import { MAX_CUSTOM_FIELDS } from '../../../src/domain/invoice/invoice-request-schema.ts';

/** One line item as typed: every value is the text of its input. */
export interface ItemDraft {
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  discount: string;
  discount_type: string;
  tax: string;
  /** The item's own VAT category (D36); empty takes the invoice's. */
  tax_category: string;
  tax_exemption_reason: string;
  /** The seller's item identifier (BT-155). */
  item_id: string;
  /** One charge on the line (BG-28): its amount and why. */
  charge_amount: string;
  charge_reason: string;
}

/** A document-level allowance or charge as typed. */
export interface AdjustmentDraft {
  kind: 'allowance' | 'charge';
  value: string;
  /** Whether `value` is an amount or a percent of the lines in its VAT category and rate. */
  value_type: 'amount' | 'percent';
  reason: string;
  /** UNCL 5189 for an allowance, UNCL 7161 for a charge. */
  reason_code: string;
  /** Empty: the lines' category and rate, when they all share one. */
  tax_category: string;
  tax_rate: string;
}

/** A labelled value of the user's own (`custom_fields`), printed with the invoice details. */
export interface CustomFieldDraft {
  label: string;
  value: string;
}

/** The generator's whole state: what the user typed, before any conversion. */
export interface Draft {
  /** By input name (an InvoiceRequest path such as `from.tax_id`): text, or checked for boxes. */
  fields: Record<string, string | boolean>;
  items: ItemDraft[];
  /** Document-level allowances and charges, in the order the user listed them. */
  adjustments: AdjustmentDraft[];
  /** The custom fields, in the order the PDF prints them. */
  custom_fields: CustomFieldDraft[];
  /** data: URIs of the pictures chosen from disk. */
  images: { 'from.logo'?: string; signature?: string };
}

export const ITEM_FIELDS = ['description', 'quantity', 'unit', 'unit_price', 'discount', 'discount_type', 'tax', 'tax_category', 'tax_exemption_reason', 'item_id', 'charge_amount', 'charge_reason'] as const;
/** The item inputs that only an e-invoice uses, folded away in each item. */
export const ITEM_EINVOICE_FIELDS = ['tax_category', 'tax_exemption_reason', 'item_id'] as const;
/** The line's charge, in the same fold: rarely wanted, and it changes the PDF too. */
export const ITEM_CHARGE_FIELDS = ['charge_amount', 'charge_reason'] as const;

export function emptyItem(): ItemDraft {
  return {
    description: '', quantity: '1', unit: '', unit_price: '', discount: '', discount_type: 'percent', tax: '',
    tax_category: '', tax_exemption_reason: '', item_id: '', charge_amount: '', charge_reason: '',
  };
}

/** D37 allows 20 allowances and 20 charges (MAX_ALLOWANCES each). */
export const MAX_ADJUSTMENTS_PER_KIND = 20;
export const MAX_ADJUSTMENT_ROWS = 2 * MAX_ADJUSTMENTS_PER_KIND;

export const ADJUSTMENT_FIELDS = ['kind', 'value', 'value_type', 'reason', 'reason_code', 'tax_category', 'tax_rate'] as const;

export function emptyAdjustment(kind: AdjustmentDraft['kind']): AdjustmentDraft {
  return { kind, value: '', value_type: 'amount', reason: '', reason_code: '', tax_category: '', tax_rate: '' };
}

/** A row with nothing typed in it (its kind and "amount or percent" are choices, not input): not sent. */
export const isBlankAdjustment = (row: AdjustmentDraft): boolean =>
  (['value', 'reason', 'reason_code', 'tax_category', 'tax_rate'] as const).every((field) => row[field].trim() === '');

export const emptyCustomField = (): CustomFieldDraft => ({ label: '', value: '' });

/** A row with nothing typed in it: not sent. */
export const isBlankCustomField = (row: CustomFieldDraft): boolean => row.label.trim() === '' && row.value.trim() === '';

/**
 * The "Embed the e-invoice in the PDF" box: the page's own choice, not an InvoiceRequest field, so
 * its name is no request path.
 */
export const EMBED_EINVOICE_FIELD = 'embed_einvoice';

/** Whether an item has any e-invoice input filled in. */
export const hasItemEInvoiceData = (item: ItemDraft): boolean =>
  ITEM_EINVOICE_FIELDS.some((field) => item[field].trim() !== '');

/** Whether an item's fold (e-invoice inputs and its charge) has anything in it, so it is opened. */
export const hasItemFoldData = (item: ItemDraft): boolean =>
  hasItemEInvoiceData(item) || ITEM_CHARGE_FIELDS.some((field) => item[field].trim() !== '');

/** The inputs of the "Shipping VAT, allowances and charges" fold besides the list itself. */
export const ADJUSTMENT_SECTION_FIELDS = ['shipping_tax', 'shipping_tax_category'] as const;

/**
 * Whether the draft taxes its shipping or has an allowance or charge, so the fold that holds them
 * opens by itself: a fresh form keeps it closed.
 */
export function hasAdjustmentData(draft: Draft): boolean {
  return ADJUSTMENT_SECTION_FIELDS.some((name) => typeof draft.fields[name] === 'string' && (draft.fields[name] as string).trim() !== '')
    || draft.adjustments.some((row) => !isBlankAdjustment(row));
}

/**
 * Whether the draft holds e-invoice data, so the folded E-invoice section opens by itself: one of
 * the section's inputs (given with the value each has when the page is loaded, as the page knows
 * them; a box's is whether it is ticked) holds something else, or an item has an e-invoice input
 * filled in.
 */
export function hasEInvoiceData(draft: Draft, sectionDefaults: ReadonlyMap<string, string | boolean>): boolean {
  for (const [name, initial] of sectionDefaults) {
    const value = draft.fields[name];
    if (typeof value === 'boolean' && value !== initial) return true;
    if (typeof value === 'string' && value.trim() !== '' && value !== initial) return true;
  }
  return draft.items.some(hasItemEInvoiceData);
}

/** A fresh draft: one empty line, so the form never starts without a place to type. */
export function emptyDraft(): Draft {
  return { fields: {}, items: [emptyItem()], adjustments: [], custom_fields: [], images: {} };
}

const STORAGE_KEY = 'invoice-service:draft:v1';

/** The saved draft, or a fresh one when there is none or it cannot be read. */
export function loadDraft(storage: Storage): Draft {
  try {
    const saved = storage.getItem(STORAGE_KEY);
    if (saved === null) return emptyDraft();
    const parsed = JSON.parse(saved) as Partial<Draft>;
    const items = Array.isArray(parsed.items) && parsed.items.length > 0
      ? parsed.items.map((item) => ({ ...emptyItem(), ...item }))
      : [emptyItem()];
    // A draft from before allowances and charges has none; a row is completed as an item is.
    const adjustments = Array.isArray(parsed.adjustments)
      ? parsed.adjustments.slice(0, MAX_ADJUSTMENT_ROWS).map((row) => ({
        ...emptyAdjustment('allowance'),
        ...row,
        kind: row?.kind === 'charge' ? 'charge' : 'allowance',
        value_type: row?.value_type === 'percent' ? 'percent' : 'amount',
      }) as AdjustmentDraft)
      : [];
    // A draft saved before custom fields has none; each row keeps only its two texts.
    const customFields = Array.isArray(parsed.custom_fields)
      ? parsed.custom_fields.slice(0, MAX_CUSTOM_FIELDS).map((row) => ({
        label: typeof row?.label === 'string' ? row.label : '',
        value: typeof row?.value === 'string' ? row.value : '',
      }))
      : [];
    return { fields: parsed.fields ?? {}, items, adjustments, custom_fields: customFields, images: parsed.images ?? {} };
  } catch {
    return emptyDraft();
  }
}

/**
 * Saves the draft in the browser, so work survives a reload. Pictures can pass the storage quota
 * (about 5 MB); then the draft is kept without them and false is returned.
 */
export function saveDraft(storage: Storage, draft: Draft): boolean {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(draft));
    return true;
  } catch {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify({ ...draft, images: {} }));
    } catch {
      // Storage is off or full: the form still works, it just will not survive a reload.
    }
    return false;
  }
}

export function clearDraft(storage: Storage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
