/**
 * Shows the inputs that apply to one choice only (a credit note's corrected invoice, a card, a
 * direct-debit mandate): each group marked `data-show-when="<input name>"` is shown while that
 * input's value is one of its space-separated `data-show-values`. What a hidden group holds is
 * not sent (build-request.ts).
 */
export function showDependentFields(form: HTMLFormElement): void {
  for (const group of form.querySelectorAll<HTMLElement>('[data-show-when]')) {
    const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${CSS.escape(group.dataset.showWhen!)}"]`);
    group.hidden = !(group.dataset.showValues ?? '').split(' ').includes(input?.value ?? '');
  }
}
