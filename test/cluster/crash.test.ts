import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Database } from '../../src/storage/database.ts';
import { HELD_EVENT_RECOVERY_MS, releaseInterruptedEvents } from '../../src/storage/repositories/webhook-outbox-repository.ts';
import { UNLIMITED_PLAN_LIMITS, validInvoice } from '../helpers/build-test-app.ts';
import { accountBooks, signUpOverHttp, startCluster, type Cluster, type Instance } from '../helpers/cluster.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/start-webhook-receiver.ts';

type Json = Record<string, any>;
type Output = 'json' | 'pdf' | 'ubl' | 'batch';

/** One request of the load, tagged so its snapshot can be told apart from every other's. */
interface Sent {
  readonly tag: string;
  readonly output: Output;
  /** The tags of the invoices it asked for (a batch has two). */
  readonly invoiceTags: readonly string[];
  /** HTTP status, or 0 when no answer came (the instance died). */
  status: number;
}

/** The load's mix: PDFs most, so that kills land between a PDF's commit and its answer. */
const MIX: readonly Output[] = ['pdf', 'json', 'pdf', 'ubl', 'pdf', 'json', 'batch', 'pdf'];
const WORKERS = 8;

function requestBody(output: Output, tags: readonly string[]): { path: string; body: unknown } {
  const invoice = (tag: string) => ({ ...validInvoice(), to: { name: tag, address: '1 High St\nLondon' } });
  if (output === 'batch') return { path: '/api/batch', body: { invoices: tags.map(invoice) } };
  return { path: '/api/generate-invoice', body: { ...invoice(tags[0]!), output } };
}

/** D21: what each invoice of a request costs, in tenths of a document and PDFs. */
function costOf(output: Output): { tenths: number; pdfs: number } {
  if (output === 'json') return { tenths: 1, pdfs: 0 };
  // A batch item renders the PDF behind its hosted link, so it counts as one (batchItemCost).
  return { tenths: 10, pdfs: output === 'ubl' ? 0 : 1 };
}

/**
 * Issue 10's crash test, on each storage: a load of generations (JSON, PDF, UBL, batches) from
 * eight clients at once, an instance killed with SIGKILL in the middle of it, the instance
 * started again, and then the books checked against what the clients were answered. Every
 * request answered 200 must have its snapshot, its count and its webhook event; a request that
 * got no answer must have left either all of those or none of them, so the counts equal the sum
 * over the snapshots, the numbers have no gap, and every snapshot is announced once.
 */
