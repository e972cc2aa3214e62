/** Saves a Blob under a file name through a temporary link (no page navigation). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the data once the click is handled; freeing it later is harmless.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
