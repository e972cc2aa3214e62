import type { PaymentStatus } from './catalog.ts';

/**
 * D10. An explicit payment.status wins. Otherwise: paid when something was paid and nothing is
 * left (overpaid included), or when there is nothing to pay; partial when something but less
 * than the total was paid; else unpaid. Amounts in minor units.
 */
export function detectStatus(
  explicit: PaymentStatus | undefined,
  grandTotal: bigint,
  amountPaid: bigint,
): PaymentStatus {
  if (explicit !== undefined) return explicit;
  if ((amountPaid > 0n && amountPaid >= grandTotal) || grandTotal === 0n) return 'paid';
  if (amountPaid > 0n && amountPaid < grandTotal) return 'partial';
  return 'unpaid';
}