for (const storage of ['postgres', 'sqlite'] as const) {
  describe(`kill -9 during a load of generations (${storage})`, () => {
    let cluster: Cluster | undefined;
    let receiver: WebhookReceiver | undefined;
    after(async () => {
      await cluster?.close();
      await receiver?.close();
    });

    it('every answered request is whole after restart, and every unanswered one is whole or absent', { timeout: 120_000 }, async () => {
      cluster = await startCluster({ storage, env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS } });
      receiver = await startWebhookReceiver();
      const victim = await cluster.start();
      // On PostgreSQL a second instance keeps serving while the first is dead.
      const survivor = storage === 'postgres' ? await cluster.start() : undefined;
      const { apiKey, email } = await signUpOverHttp(cluster);
      const hook = await fetch(`${victim.url}/api/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['invoice.generated', 'batch.generated'] }),
      });
      assert.equal(hook.status, 201);

      const sent: Sent[] = [];
      let victimDead = false;
      let stop = false;
      let answeredByVictim = 0;
      let next = 0;
      const send = async (instance: Instance): Promise<void> => {
        const n = next++;
        const output = MIX[n % MIX.length]!;
        const tag = `req-${n}`;
        const record: Sent = { tag, output, invoiceTags: output === 'batch' ? [`${tag}/0`, `${tag}/1`] : [tag], status: 0 };
        sent.push(record);
        const { path, body } = requestBody(output, record.invoiceTags);
        try {
          const res = await fetch(`${instance.url}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          record.status = res.status;
          if (instance === victim) answeredByVictim += 1;
        } catch {
          record.status = 0;
        }
      };
      // Every client sends to the victim until it dies, then (on PostgreSQL) to the survivor.
      const worker = async () => {
        while (!stop) {
          if (victimDead && survivor === undefined) return;
          await send(victimDead ? survivor! : victim);
        }
      };
      const workers = Array.from({ length: WORKERS }, () => worker());

      // The kill lands once the victim has answered a few dozen requests, with eight in flight.
      const deadline = Date.now() + 60_000;
      while (answeredByVictim < 30 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      victim.child.kill('SIGKILL');
      victimDead = true;
      assert.equal(await victim.exited, null, 'killed by the signal, not exited');
      if (survivor !== undefined) await new Promise((resolve) => setTimeout(resolve, 1_000));
      stop = true;
      await Promise.all(workers);

      const restarted = await cluster.start();
      // After the restart the service takes new work at once.
      await send(restarted);
      assert.equal(sent.at(-1)!.status, 200);

      const db = await cluster.database();
      // Time passes (simulated): the sweep of a running instance releases the held events of
      // generations whose instance died between commit and answer, and the 60 s claims the dead
      // instance held on deliveries run out. Both are what any instance does on its own later.
      const released = await releaseInterruptedEvents(db.db, Date.now() + HELD_EVENT_RECOVERY_MS);
      await db.db.updateTable('webhook_deliveries').set({ claimed_until: 0 }).where('state', '=', 'pending').where('claimed_until', '>', 0).execute();

      const books = await readBooks(db, email);
      const byTag = new Map(sent.flatMap((request) => request.invoiceTags.map((tag) => [tag, request] as const)));
      const answered = sent.filter((request) => request.status === 200);
      const unanswered = sent.filter((request) => request.status === 0);
      assert.ok(unanswered.length > 0, 'the kill cut requests off');
      assert.ok(sent.every((request) => request.status === 200 || request.status === 0), `only 200s or no answer: ${JSON.stringify(sent.filter((r) => r.status !== 200 && r.status !== 0))}`);

      // 1. Every answered request has its snapshots.
      for (const request of answered) {
        for (const tag of request.invoiceTags) assert.ok(books.numberByTag.has(tag), `${tag} was answered 200 but has no snapshot`);
      }
      // 2. Every snapshot belongs to a request that was sent, and the counts are exactly theirs.
      let tenths = 0;
      let pdfs = 0;
      for (const tag of books.numberByTag.keys()) {
        const request = byTag.get(tag);
        assert.ok(request, `a snapshot for ${tag}, which was never sent`);
        const cost = costOf(request.output);
        tenths += cost.tenths;
        pdfs += cost.pdfs;
      }
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs }, { tenths, pdfs }, 'the usage count is the sum over the snapshots: no count without a snapshot, none missing');
      // 3. The numbers: one per snapshot, no gap, no repeat (D15).
      const numbers = [...books.numberByTag.values()].sort();
      assert.deepEqual(numbers, Array.from({ length: numbers.length }, (_, i) => `INV-2026-${String(i + 1).padStart(5, '0')}`));
      assert.equal(books.sequence, numbers.length);
      // 4. Every snapshot is announced exactly once (deliveries are at least once, D28: a copy the
      //    dead instance sent but could not record may come again), and nothing else is.
      const expectedEvents = books.events;
      await receiver.waitFor(expectedEvents, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const delivered = new Map<string, Json>();
      for (const delivery of receiver.received) {
        const event = JSON.parse(delivery.raw.toString('utf8')) as Json;
        delivered.set(event.id as string, event);
      }
      assert.equal(delivered.size, expectedEvents, 'every event in the outbox delivered');
      const announced = [...delivered.values()].flatMap((event) => event.type === 'invoice.generated'
        ? [event.data.invoice.to.name as string]
        : (event.data.results as Json[]).filter((result) => result.success).map((result) => result.invoice.to.name as string));
      assert.deepEqual([...announced].sort(), [...books.numberByTag.keys()].sort(), 'each snapshot announced once, nothing else');

      const interrupted = [...books.numberByTag.keys()].filter((tag) => byTag.get(tag)!.status === 0);
      process.stdout.write(`# ${storage}: ${sent.length} requests, ${answered.length} answered, ${unanswered.length} cut off by the kill `
        + `(${interrupted.length} of their invoices committed and made whole, ${released} held deliveries released), `
        + `${receiver.received.length - delivered.size} repeated deliveries\n`);
    });
  });
}

/** What the database holds for the account, read after the restart. */
async function readBooks(db: Database, email: string): Promise<{ numberByTag: Map<string, string>; tenths: number; pdfs: number; sequence: number; events: number }> {
  const { accountId, tenths, pdfs, sequence } = await accountBooks(db, email);
  const snapshots = await db.db.selectFrom('hosted_invoices').select('invoice').where('account_id', '=', accountId).execute();
  const numberByTag = new Map<string, string>();
  for (const row of snapshots) {
    const invoice = JSON.parse(row.invoice) as Json;
    assert.ok(!numberByTag.has(invoice.to.name as string), `two snapshots for ${invoice.to.name}`);
    numberByTag.set(invoice.to.name as string, invoice.number as string);
  }
  const events = await db.db.selectFrom('webhook_events').select('id').where('account_id', '=', accountId).execute();
  const held = await db.db.selectFrom('webhook_deliveries').select('id').where('state', '=', 'held').execute();
  assert.equal(held.length, 0, 'no event left held');
  return { numberByTag, tenths, pdfs, sequence, events: events.length };
}
