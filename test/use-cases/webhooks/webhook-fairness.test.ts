import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { validInvoice } from '../../helpers/build-test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import {
  body, browser, followVerifyLink, generateKey, logIn, mailAfter, sessionFrom, startAccountsApp, SUBJECT_VERIFY, tokenIn, uniqueEmail, type AccountsApp,
} from '../../helpers/accounts-helpers.ts';
import { generate } from '../../helpers/limits-helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/start-webhook-receiver.ts';
import { ALLOW_LOCALHOST, parsed, webhookFor } from '../../helpers/webhook-helpers.ts';

// Receivers that accept the connection and never answer hold at most 2 attempts per webhook and 16
// per account (pick-fair-deliveries.ts) of an instance's 32 slots, so a healthy receiver's
// deliveries still arrive within 1 s of their generation. Before, the worker's 8 slots all went to
// the hanging receivers' earlier deliveries for the whole attempt deadline.

const HANGING = 10;
const EVENTS_PER_HANGING_ACCOUNT = 3;
const HEALTHY_EVENTS = 5;
const DELIVERY_BUDGET_MS = 1_000;
// Longer than the test: every hanging attempt stays in flight throughout, so the hanging webhooks
// never become "silent" (pick-fair-deliveries.ts) and only the caps keep the healthy one going.
const ATTEMPT_DEADLINE_MS = 60_000;

/** A verified account with an API key, registered from its own address (the per-IP registration throttle allows 10 an hour). */
async function accountWithKey(ctx: AccountsApp, label: string, ip: string): Promise<string> {
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID()}`;
  const mail = await mailAfter(ctx.smtp, email, SUBJECT_VERIFY, async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password }, remoteAddress: ip });
    assert.equal(res.statusCode, 201, res.body);
  });
  assert.equal((await followVerifyLink(ctx.app, tokenIn(mail, '/api/auth/verify'))).statusCode, 200);
  const login = await logIn(ctx.app, email, password);
  assert.equal(login.statusCode, 200, login.body);
  const key = await generateKey(ctx.app, browser(sessionFrom(login)));
  assert.equal(key.statusCode, 200, key.body);
  return body(key).api_key as string;
}

const layouts = [
  { name: `${HANGING} hanging webhooks on ${HANGING} accounts`, accounts: HANGING },
  { name: `${HANGING} hanging webhooks on one account`, accounts: 1 },
] as const;

for (const dialect of ['sqlite', 'postgres'] as const) {
  for (const layout of layouts) {
    describe(`webhook fairness, ${dialect}: ${layout.name} and one healthy receiver`, () => {
      let ctx: AccountsApp;
      const hanging: WebhookReceiver[] = [];
      let healthy: WebhookReceiver;

      before(async () => {
        for (let i = 0; i < HANGING; i++) {
          const receiver = await startWebhookReceiver();
          receiver.fallback = 'hang';
          hanging.push(receiver);
        }
        healthy = await startWebhookReceiver();
        ctx = await startAccountsApp({ postgres: dialect === 'postgres', env: ALLOW_LOCALHOST, webhookTimeoutMs: ATTEMPT_DEADLINE_MS });
      });
      after(async () => {
        // Receivers first: their hanging answers are cut, so the worker's close does not wait for them.
        await Promise.all([...hanging, healthy].map((receiver) => receiver.close()));
        await ctx.close();
      });

      it(`each of the healthy receiver's events arrives within ${DELIVERY_BUDGET_MS} ms of its generation`, async () => {
        const hangingKeys: string[] = [];
        for (let i = 0; i < layout.accounts; i++) hangingKeys.push(await accountWithKey(ctx, `hang-${i}`, `192.0.2.${10 + i}`));
        for (let i = 0; i < HANGING; i++) await webhookFor(ctx.app, hangingKeys[i % layout.accounts]!, hanging[i]!.url);
        const healthyKey = await accountWithKey(ctx, 'healthy', '198.51.100.1');
        await webhookFor(ctx.app, healthyKey, healthy.url);

        // Every hanging account generates first, so the outbox holds a backlog of earlier-due
        // deliveries to the hanging receivers.
        for (let round = 0; round < EVENTS_PER_HANGING_ACCOUNT; round++) {
          for (const apiKey of hangingKeys) assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
        }
        // Wait until the hanging receivers hold attempts: at least the old code's 8 slots.
        const heldBy = () => hanging.reduce((sum, receiver) => sum + receiver.received.length, 0);
        await waitUntil(() => heldBy() >= 8, 'the hanging receivers to be reached');

        const latencies: number[] = [];
        for (let i = 0; i < HEALTHY_EVENTS; i++) {
          const startMs = Date.now();
          const res = await generate(ctx.app, validInvoice(), { apiKey: healthyKey });
          assert.equal(res.statusCode, 200, res.body);
          const number = body(res).invoice.number as string;
          await waitUntil(() => healthy.received.some((delivery) => parsed(delivery).data.invoice.number === number), `the delivery of ${number}`, 15_000)
            .catch(() => assert.fail(`event ${i + 1} (${number}) did not arrive within 15 s`));
          const delivery = healthy.received.find((d) => parsed(d).data.invoice.number === number)!;
          latencies.push(delivery.atMs - startMs);
        }
        assert.ok(latencies.every((ms) => ms < DELIVERY_BUDGET_MS), `generation → delivery: ${latencies.join(', ')} ms`);
        // The hanging ones hold as many attempts as the caps allow, and no more: 2 per webhook, 16
        // for the one account.
        const expected = layout.accounts === 1 ? 16 : 2 * HANGING;
        await waitUntil(() => heldBy() >= expected, `${expected} hanging attempts`);
        const inFlight = hanging.map((receiver) => receiver.received.length);
        assert.ok(inFlight.every((count) => count <= 2), `attempts per hanging webhook: ${inFlight}`);
        assert.equal(heldBy(), expected);
        process.stdout.write(`# ${dialect}, ${layout.name}: generation → delivery ${latencies.join(', ')} ms\n`);
      });
    });
  }
}
