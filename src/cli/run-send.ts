import type { CliCommand } from './parse-cli-command.ts';
import type { CliIo } from './cli-io.ts';
import { describeFailure } from './describe-failure.ts';
import { isSameFile } from './is-same-file.ts';
import { readApiUrl } from './read-api-url.ts';
import { readRequestFile } from './read-request-file.ts';
import { writeDocument } from './write-document.ts';

type SendCommand = Extract<CliCommand, { name: 'send' }>;

/** A PDF of a long invoice takes a few seconds at most; a server that has not answered by then will not. */
const SEND_TIMEOUT_MS = 120_000;

/**
 * `invoice send`: POST /api/generate-invoice on INVOICE_API_URL, with INVOICE_API_KEY as a Bearer
 * key when set, and the answer's body written as it came. An error answer is printed with the
 * API's own code and message and the request id (D16). No retries: the request has no
 * Idempotency-Key, so a retry could make a second invoice.
 * Exit status: 0 written, 1 the API answered an error or could not be reached, 2 bad usage.
 */
export async function runSend(command: SendCommand, io: CliIo): Promise<number> {
  const api = readApiUrl(io.env, 'api/generate-invoice');
  if (!api.ok) {
    io.stderr.write(`${api.message}\n`);
    return 2;
  }
  const { url } = api;
  if (command.out !== undefined && await isSameFile(command.out, command.input)) {
    io.stderr.write(`invoice: -o ${command.out} is the request file itself, which writing would destroy: choose another output file\n`);
    return 2;
  }
  let raw: unknown;
  try {
    raw = await readRequestFile(command.input);
  } catch (error) {
    io.stderr.write(`${command.input}: ${describeFailure(error)}\n`);
    return 1;
  }
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const body = isObject ? { ...(raw as object), ...command.overrides } : raw;
  const key = io.env.INVOICE_API_KEY;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined || key === '' ? {} : { authorization: `Bearer ${key}` }) },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
    io.stderr.write(`cannot reach ${url.origin}: ${cause}\n`);
    return 1;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const requestId = response.headers.get('x-request-id');
  if (!response.ok) {
    io.stderr.write(`${apiErrorLine(response.status, bytes)}${requestId === null ? '' : ` (request id ${requestId})`}\n`);
    return 1;
  }
  const hosted = response.headers.get('x-hosted-url');
  if (hosted !== null) io.stderr.write(`hosted link: ${hosted}\n`);
  const warnings = response.headers.get('x-warnings');
  if (warnings !== null) io.stderr.write(`warnings: ${warnings}\n`);
  try {
    await writeDocument(bytes, command.out, io.stdout);
  } catch (error) {
    io.stderr.write(`${describeFailure(error)}\n`);
    return 1;
  }
  return 0;
}

/** `API error 422 validation_error: items is required: …`, from the error envelope when there is one. */
function apiErrorLine(status: number, bytes: Uint8Array): string {
  try {
    const answer = JSON.parse(new TextDecoder().decode(bytes)) as { error?: { code?: unknown; message?: unknown; [detail: string]: unknown } };
    const { code, message, ...details } = answer.error ?? {};
    if (typeof code === 'string' && typeof message === 'string') {
      const extra = Object.keys(details).length === 0 ? '' : ` ${JSON.stringify(details)}`;
      return `API error ${status} ${code}: ${message}${extra}`;
    }
  } catch {
    // Not the API's envelope: a proxy's page, for example.
  }
  return `API error ${status}: the answer is not the service's error shape (is INVOICE_API_URL the service?)`;
}
