/**
 * A PDF's bytes as latin1 text with what depends on the moment it was rendered blanked out: the
 * creation and modification dates (Info dictionary and XMP) and the document ids Typst derives
 * from them. Two renders of the same invoice in different seconds are equal after this; anything
 * else that differs (text, layout, fonts, images) still shows. Reproducible PDFs with a fixed
 * date are issue 22's point 4.
 */
export function withoutRenderTime(pdf: Uint8Array): string {
  return Buffer.from(pdf).toString('latin1')
    .replace(/D:\d{14}Z/g, 'D:--------------Z')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00/g, '----------T--:--:--+00:00')
    .replace(/(<xmpMM:(?:InstanceID|DocumentID)>)[^<]*/g, '$1-')
    .replace(/\/ID \[\([^)]*\) \([^)]*\)\]/g, '/ID [(-) (-)]');
}
