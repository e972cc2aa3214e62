import { hybridProfileOf } from '../../domain/einvoice/hybrid-profile.ts';
import { pdfInput } from '../../domain/pdf/pdf-input.ts';
import type { DocumentFormat } from './document-format.ts';
import { ciiSyntax } from './cii-format.ts';
import { prepareEInvoiceXml } from './e-invoice-format.ts';

/**
 * output "pdf": rendered by Typst on the worker pool (D29–D31). The same source gives the same
 * render input, so a hosted link renders what the generation rendered (D24). An invoice whose
 * profile has a hybrid form (factur-x, xrechnung) is a hybrid PDF (D40): PDF/A-3b carrying the CII
 * that `output: "cii"` answers under the same rules, its amounts worked out before numbering like
 * the CII file's. Metered as a PDF either way (D41: one document, one PDF).
 */
export const pdfFormat: DocumentFormat = {
  output: 'pdf',
  meteredAs: 'pdf',
  printsImages: true,
  servesHostedLink: true,
  prepare: (invoice, ports) => {
    const hybrid = hybridProfileOf(invoice.profile);
    const writeCii = hybrid === undefined ? undefined : prepareEInvoiceXml(ciiSyntax, invoice, ports, () => hybrid.ruleProfile);
    return {
      file: { mediaType: 'application/pdf', fileName: 'invoice.pdf' },
      write: async (source) => {
        const einvoice = writeCii === undefined || hybrid === undefined ? undefined : { xml: writeCii(source), hybrid };
        const input = pdfInput(source.invoice, source.images, source.qr, einvoice);
        return ports.pdfRenderer().render(input.view, input.assets, input.file);
      },
    };
  },
};
