import type { Migration } from 'kysely/migration';
import * as invoiceSequences from './0001-invoice-sequences.ts';
import * as accounts from './0002-accounts.ts';
import * as throttleCounters from './0003-throttle-counters.ts';
import * as limits from './0004-limits.ts';
import * as hostedInvoices from './0005-hosted-invoices.ts';
import * as webhooks from './0006-webhooks.ts';
import * as idempotentGenerations from './0007-idempotent-generations.ts';
import * as secretChecks from './0008-secret-checks.ts';
import * as webhookClaims from './0009-webhook-claims.ts';
import * as webhookOperations from './0010-webhook-operations.ts';
import * as hostedRequests from './0011-hosted-requests.ts';

/**
 * Every migration, by the name recorded in kysely_migration; Kysely applies them in name order.
 * Listed in code rather than found by scanning a folder, so the build output and the bundled
 * files cannot disagree about what exists. Never rename or remove an applied entry.
 */
export const allMigrations: Readonly<Record<string, Migration>> = {
  '0001_invoice_sequences': invoiceSequences,
  '0002_accounts': accounts,
  '0003_throttle_counters': throttleCounters,
  '0004_limits': limits,
  '0005_hosted_invoices': hostedInvoices,
  '0006_webhooks': webhooks,
  '0007_idempotent_generations': idempotentGenerations,
  '0008_secret_checks': secretChecks,
  '0009_webhook_claims': webhookClaims,
  '0010_webhook_operations': webhookOperations,
  '0011_hosted_requests': hostedRequests,
};
