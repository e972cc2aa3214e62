import { checkIdempotencyKey } from '../../domain/idempotency/check-idempotency-key.ts';
import { fingerprintRequest } from '../../domain/idempotency/fingerprint-request.ts';
import type { Caller } from '../caller.ts';
import type { IdempotencyClaim } from './idempotency-claim.ts';
import type { IdempotencyStore, KeptResponse } from './idempotency-store.ts';
import type { IdempotencyTie } from './kept-generation.ts';

/** An idempotency key as sent: its value, how many header lines carried it, and what the caller calls it. */
export interface SentIdempotencyKey {
  readonly value: string | string[];
  readonly headerLines: number;
  /** How messages name it, when it is not the Idempotency-Key header (an MCP tool's `idempotency_key`). */
  readonly name?: string;
}

/**
 * Told when a request holds its key: whatever it answers from then on, an error included, is
 * kept under the key or releases it (D23), so the holder must know before anything can fail.
 * `resumed`: it answers a generation an earlier request under the key committed and never answered.
 */
export type KeyHeldListener = (claim: IdempotencyClaim, resumed: boolean) => void;

/**
 * How a generation under an Idempotency-Key goes on: its first answer is replayed, or it runs,
 * tied to its key when it has one.
 */
export type KeyedStart = { readonly replay: KeptResponse } | { readonly replay?: undefined; readonly tie: IdempotencyTie | undefined };

/**
 * D23 for one generation request: without a key nothing happens; with one, either the first
 * answer is replayed or this request holds the key (`tie`, which its generation writes itself
 * into). When the request that held the key before died after its generation committed,
 * `tie.resumes` is that generation: the request answers it rather than generating again.
 * `operation` keeps the keys of different endpoints from matching each other's requests.
 */
export async function startKeyedGeneration(
  idempotency: IdempotencyStore,
  request: { readonly caller: Caller; readonly requestId: string; readonly idempotencyKey: SentIdempotencyKey | undefined; readonly onKeyHeld: KeyHeldListener },
  operation: string,
  body: unknown,
): Promise<KeyedStart> {
  const sent = request.idempotencyKey;
  if (sent === undefined) return { tie: undefined };
  const key = checkIdempotencyKey(sent.value, sent.headerLines, sent.name);
  const { caller } = request;
  const scope = caller.kind === 'account' ? `a:${caller.accountId}` : `ip:${caller.ip}`;
  const start = await idempotency.begin(scope, key, fingerprintRequest(operation, body));
  if (start.kind === 'replay') return { replay: start.response };
  request.onKeyHeld(start.claim, start.resumes !== undefined);
  return { tie: { claim: start.claim, requestId: request.requestId, resumes: start.resumes } };
}
