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
}

/** The generator's whole state: what the user typed, before any conversion. */
export interface Draft {
  /** By input name (an InvoiceRequest path such as `from.tax_id`): text, or checked for boxes. */
  fields: Record<string, string | boolean>;
  items: ItemDraft[];
  /** data: URIs of the pictures chosen from disk. */
  images: { 'from.logo'?: string; signature?: string };
}

export const ITEM_FIELDS = ['description', 'quantity', 'unit', 'unit_price', 'discount', 'discount_type', 'tax', 'tax_category', 'tax_exemption_reason', 'item_id'] as const;
/** The item inputs that only an e-invoice uses, folded away in each item. */
export const ITEM_EINVOICE_FIELDS = ['tax_category', 'tax_exemption_reason', 'item_id'] as const;

export function emptyItem(): ItemDraft {
  return { description: '', quantity: '1', unit: '', unit_price: '', discount: '', discount_type: 'percent', tax: '', tax_category: '', tax_exemption_reason: '', item_id: '' };
}

/** Whether an item has any e-invoice input filled in (its fold is then opened). */
export const hasItemEInvoiceData = (item: ItemDraft): boolean =>
  ITEM_EINVOICE_FIELDS.some((field) => item[field].trim() !== '');

/**
 * Whether the draft holds e-invoice data, so the folded E-invoice section opens by itself: one of
 * the section's inputs (given with the value each has when the page is loaded, as the page knows
 * them) holds something else, or an item has an e-invoice input filled in.
 */
export function hasEInvoiceData(draft: Draft, sectionDefaults: ReadonlyMap<string, string>): boolean {
  for (const [name, initial] of sectionDefaults) {
    const value = draft.fields[name];
    if (typeof value === 'string' && value.trim() !== '' && value !== initial) return true;
  }
  return draft.items.some(hasItemEInvoiceData);
}

/** A fresh draft: one empty line, so the form never starts without a place to type. */
export function emptyDraft(): Draft {
  return { fields: {}, items: [emptyItem()], images: {} };
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
    return { fields: parsed.fields ?? {}, items, images: parsed.images ?? {} };
  } catch {
    return emptyDraft();
  }
}

/**
 * Saves the draft in the browser (issue 9: work survives a reload). Pictures can pass the
 * storage quota (about 5 MB); then the draft is kept without them and false is returned.
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
