import type { DocumentFormat } from './document-format.ts';

/** output "json" (the default): the computed invoice is the answer; there is no document to make. */
export const jsonFormat: DocumentFormat = {
  output: 'json',
  meteredAs: 'json',
  printsImages: false,
  servesHostedLink: false,
  prepare: () => undefined,
};
