import type { DeliveryLog } from './deliver-document.ts';
import type { KeyHeldListener, SentIdempotencyKey } from '../idempotency/start-keyed-generation.ts';
import type { WindowsListener } from '../limits/admit-generations.ts';

/** What every generation request carries besides its body and caller: single and batch alike. */
export interface GenerationContext {
  /** Unix ms the request is served at: one reading for its windows, dates and links. */
  readonly nowMs: number;
  /** Its meta.request_id, and what its Idempotency-Key's record names as the resumable request. */
  readonly requestId: string;
  readonly idempotencyKey: SentIdempotencyKey | undefined;
  readonly log: DeliveryLog;
  readonly onWindows: WindowsListener;
  readonly onKeyHeld: KeyHeldListener;
}
