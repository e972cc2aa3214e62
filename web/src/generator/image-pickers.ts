import type { Draft } from './draft.ts';

/** The API takes PNG or JPEG up to 2.5 MB. */
const MAX_IMAGE_BYTES = 2.5 * 1024 * 1024;
const TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * The logo and signature pickers: the chosen file is checked here for type and size (the API
 * checks again, by magic bytes) and kept in the draft as a data: URI, shown as a thumbnail.
 */
export function wireImagePickers(currentDraft: () => Draft, onChange: () => void): { refresh(): void } {
  const pickers = [...document.querySelectorAll<HTMLElement>('[data-image]')];

  function show(picker: HTMLElement): void {
    const name = picker.dataset.image as keyof Draft['images'];
    const chosen = picker.querySelector<HTMLElement>('.image-chosen')!;
    const value = currentDraft().images[name];
    chosen.hidden = value === undefined;
    if (value !== undefined) chosen.querySelector('img')!.src = value;
  }

  for (const picker of pickers) {
    const name = picker.dataset.image as keyof Draft['images'];
    const input = picker.querySelector<HTMLInputElement>('input[type="file"]')!;
    const error = picker.querySelector<HTMLElement>('.field-error')!;
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      error.textContent = '';
      if (file === undefined) return;
      if (!TYPES.has(file.type)) {
        error.textContent = `${file.name} is not a PNG or JPEG picture; choose one of those.`;
        input.value = '';
        return;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        error.textContent = `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2.5 MB.`;
        input.value = '';
        return;
      }
      const reader = new FileReader();
      reader.addEventListener('load', () => {
        currentDraft().images[name] = String(reader.result);
        input.value = '';
        show(picker);
        onChange();
      });
      reader.readAsDataURL(file);
    });
    picker.querySelector('[data-remove-image]')!.addEventListener('click', () => {
      delete currentDraft().images[name];
      show(picker);
      input.focus();
      onChange();
    });
  }
  return { refresh: () => pickers.forEach(show) };
}
