import { EMBED_EINVOICE_FIELD } from './draft.ts';
import { hybridProfileFor } from './hybrid-profile-for.ts';

/**
 * Disables "Embed the e-invoice in the PDF" while the chosen profile has no hybrid PDF (Peppol
 * BIS, D40) and shows the note that says so. The tick is kept, not cleared: it counts again when a
 * profile with a hybrid form is chosen, and profileFor sends no profile meanwhile.
 */
export function enableEmbedBox(form: HTMLFormElement): void {
  const box = form.querySelector<HTMLInputElement>(`[name="${EMBED_EINVOICE_FIELD}"]`);
  const profile = form.querySelector<HTMLSelectElement>('[name="profile"]')?.value;
  if (box === null) return;
  box.disabled = hybridProfileFor(profile) === undefined;
  const note = box.closest('.field')?.querySelector<HTMLElement>('.field-note') ?? undefined;
  if (note !== undefined) note.hidden = !box.disabled;
}
