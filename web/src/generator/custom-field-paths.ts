import { isBlankCustomField, type CustomFieldDraft } from './draft.ts';

/**
 * Where each custom-field row goes in the request: `custom_fields.0`, `custom_fields.1` … in the
 * order listed, counting only the rows that are sent, so a message about
 * `custom_fields[1].label` names the row whose input is `custom_fields.1.label`. A blank row is
 * not sent and gets undefined.
 */
export function customFieldPaths(rows: readonly CustomFieldDraft[]): Array<string | undefined> {
  let next = 0;
  return rows.map((row) => (isBlankCustomField(row) ? undefined : `custom_fields.${next++}`));
}
