import { byId } from '../lib/dom.ts';

/** Asks a yes/no question in the page's modal dialog; resolves true on the confirm button. */
export function confirmAction(title: string, text: string, confirmLabel: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('confirm-dialog');
  byId('confirm-title').textContent = title;
  byId('confirm-text').textContent = text;
  byId('confirm-ok').textContent = confirmLabel;
  dialog.returnValue = '';
  dialog.showModal();
  byId('confirm-cancel').focus();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true }));
}
