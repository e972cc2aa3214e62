import { ApiError, apiErrorFrom } from './api-error.ts';
import { documentFile, type PdfDocument, type XmlDocument } from './document-file.ts';
import { DEFAULT_RETRY, fetchWithRetries, type RetryOptions } from './fetch-with-retries.ts';
import { hostedLinkParts } from './hosted-link-parts.ts';
import type {
  AccountResponse, ApiKeyResponse, BatchRequest, BatchResponse, CreatedWebhookResponse, CreateWebhookRequest,
  DeletedWebhookResponse, ForgotPasswordRequest, GeneratedInvoice, HealthResponse, HostedInvoiceJson, InvoiceOutput, InvoiceRequest,
  LoginRequest, LoginResponse, LogoutResponse, MessageResponse, RegisteredResponse, RegisterRequest, ResendVerificationRequest, ResetPasswordRequest, UsageResponse, InspectionResponse,
  RotatedWebhookSecretResponse, WebhookDelivery, WebhookDeliveryListResponse, WebhookDeliveryResponse, WebhookDeliveryStatus, WebhookListResponse, WebhookResponse,
} from './operation-types.ts';

/** The web app's session cookie. */
const SESSION_COOKIE = 'inv_session';

export interface InvoiceClientOptions {
  /** The service's address, e.g. https://invoices.example.com (a path prefix is kept). */
  readonly baseUrl: string;
  /** `inv_…`; without one the client is anonymous: JSON totals only (docs/api.md, Callers). */
  readonly apiKey?: string;
  readonly retry?: RetryOptions;
  /** Each attempt's deadline, body included. Default 60 s: a PDF may take up to 15 s to render, more under load. */
  readonly timeoutMs?: number;
  /** Another fetch (a mock, or one with a proxy agent); default the global fetch. */
  readonly fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

export interface GenerationOptions extends RequestOptions {
  /**
   * Sent as Idempotency-Key; generated (a random UUID) when absent. The same key goes with every
   * retry, so the service answers the first result instead of generating again. Give your own to
   * make a repeat from a later process safe too.
   */
  readonly idempotencyKey?: string;
}

/** Which page of a webhook's delivery log, and which deliveries. */
export interface DeliveryListOptions extends RequestOptions {
  readonly status?: WebhookDeliveryStatus;
  /** Deliveries per page, 1 to 100 (the service's default 20). */
  readonly limit?: number;
  /** next_cursor of the previous page; absent for the newest deliveries. */
  readonly cursor?: string;
}


type Query = Record<string, string | undefined>;
interface Call {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly query?: Query;
  readonly body?: unknown;
  /** A body sent as it is, with its content type, instead of as JSON. */
  readonly rawBody?: { readonly text: string; readonly contentType: string };
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal | undefined;
  /** Default application/json. */
  readonly accept?: string;
  /** Further request headers (a session's cookie and the Origin it needs). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The invoice service's API, one method per operation of its OpenAPI document, typed from it.
 * Every failed answer is thrown as an ApiError. GETs, and generations (which always carry an
 * Idempotency-Key), are retried after network failures, 429 and 5xx (docs/client.md).
 */
export class InvoiceClient {
  readonly #baseUrl: string;
  #apiKey: string | undefined;
  readonly #retry: Required<RetryOptions>;
  readonly #timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;

