import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { InvoiceRequest } from '../domain/invoice/invoice-request-schema.ts';
import type { IdempotencyClaim } from '../use-cases/idempotency/idempotency-claim.ts';
import type { KeptResponse } from '../use-cases/idempotency/idempotency-store.ts';
import { generateInvoiceDocument, type GenerationOutcome } from '../use-cases/invoices/generate-invoice-document.ts';
import type { GenerationDeps } from '../use-cases/invoices/generation-deps.ts';
import type { McpCall } from './mcp-tool.ts';
import { toolErrorResult } from './tool-error-result.ts';

/**
 * The operation an MCP generation's Idempotency-Key fingerprint names (D23). POST
 * /api/generate-invoice names 'generate-invoice': a key used on one transport and then on the
 * other is a different request (idempotency_key_conflict), never a replay of bytes that are not
 * the other transport's answer.
 */
export const MCP_GENERATION_OPERATION = 'mcp:generate_invoice';

/** The kept response's media type: a tool result as JSON. */
const KEPT_MEDIA_TYPE = 'application/json';

/**
 * One generation for a tool, through the use-case the HTTP route calls, so the windows and the
 * month (D20–D22), numbering (D15), hosted links (D24) and the webhook event (D28) happen exactly
 * as over HTTP. With an idempotency key the tool result is kept under the key's claim as the
 * HTTP layer keeps its response bytes, and a repeat answers it again without generating or
 * metering; on an error the claim is released (a generation that committed stays resumable: a
 * repeat answers it rather than generating again). Only successes are kept, so a refused or failed call may simply be repeated.
 */
export async function runMcpGeneration(
  deps: GenerationDeps,
  call: McpCall,
  body: InvoiceRequest,
  idempotencyKey: string | undefined,
  present: (outcome: Exclude<GenerationOutcome, { kind: 'replay' }>) => CallToolResult,
): Promise<CallToolResult> {
  let held: IdempotencyClaim | undefined;
  let retryAfterS: number | undefined;
  let result: CallToolResult;
  try {
    const outcome = await generateInvoiceDocument(deps, {
      nowMs: call.nowMs,
      requestId: call.requestId,
      // One argument, one value: the header's repeated-lines rule has nothing to look at here.
      idempotencyKey: idempotencyKey === undefined ? undefined : { value: idempotencyKey, headerLines: 1, name: 'idempotency_key' },
      log: call.log,
      onWindows: (_windows, retryAfter) => { retryAfterS = retryAfter; },
      onKeyHeld: (claim) => { held = claim; },
      operation: MCP_GENERATION_OPERATION,
      body,
      caller: call.caller,
    });
    if (outcome.kind === 'replay') return replayed(outcome.response, call);
    result = present(outcome);
  } catch (error) {
    if (held !== undefined) await deps.idempotency.release(held).catch((failure: unknown) => call.log.warn({ err: failure }, 'idempotency claim not released'));
    return toolErrorResult(error, call, retryAfterS);
  }
  if (held !== undefined) {
    // As over HTTP: if the record cannot be written the answer still goes out, and the claim lapses with its lease.
    const kept: KeptResponse = { status: 200, headers: { 'content-type': KEPT_MEDIA_TYPE }, body: Buffer.from(JSON.stringify(result), 'utf8') };
    await deps.idempotency.complete(held, kept).catch((failure: unknown) => call.log.warn({ err: failure }, 'idempotency record not written'));
  }
  return result;
}

/** The first call's tool result, as it was, marked as a replay in _meta (Idempotent-Replayed over HTTP). */
function replayed(kept: KeptResponse, call: McpCall): CallToolResult {
  if (kept.headers['content-type'] !== KEPT_MEDIA_TYPE) return toolErrorResult(new Error('kept response is not a tool result'), call);
  const result = JSON.parse(kept.body.toString('utf8')) as CallToolResult;
  return { ...result, _meta: { ...result._meta, idempotent_replayed: true } };
}
