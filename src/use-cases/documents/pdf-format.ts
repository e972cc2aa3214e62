import { pdfInput } from '../../domain/pdf/pdf-input.ts';
import type { DocumentFormat } from './document-format.ts';

/**
 * output "pdf": rendered by Typst on the worker pool (D29–D31). The same source gives the same
 * render input, so a hosted link renders what the generation rendered (D24).
 */
export const pdfFormat: DocumentFormat = {
  output: 'pdf',
  meteredAs: 'pdf',
  printsImages: true,
  servesHostedLink: true,
  prepare: (_invoice, ports) => ({
    file: { mediaType: 'application/pdf', fileName: 'invoice.pdf' },
    write: (source) => {
      const input = pdfInput(source.invoice, source.images, source.qr);
      return ports.pdfRenderer().render(input.view, input.assets);
    },
  }),
};
