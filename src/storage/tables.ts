import type { Generated } from 'kysely';

/**
 * Every table the service stores, as Kysely sees it: one entry per table, column types as they
 * come back from both dialects (integers are JS numbers on PostgreSQL too, see create-database.ts).
 */
export interface Tables {
  invoice_sequences: InvoiceSequencesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  email_tokens: EmailTokensTable;
  throttle_counters: ThrottleCountersTable;
  burst_counters: BurstCountersTable;
  monthly_usage: MonthlyUsageTable;
  idempotency_records: IdempotencyRecordsTable;
  hosted_invoices: HostedInvoicesTable;
  hosted_images: HostedImagesTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  secret_checks: SecretChecksTable;
}

/** The last number handed out per scope and year; nextInvoiceSequence is its only writer. */
export interface InvoiceSequencesTable {
  /** Whose numbers: an account id for its invoices, `cn:<account id>` for its credit notes. */
  scope: string;
  /** Calendar year the numbers restart in (INV-<year>-<seq>, CN-<year>-<seq>). */
  year: number;
  /** The highest number handed out so far; the next caller gets last_value + 1. */
  last_value: number;
}

/** One user of the service. Times are Unix milliseconds. */
export interface AccountsTable {
  id: string;
  /** Normalised address; unique. */
  email: string;
  /** scrypt, with its parameters in the string. */
  password_hash: string;
  /** free, starter, pro or enterprise. */
  tier: Generated<string>;
  email_verified_at: number | null;
  created_at: number;
}

/** A signed-in browser: the cookie holds the id, the table only its SHA-256. */
export interface SessionsTable {
  id_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
}

/** The account's one API key: found by hash, kept encrypted so it can be shown again. */
export interface ApiKeysTable {
  account_id: string;
  key_hash: string;
  key_ciphertext: string;
  created_at: number;
}

/** A single-use link sent by e-mail: address verification or password reset. */
export interface EmailTokensTable {
  token_hash: string;
  account_id: string;
  purpose: EmailTokenPurpose;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

/** Hits per key in one fixed window; incrementCounter is its only writer, the sweep its only deleter. */
export interface ThrottleCountersTable {
  /** What is counted, for example auth:login:ip:192.0.2.1; never a raw e-mail address. */
  key: string;
  /** Unix second the window starts at (a multiple of the window length). */
  window_start: number;
  /** Hits so far in this window, refused ones included. */
  count: number;
}

/** Both burst windows of one subject (D20, D21); the burst limiter is its only writer. */
export interface BurstCountersTable {
  /** a:<account id> or ip:<address or IPv6 /64>. */
  subject: string;
  /** Unix second the counted hour started at; an older hour counts as 0. */
  hour_start: number;
  hour_count: number;
  /** Unix second the counted ISO week started at (a Monday, 00:00 UTC). */
  week_start: number;
  week_count: number;
}

/** An account's metered usage of one calendar month (D21). */
export interface MonthlyUsageTable {
  account_id: string;
  /** Unix second of the 1st, 00:00 UTC. */
  month_start: number;
  /** Tenths of a document: PDF and UBL 10, JSON 1. */
  document_tenths: number;
  pdfs: number;
}

/** One Idempotency-Key of one caller (D23); times are Unix milliseconds. */
export interface IdempotencyRecordsTable {
  scope: string;
  key: string;
  fingerprint: string;
  claim: string;
  state: 'pending' | 'done';
  lease_until: number;
  status: number | null;
  headers: string | null;
  body: Uint8Array | null;
  created_at: number;
  expires_at: number;
  /**
   * The generation this request committed, JSON (kept-generation.ts), written in the
   * generation's own transaction: a retry after a crash before the answer resumes it.
   */
  generation: string | null;
}

/** The snapshot behind one hosted link (D24); times are Unix milliseconds. */
export interface HostedInvoicesTable {
  id: string;
  account_id: string;
  /** The invoice as the generation answered it, JSON. */
  invoice: string;
  /** The request it was computed from, JSON, without its images (kept by hash); null in rows stored before requests were kept. */
  request: string | null;
  qr_payload: string | null;
  logo_hash: string | null;
  logo_format: 'png' | 'jpeg' | null;
  signature_hash: string | null;
  signature_format: 'png' | 'jpeg' | null;
  pdf: Uint8Array | null;
  created_at: number;
  expires_at: number;
}

/** An image printed by one or more snapshots, stored once by content. */
export interface HostedImagesTable {
  /** SHA-256 of bytes, hex. */
  hash: string;
  bytes: Uint8Array;
  /** Unix ms: the latest expires_at of the snapshots that print it. */
  expires_at: number;
}

/** A webhook of an account (D28); times are Unix milliseconds. */
export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** encryptSecret(secret, DATA_ENCRYPTION_KEY, id). */
  secret_ciphertext: string;
  secret_hint: string;
  /** 1 or 0. */
  is_active: number;
  /** Events in a row that failed every attempt; the 10th deactivates. A delivered event resets it. */
  failed_events_in_row: Generated<number>;
  created_at: number;
  last_delivery_at: number | null;
  /** 0 when the last attempt got no HTTP answer. */
  last_status: number | null;
  /** The secret before the last rotation, sealed like secret_ciphertext. */
  previous_secret_ciphertext: Generated<string | null>;
  /** Unix ms until which deliveries are also signed with the previous secret. */
  previous_secret_expires_at: Generated<number | null>;
}

/** One event, sent to every webhook of its account subscribed to its type at the time. */
export interface WebhookEventsTable {
  id: string;
  account_id: string;
  type: string;
  /** The exact JSON every attempt sends; null while a batch's event waits for its results. */
  body: string | null;
  created_at: number;
}

export type WebhookDeliveryState = 'held' | 'pending' | 'delivered' | 'failed' | 'cancelled';

/** One event to one webhook: the outbox row the delivery worker claims and updates. */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  webhook_id: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  claim: string | null;
  claimed_until: number | null;
  last_status: number | null;
  created_at: number;
  finished_at: number | null;
  /** The delivery this one sends again (a redelivery); null for an event's own delivery. */
  redelivery_of: Generated<string | null>;
}

/** One attempt of a delivery: the delivery log. Times are Unix ms. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: number;
  /** HTTP status, 0 when there was no HTTP answer. */
  status: number;
  duration_ms: number;
  /** Why there was no HTTP answer (PostOutcome.failure); null when there was one. */
  failure: string | null;
  /** The first 1 KB of the answer's body as UTF-8 text; null when it had none. */
  response_excerpt: string | null;
}

/** A check value per server secret, sealed at the first start (check-encryption-key.ts). */
export interface SecretChecksTable {
  /** Which secret: data_encryption_key. */
  name: string;
  /** encryptSecret(<known text>, the key, name). */
  sealed: string;
  created_at: number;
}
