import type { Output } from '../../domain/invoice/catalog.ts';
import type { DocumentFormat } from './document-format.ts';
import { ciiFormat } from './cii-format.ts';
import { jsonFormat } from './json-format.ts';
import { pdfFormat } from './pdf-format.ts';
import { ublFormat } from './ubl-format.ts';

/**
 * The one registry of outputs: a generation, a batch item and a hosted link look their format up
 * here. A new format is a module and a line here.
 */
const DOCUMENT_FORMATS: Readonly<Record<Output, DocumentFormat>> = {
  json: jsonFormat,
  pdf: pdfFormat,
  ubl: ublFormat,
  cii: ciiFormat,
};

/** The format of a request's `output` (validated by the request schema, D3). */
export function documentFormatFor(output: Output): DocumentFormat {
  return DOCUMENT_FORMATS[output];
}

/** The document a hosted link serves (D24): every generation with a link keeps one of these. */
export const HOSTED_LINK_FORMAT: DocumentFormat = pdfFormat;
