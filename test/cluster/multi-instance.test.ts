import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allMigrations } from '../../src/storage/migrations/all-migrations.ts';
import type { Database } from '../../src/storage/database.ts';
import { validInvoice } from '../helpers/build-test-app.ts';

/** JSON totals at 0.1 document: with its hosted link (the default) a JSON answer is metered as a PDF (D42). */
const jsonWithoutLink = () => ({ ...validInvoice(), features: { hosted_link: false } });
import { accountBooks, CLUSTER_PUBLIC_URL, postJson, signUpOverHttp, startCluster, type Cluster, type Instance } from '../helpers/cluster.ts';
import { waitUntilOutboxSettled } from '../helpers/wait-until-outbox-settled.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * Three processes of the built service on their own ports, sharing one PostgreSQL schema and one
 * Redis prefix, with the requests of each check spread over all three at the same moment. The
 * figures are small so exactness shows: one request too many let through anywhere fails.
 */
const LIMITS = {
  anonymous: { hourly: 7, weekly: null },
  free: { hourly: 12, weekly: null, monthly_documents: null, monthly_pdfs: null },
  starter: { hourly: null, weekly: null, monthly_documents: 15, monthly_pdfs: null },
  pro: { hourly: null, weekly: null, monthly_documents: null, monthly_pdfs: null },
};

const json = (body: Buffer): Json => JSON.parse(body.toString('utf8')) as Json;
const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });
const countBy = (values: readonly (string | number)[]) => values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

/** INV-2026-00001 … INV-2026-<count>, each once: an account's numbers drawn with no gap and no repeat. */
function assertGapFree(numbers: readonly string[], count: number): void {
  assert.deepEqual([...numbers].sort(), Array.from({ length: count }, (_, i) => `INV-2026-${String(i + 1).padStart(5, '0')}`));
}

async function usageOf(db: Database, email: string): Promise<{ tenths: number; pdfs: number; sequence: number }> {
  const { tenths, pdfs, sequence } = await accountBooks(db, email);
  return { tenths, pdfs, sequence };
}