  constructor(options: InvoiceClientOptions) {
    this.#baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.#apiKey = options.apiKey;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** POST /api/generate-invoice: a PDF (bytes), UBL or CII (XML text), or the invoice as JSON with its meta. */
  generateInvoice(request: InvoiceRequest & { output: 'pdf' }, options?: GenerationOptions): Promise<PdfDocument>;
  generateInvoice(request: InvoiceRequest & { output: 'ubl' | 'cii' }, options?: GenerationOptions): Promise<XmlDocument>;
  generateInvoice(request: InvoiceRequest & { output?: 'json' | undefined }, options?: GenerationOptions): Promise<GeneratedInvoice>;
  generateInvoice(request: InvoiceRequest, options?: GenerationOptions): Promise<GeneratedInvoice | PdfDocument | XmlDocument>;
  async generateInvoice(request: InvoiceRequest, options: GenerationOptions = {}): Promise<GeneratedInvoice | PdfDocument | XmlDocument> {
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    const output: InvoiceOutput = request.output ?? 'json';
    // Accept follows the output asked for: with content negotiation an Accept that lists a document
    // type could otherwise pick the output of a body that has none.
    const accept = output === 'json' ? 'application/json' : output === 'pdf' ? 'application/pdf' : '*/*';
    const response = await this.#send({ method: 'POST', path: 'api/generate-invoice', body: request, idempotencyKey, signal: options.signal, accept });
    if (output === 'json') return await response.json() as GeneratedInvoice;
    const file = documentFile(response, idempotencyKey);
    return output === 'pdf'
      ? { kind: 'pdf', bytes: new Uint8Array(await response.arrayBuffer()), ...file }
      : { kind: 'xml', xml: await response.text(), ...file };
  }

  /** POST /api/batch: up to 50 invoices, each succeeding or failing on its own (API key only). */
  async generateBatch(request: BatchRequest, options: GenerationOptions = {}): Promise<BatchResponse> {
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    return this.#json({ method: 'POST', path: 'api/batch', body: request, idempotencyKey, signal: options.signal });
  }

  /**
   * GET /api/i/{id}: a hosted invoice, from its link (`invoice.hosted_url`, X-Hosted-Url) or its id
   * and signature. The link's host is not used: the request goes to this client's baseUrl.
   */
  getHostedInvoice(link: string | { id: string; t: string }, options: RequestOptions & { format: 'json' }): Promise<HostedInvoiceJson>;
  getHostedInvoice(link: string | { id: string; t: string }, options?: RequestOptions & { format?: 'pdf' }): Promise<PdfDocument>;
  async getHostedInvoice(link: string | { id: string; t: string }, options: RequestOptions & { format?: 'pdf' | 'json' } = {}): Promise<HostedInvoiceJson | PdfDocument> {
    const { id, t } = typeof link === 'string' ? hostedLinkParts(link) : link;
    const call: Call = { method: 'GET', path: `api/i/${encodeURIComponent(id)}`, query: { t, format: options.format }, signal: options.signal };
    if (options.format === 'json') return this.#json(call);
    const response = await this.#send({ ...call, accept: 'application/pdf' });
    return { kind: 'pdf', bytes: new Uint8Array(await response.arrayBuffer()), ...documentFile(response, undefined) };
  }

  /**
   * POST /api/inspect-invoice: a received UBL or CII e-invoice checked by the official rules, read
   * back as a request, its totals recomputed. Metered as one document; not retried.
   */
  inspectInvoice(xml: string | Uint8Array, options: RequestOptions = {}): Promise<InspectionResponse> {
    const text = typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
    return this.#json({ method: 'POST', path: 'api/inspect-invoice', rawBody: { text, contentType: 'application/xml' }, signal: options.signal });
  }

  /** GET /api/auth/usage: this month's documents and the hourly and weekly windows. */
  getUsage(options: RequestOptions = {}): Promise<UsageResponse> {
    return this.#json({ method: 'GET', path: 'api/auth/usage', signal: options.signal });
  }

  /** GET /api/auth/me: the account of the key, with its credits. */
  getAccount(options: RequestOptions = {}): Promise<AccountResponse> {
    return this.#json({ method: 'GET', path: 'api/auth/me', signal: options.signal });
  }

  /**
   * POST /api/auth/generate-api-key: rotates the key. The old key stops working at once, so this
   * client uses the new one from then on. Not retried: a lost answer would have rotated the key to
   * one nobody saw (get it with getAccount, which shows the current key).
   */
  async generateApiKey(options: RequestOptions = {}): Promise<ApiKeyResponse> {
    const answer = await this.#json<ApiKeyResponse>({ method: 'POST', path: 'api/auth/generate-api-key', signal: options.signal });
    this.#apiKey = answer.api_key;
    return answer;
  }

  /**
   * POST /api/auth/register: an account, and a mail with the link that confirms the address; an API
   * key needs that confirmation, which verifyEmail gives with the link's token.
   */
  register(request: RegisterRequest, options: RequestOptions = {}): Promise<RegisteredResponse> {
    return this.#json({ method: 'POST', path: 'api/auth/register', body: request, signal: options.signal });
  }

  /**
   * POST /api/auth/login: the account's session, as the web pages use it. Scripts should use an API
   * key; this is for tools that drive the web app's session (tests, an admin script). The answer's
   * `session` is the inv_session cookie's value. Not retried (a wrong password is 401, and sign-ins
   * are throttled).
   */
  async login(request: LoginRequest, options: RequestOptions = {}): Promise<LoginResponse & { session: string }> {
    const response = await this.#send({ method: 'POST', path: 'api/auth/login', body: request, signal: options.signal });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    const session = cookie === undefined ? '' : cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
    return { ...(await response.json() as LoginResponse), session };
  }

  /**
   * POST /api/auth/logout: ends `session` (from login), sent as its cookie with the service's own
   * Origin, which an unsafe request with a session must carry; without one, it is a no-op the
   * service answers 200 all the same.
   */
  logout(options: RequestOptions & { session?: string } = {}): Promise<LogoutResponse> {
    const headers = options.session === undefined ? undefined : { cookie: `${SESSION_COOKIE}=${options.session}`, origin: new URL(this.#baseUrl).origin };
    return this.#json({ method: 'POST', path: 'api/auth/logout', signal: options.signal, ...(headers === undefined ? {} : { headers }) });
  }

  /**
   * GET /api/auth/verify: follows the link mailed at sign-up (the service answers an HTML page):
   * true when the address is now confirmed, false for an unknown, used or expired token.
   */
  async verifyEmail(token: string, options: RequestOptions = {}): Promise<boolean> {
    try {
      await this.#send({ method: 'GET', path: 'api/auth/verify', query: { token }, accept: 'text/html', signal: options.signal });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return false;
      throw error;
    }
  }

  /** POST /api/auth/resend-verification: for this key's account, or for the address given. */
  resendVerification(request: ResendVerificationRequest = {}, options: RequestOptions = {}): Promise<MessageResponse> {
    return this.#json({ method: 'POST', path: 'api/auth/resend-verification', body: request, signal: options.signal });
  }

  /** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
  forgotPassword(request: ForgotPasswordRequest, options: RequestOptions = {}): Promise<MessageResponse> {
    return this.#json({ method: 'POST', path: 'api/auth/forgot-password', body: request, signal: options.signal });
  }

  /** POST /api/auth/reset-password, with the token of the mailed link. */
  resetPassword(request: ResetPasswordRequest, options: RequestOptions = {}): Promise<MessageResponse> {
    return this.#json({ method: 'POST', path: 'api/auth/reset-password', body: request, signal: options.signal });
  }

  /** GET /api/health. A 503 not_provisioned (the database does not answer) is thrown as an ApiError. */
  getHealth(options: RequestOptions = {}): Promise<HealthResponse> {
    return this.#json({ method: 'GET', path: 'api/health', signal: options.signal });
  }

  /** POST /api/webhooks: the answer's webhook carries its `secret`, shown this once. Not retried. */
  createWebhook(request: CreateWebhookRequest, options: RequestOptions = {}): Promise<CreatedWebhookResponse> {
    return this.#json({ method: 'POST', path: 'api/webhooks', body: request, signal: options.signal });
  }

  /** GET /api/webhooks: oldest first, without secrets. */
  listWebhooks(options: RequestOptions = {}): Promise<WebhookListResponse> {
    return this.#json({ method: 'GET', path: 'api/webhooks', signal: options.signal });
  }

  /** GET /api/webhooks/{id}, with its last delivery's time and status. */
  getWebhook(id: string, options: RequestOptions = {}): Promise<WebhookResponse> {
    return this.#json({ method: 'GET', path: webhookPath(id), signal: options.signal });
  }

  /** DELETE /api/webhooks/{id}. Not retried: a repeat after a lost answer would be a 404. */
  deleteWebhook(id: string, options: RequestOptions = {}): Promise<DeletedWebhookResponse> {
    return this.#json({ method: 'DELETE', path: webhookPath(id), signal: options.signal });
  }

  /**
   * GET /api/webhooks/{id}/deliveries: one page of the delivery log, newest first, each delivery
   * with every attempt. Its `next_cursor` (null on the last page) is the next call's `cursor`;
   * iterateWebhookDeliveries follows it for you.
   */
  listWebhookDeliveries(id: string, options: DeliveryListOptions = {}): Promise<WebhookDeliveryListResponse> {
    const query = { status: options.status, limit: options.limit === undefined ? undefined : String(options.limit), cursor: options.cursor };
    return this.#json({ method: 'GET', path: `${webhookPath(id)}/deliveries`, query, signal: options.signal });
  }

  /**
   * Every delivery of the log, newest first, fetched a page at a time (`limit` is the page size)
   * only as the loop asks for more, so a `break` stops the requests too.
   */
  async *iterateWebhookDeliveries(id: string, options: Omit<DeliveryListOptions, 'cursor'> = {}): AsyncGenerator<WebhookDelivery, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.listWebhookDeliveries(id, { ...options, cursor });
      yield* page.deliveries;
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /**
   * POST /api/webhooks/{id}/deliveries/{delivery_id}/redeliver: a new pending delivery of the same
   * event (202). Not retried: a lost answer would send the event twice. 409 webhook_inactive for a
   * deactivated webhook (enableWebhook first); 429 past 60 a minute.
   */
  redeliverWebhookDelivery(id: string, deliveryId: string, options: RequestOptions = {}): Promise<WebhookDeliveryResponse> {
    return this.#json({ method: 'POST', path: `${webhookPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, signal: options.signal });
  }

  /**
   * POST /api/webhooks/{id}/test: sends a webhook.test event now and answers its one attempt
   * (HTTP status, duration, the start of the answer); the service waits up to 10 s for the
   * receiver. Not retried; 429 past 10 a minute.
   */
  testWebhook(id: string, options: RequestOptions = {}): Promise<WebhookDeliveryResponse> {
    return this.#json({ method: 'POST', path: `${webhookPath(id)}/test`, signal: options.signal });
  }

  /**
   * POST /api/webhooks/{id}/rotate-secret: the new `secret`, in this answer only; both signatures
   * go out until `previous_secret_expires_at` (24 h). Not retried: a second rotation would drop the
   * secret your receivers still hold.
   */
  rotateWebhookSecret(id: string, options: RequestOptions = {}): Promise<RotatedWebhookSecretResponse> {
    return this.#json({ method: 'POST', path: `${webhookPath(id)}/rotate-secret`, signal: options.signal });
  }

  /**
   * POST /api/webhooks/{id}/enable: active again after failed deliveries deactivated it; an active
   * one is unchanged.
   */
  enableWebhook(id: string, options: RequestOptions = {}): Promise<WebhookResponse> {
    return this.#json({ method: 'POST', path: `${webhookPath(id)}/enable`, signal: options.signal });
  }

  async #json<Body>(call: Call): Promise<Body> {
    return await (await this.#send(call)).json() as Body;
  }

  /** The successful answer to a call, after any retries; anything else is thrown as an ApiError. */
  async #send(call: Call): Promise<Response> {
    const url = new URL(call.path, this.#baseUrl);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    const headers: Record<string, string> = { accept: call.accept ?? 'application/json', ...call.headers };
    if (this.#apiKey !== undefined) headers['authorization'] = `Bearer ${this.#apiKey}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.rawBody !== undefined) headers['content-type'] = call.rawBody.contentType;
    if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
    const { response, attempts } = await fetchWithRetries(url, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      ...(call.rawBody === undefined ? {} : { body: call.rawBody.text }),
      // The service never redirects an API call; a redirect would be someone else's answer.
      redirect: 'error',
    }, {
      fetch: this.#fetch,
      retry: this.#retry,
      retryable: call.method === 'GET' || call.idempotencyKey !== undefined,
      timeoutMs: this.#timeoutMs,
      signal: call.signal,
    });
    if (!response.ok) throw await apiErrorFrom(response, attempts);
    return response;
  }
}

const webhookPath = (id: string): string => `api/webhooks/${encodeURIComponent(id)}`;
