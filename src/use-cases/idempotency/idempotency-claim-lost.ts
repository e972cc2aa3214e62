import { AppError } from '../../errors/app-error.ts';

/** A claim lost between the key's claim and the commit: its lease ran out and a repeat took it over. */
export function idempotencyClaimLost(): AppError {
  return new AppError('idempotency_key_conflict', 'This request took so long that its hold on the Idempotency-Key ran out and a repeat of it took the key over; nothing was generated here. Repeat the request with the same key to receive that one\'s answer.');
}