describe('three instances on one PostgreSQL and one Redis', () => {
  let cluster: Cluster;
  let instances: Instance[];
  let db: Database;
  /** Round-robin over the instances: request i goes to instance i mod 3. */
  const on = (i: number) => instances[i % instances.length]!;

  before(async () => {
    cluster = await startCluster({ storage: 'postgres', env: { PLAN_LIMITS: JSON.stringify(LIMITS) } });
    // All three at the same moment on an empty schema: they race to migrate it.
    instances = await cluster.startMany(3);
    db = await cluster.database();
  });
  after(async () => cluster.close());

  it('started at once on an empty schema, they migrate it exactly once and all answer', async () => {
    const applied = await db.db.selectFrom('kysely_migration' as never).select('name' as never).execute() as { name: string }[];
    assert.deepEqual(applied.map((row) => row.name).sort(), Object.keys(allMigrations).sort());
    for (const instance of instances) {
      const health = (await (await fetch(`${instance.url}/api/health`)).json()) as Json;
      assert.equal(health.storage.dialect, 'postgres');
    }
    assert.equal(new Set(instances.map((instance) => instance.port)).size, 3);
  });

  it('the anonymous hourly window holds exactly: 21 requests at once over three instances, 7 answered', async () => {
    const answers = await Promise.all(Array.from({ length: 21 }, (_, i) => postJson(`${on(i).url}/api/generate-invoice`, validInvoice())));
    assert.deepEqual(countBy(answers.map((res) => res.status)), { 200: 7, 429: 14 });
    for (const res of answers.filter((r) => r.status === 429)) {
      assert.equal(json(res.body).error.code, 'rate_limit_exceeded');
      assert.ok(Number(res.headers.get('retry-after')) > 0);
    }
  });

  it('an account\'s hourly window holds exactly, and only the answered requests drew numbers', async () => {
    const account = await signUpOverHttp(cluster);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => postJson(`${on(i).url}/api/generate-invoice`, jsonWithoutLink(), bearer(account.apiKey))));
    assert.deepEqual(countBy(answers.map((res) => res.status)), { 200: 12, 429: 18 });
    assertGapFree(answers.filter((res) => res.status === 200).map((res) => json(res.body).invoice.number as string), 12);
    assert.deepEqual(await usageOf(db, account.email), { tenths: 12, pdfs: 0, sequence: 12 });
  });

  it('the monthly quota holds exactly: 40 UBL documents at once against 15, 15 delivered and metered', async () => {
    const account = await signUpOverHttp(cluster);
    const tier = await cluster.admin(['set-tier', account.email, 'starter']);
    assert.equal(tier.code, 0, tier.output);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => postJson(`${on(i).url}/api/generate-invoice`, { ...jsonWithoutLink(), output: 'ubl' }, bearer(account.apiKey))));
    assert.deepEqual(countBy(answers.map((res) => res.status)), { 200: 15, 402: 25 });
    for (const res of answers.filter((r) => r.status === 402)) assert.equal(json(res.body).error.code, 'monthly_limit_reached');
    const numbers = answers.filter((res) => res.status === 200).map((res) => /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(res.body.toString('utf8'))![1]!);
    assertGapFree(numbers, 15);
    assert.deepEqual(await usageOf(db, account.email), { tenths: 150, pdfs: 0, sequence: 15 });
  });

  describe('one account on the unlimited plan', () => {
    let account: { email: string; apiKey: string };
    let receiver: WebhookReceiver;
    /** Every invoice number this account was answered with, to check for gaps at the end. */
    const numbers = new Set<string>();
    let repeatedAnswers = 0;

    before(async () => {
      account = await signUpOverHttp(cluster);
      const tier = await cluster.admin(['set-tier', account.email, 'pro']);
      assert.equal(tier.code, 0, tier.output);
      receiver = await startWebhookReceiver();
    });
    after(async () => receiver.close());

    it('an Idempotency-Key sent to all three instances at once makes one generation, answered alike by all', async () => {
      const before = await usageOf(db, account.email);
      for (let round = 0; round < 5; round += 1) {
        const key = `cluster-key-${round}`;
        const answers = await Promise.all(instances.map((instance) => postJson(`${instance.url}/api/generate-invoice`, jsonWithoutLink(), { ...bearer(account.apiKey), 'idempotency-key': key })));
        assert.deepEqual(answers.map((res) => res.status), [200, 200, 200]);
        assert.equal(new Set(answers.map((res) => res.body.toString('hex'))).size, 1, 'the same bytes from every instance');
        assert.equal(answers.filter((res) => res.headers.get('idempotent-replayed') === 'true').length, 2, 'one generation, two replays');
        numbers.add(json(answers[0]!.body).invoice.number as string);
        repeatedAnswers += 2;
      }
      const afterUsage = await usageOf(db, account.email);
      assert.equal(afterUsage.tenths - before.tenths, 5, 'five JSON generations metered (0.1 each), not fifteen');
      assert.equal(afterUsage.sequence - before.sequence, 5);
      assert.equal(numbers.size, 5);
    });

    it('a hosted link made on one instance opens on the others, as PDF and as JSON', async () => {
      const made = await postJson(`${instances[0]!.url}/api/generate-invoice`, { ...validInvoice(), output: 'pdf' }, bearer(account.apiKey));
      assert.equal(made.status, 200);
      const hosted = made.headers.get('x-hosted-url');
      assert.ok(hosted !== null && hosted.startsWith(`${CLUSTER_PUBLIC_URL}/api/i/`), `a link on PUBLIC_URL, got ${hosted}`);
      const { pathname, search } = new URL(hosted);
      const pdf = await fetch(`${instances[1]!.url}${pathname}${search}`);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.ok(Buffer.from(await pdf.arrayBuffer()).equals(made.body), 'the very bytes the generation answered (D24)');
      const asJson = await fetch(`${instances[2]!.url}${pathname}${search}&format=json`);
      assert.equal(asJson.status, 200);
      const number = ((await asJson.json()) as Json).invoice.number as string;
      numbers.add(number);
      const tampered = await fetch(`${instances[2]!.url}${pathname}${search.slice(0, -2)}xx`);
      assert.equal(tampered.status, 404);
    });

    it('each webhook event is delivered once, by exactly one instance, while all three poll', async () => {
      const created = await postJson(`${instances[1]!.url}/api/webhooks`, { url: receiver.url, events: ['invoice.generated', 'batch.generated'] }, bearer(account.apiKey));
      assert.equal(created.status, 201, created.body.toString());
      const begin = receiver.received.length;
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) =>
        postJson(`${on(i).url}/api/generate-invoice`, { ...validInvoice(), output: i % 4 === 0 ? 'pdf' : 'json' }, bearer(account.apiKey))));
      assert.ok(answers.every((res) => res.status === 200));
      const batch = await postJson(`${instances[2]!.url}/api/batch`, { invoices: [validInvoice(), validInvoice(), validInvoice()] }, bearer(account.apiKey));
      assert.equal(batch.status, 200, batch.body.toString());
      await receiver.waitFor(begin + 25, 30_000);
      // All three keep polling every second. Once every delivery is final in the outbox no poll of
      // any instance can claim one again, and each delivering attempt has reached the receiver; a
      // copy still on its way would need two live claims on one row (waitUntilOutboxSettled).
      await waitUntilOutboxSettled(db.db, 30_000);
      const events = receiver.received.slice(begin).map((delivery) => JSON.parse(delivery.raw.toString('utf8')) as Json);
      assert.equal(events.length, 25, 'no delivery twice');
      assert.equal(new Set(events.map((event) => event.id)).size, 25);
      const announced = events.filter((event) => event.type === 'invoice.generated').map((event) => event.data.invoice.number as string);
      // A PDF answer carries its number in its hosted snapshot, read here from another instance.
      const answered = await Promise.all(answers.map(async (res, i) => {
        if (res.headers.get('content-type') !== 'application/pdf') return json(res.body).invoice.number as string;
        const { pathname, search } = new URL(res.headers.get('x-hosted-url')!);
        return ((await (await fetch(`${on(i + 1).url}${pathname}${search}&format=json`)).json()) as Json).invoice.number as string;
      }));
      assert.deepEqual([...announced].sort(), [...answered].sort(), 'each answered generation announced once');
      const batchEvent = events.find((event) => event.type === 'batch.generated')!;
      assert.equal(batchEvent.data.generated, 3);
      for (const number of [...answered, ...batchEvent.data.results.map((r: Json) => r.invoice.number as string)]) numbers.add(number as string);
      const deliveries = await db.db.selectFrom('webhook_deliveries').select(['state', 'attempts']).execute();
      assert.deepEqual(countBy(deliveries.map((row) => `${row.state}/${row.attempts}`)), { 'delivered/1': 25 });
    });

    it('across everything above, the account\'s numbers are gap-free and match its counter', async () => {
      const usage = await usageOf(db, account.email);
      assert.equal(numbers.size, usage.sequence);
      assertGapFree([...numbers], usage.sequence);
      assert.ok(repeatedAnswers > 0);
    });
  });
});
