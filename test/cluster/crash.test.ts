import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import type { Database } from '../../src/storage/database.ts';
import { HELD_EVENT_RECOVERY_MS, releaseInterruptedEvents } from '../../src/storage/repositories/webhook-outbox-repository.ts';
import { UNLIMITED_PLAN_LIMITS, validInvoice } from '../helpers/build-test-app.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { accountBooks, signUpOverHttp, startCluster, type Cluster, type Instance } from '../helpers/cluster.ts';
import { waitUntilOutboxSettled } from '../helpers/wait-until-outbox-settled.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';

type Json = Record<string, any>;
type Output = 'json' | 'pdf' | 'ubl' | 'batch';

/** One request of the load, tagged so its snapshot can be told apart from every other's. */
interface Sent {
  readonly tag: string;
  readonly output: Output;
  /** The tags of the invoices it asked for (a batch has two). */
  readonly invoiceTags: readonly string[];
  /** Its Idempotency-Key: a client that gets no answer retries with it. */
  readonly key: string;
  /** HTTP status, or 0 when no answer came (the instance died). */
  status: number;
  /** For a request retried after the restart: the invoice numbers its answer carried, by tag. */
  retriedNumbers?: Map<string, string>;
  /** The retry answered the generation the cut-off request had committed. */
  resumed?: boolean;
}

/** The load's mix: PDFs most, so that kills land between a PDF's commit and its answer. */
const MIX: readonly Output[] = ['pdf', 'json', 'pdf', 'ubl', 'pdf', 'json', 'batch', 'pdf'];
const WORKERS = 8;

function requestBody(output: Output, tags: readonly string[]): { path: string; body: unknown } {
  const invoice = (tag: string) => ({ ...validInvoice(), to: { name: tag, address: '1 High St\nLondon', country: 'GB' } });
  if (output === 'batch') return { path: '/api/batch', body: { invoices: tags.map(invoice) } };
  return { path: '/api/generate-invoice', body: { ...invoice(tags[0]!), output } };
}

/** The invoice numbers an answer carries, by the tag of each invoice (its `to.name`). */
function numbersIn(output: Output, body: Buffer, tags: readonly string[]): Map<string, string> {
  const number = (text: string) => /INV-\d{4}-\d{5}/.exec(text)?.[0] ?? 'none';
  if (output === 'batch') {
    const results = (JSON.parse(body.toString('utf8')) as Json).results as Json[];
    return new Map(results.map((result, i) => [tags[i]!, result.success ? result.invoice.number as string : 'failed']));
  }
  if (output === 'json') return new Map([[tags[0]!, (JSON.parse(body.toString('utf8')) as Json).invoice.number as string]]);
  return new Map([[tags[0]!, number(output === 'pdf' ? readPdf(body).text : body.toString('utf8'))]]);
}

/**
 * Sends the requests again with their Idempotency-Keys, as a client does after a timeout. Before
 * that, time passes (simulated): the claims the dead instance held on those keys run out
 * (IDEMPOTENCY_LEASE_MS), which is what lets a retry in at all.
 */
async function retry(db: Database, instance: Instance, apiKey: string, requests: readonly Sent[]): Promise<void> {
  await db.db.updateTable('idempotency_records').set({ lease_until: 0 }).where('state', '=', 'pending').execute();
  for (const request of requests) {
    const { path, body } = requestBody(request.output, request.invoiceTags);
    const res = await fetch(`${instance.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': request.key },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, `the retry of ${request.tag}: ${bytes.toString('utf8').slice(0, 300)}`);
    request.status = res.status;
    request.resumed = res.headers.get('idempotent-replayed') === 'true';
    request.retriedNumbers = numbersIn(request.output, bytes, request.invoiceTags);
  }
}

/**
 * D21 with D42: what each invoice of a request costs, in tenths of a document and PDFs. Every
 * invoice of this load has its default hosted link, which is metered as a PDF whatever the output.
 */
function costOf(_output: Output): { tenths: number; pdfs: number } {
  return { tenths: 10, pdfs: 1 };
}

/**
 * A crash test, on each storage: a load of generations (JSON, PDF, UBL, batches) from eight clients
 * at once, an instance killed with SIGKILL in the middle of it, the instance started again, and
 * then the books checked against what the clients were answered. Every request answered 200 must
 * have its snapshot, its count and its webhook event; a request that got no answer must have left
 * either all of those or none of them, so the counts equal the sum over the snapshots, the numbers
 * have no gap, and every snapshot is announced once. Every request carries an Idempotency-Key, and
 * those the kill cut off are retried with it after the restart: one whose generation had committed
 * gets that generation back (the same numbers, nothing metered, numbered or announced twice), the
 * others run then.
 */
for (const storage of ['postgres', 'sqlite'] as const) {
  describe(`kill -9 during a load of generations (${storage})`, () => {
    let cluster: Cluster | undefined;
    let receiver: WebhookReceiver | undefined;
    after(async () => {
      await cluster?.close();
      await receiver?.close();
    });

    it('every answered request is whole after restart, every unanswered one is whole or absent, and its retry answers what it committed', { timeout: 120_000 }, async () => {
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
      let answeredBySurvivor = 0;
      let next = 0;
      const send = async (instance: Instance): Promise<void> => {
        const n = next++;
        const output = MIX[n % MIX.length]!;
        const tag = `req-${n}`;
        const record: Sent = { tag, output, invoiceTags: output === 'batch' ? [`${tag}/0`, `${tag}/1`] : [tag], key: randomUUID(), status: 0 };
        sent.push(record);
        const { path, body } = requestBody(output, record.invoiceTags);
        try {
          const res = await fetch(`${instance.url}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': record.key },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          record.status = res.status;
          if (instance === victim) answeredByVictim += 1;
          else answeredBySurvivor += 1;
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
      // On PostgreSQL the survivor carries the load on: a few dozen answers from it (bounded in
      // time) show the service went on serving while the victim was dead.
      if (survivor !== undefined) {
        const carriedOn = Date.now() + 60_000;
        while (answeredBySurvivor < 30 && Date.now() < carriedOn) await new Promise((resolve) => setTimeout(resolve, 10));
        assert.ok(answeredBySurvivor >= 30, `the survivor answered ${answeredBySurvivor} requests after the kill`);
      }
      stop = true;
      await Promise.all(workers);

      const restarted = await cluster.start();
      // After the restart the service takes new work at once.
      await send(restarted);
      assert.equal(sent.at(-1)!.status, 200);

      const db = await cluster.database();
      const unanswered = sent.filter((request) => request.status === 0);
      assert.ok(unanswered.length > 0, 'the kill cut requests off');
      // Half the clients retry with their keys; the others gave up, and what they committed is
      // made whole by the sweep below.
      const retried = unanswered.filter((_request, i) => i % 2 === 0);
      await retry(db, restarted, apiKey, retried);
      // Time passes (simulated): the sweep of a running instance releases the held events of
      // generations whose instance died between commit and answer, and the 60 s claims the dead
      // instance held on deliveries run out. Both are what any instance does on its own later.
      const released = await releaseInterruptedEvents(db.db, Date.now() + HELD_EVENT_RECOVERY_MS);
      await db.db.updateTable('webhook_deliveries').set({ claimed_until: 0 }).where('state', '=', 'pending').where('claimed_until', '>', 0).execute();

      const books = await readBooks(db, email);
      const byTag = new Map(sent.flatMap((request) => request.invoiceTags.map((tag) => [tag, request] as const)));
      const answered = sent.filter((request) => request.status === 200);
      assert.ok(sent.every((request) => request.status === 200 || request.status === 0), `only 200s or no answer: ${JSON.stringify(sent.filter((r) => r.status !== 200 && r.status !== 0))}`);

      // 1. Every answered request has its snapshots (readBooks: one per invoice, never two), and a
      //    retry answered the numbers its snapshots hold.
      for (const request of answered) {
        for (const tag of request.invoiceTags) assert.ok(books.numberByTag.has(tag), `${tag} was answered 200 but has no snapshot`);
        for (const [tag, number] of request.retriedNumbers ?? []) assert.equal(number, books.numberByTag.get(tag), `the retry of ${tag} answered its committed number`);
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
      // 3. The numbers: one per snapshot, no gap, no repeat.
      const numbers = [...books.numberByTag.values()].sort();
      assert.deepEqual(numbers, Array.from({ length: numbers.length }, (_, i) => `INV-2026-${String(i + 1).padStart(5, '0')}`));
      assert.equal(books.sequence, numbers.length);
      // 4. Every snapshot is announced exactly once (deliveries are at least once: a copy the
      //    dead instance sent but could not record may come again), and nothing else is.
      const expectedEvents = books.events;
      await receiver.waitFor(expectedEvents, 60_000);
      // Repeated copies may still be on their way (the dead instance's claims were made due again
      // above). Once every delivery is final in the outbox no instance can claim one again, and
      // each delivering attempt has reached the receiver: what has arrived then is all that will.
      await waitUntilOutboxSettled(db.db, 60_000);
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

      const resumed = retried.filter((request) => request.resumed === true);
      const interrupted = [...books.numberByTag.keys()].filter((tag) => byTag.get(tag)!.status === 0);
      process.stdout.write(`# ${storage}: ${sent.length} requests, ${unanswered.length} cut off by the kill; ${retried.length} retried with their keys `
        + `(${resumed.length} had committed and were resumed, ${retried.length - resumed.length} ran on the retry); of the others, ${interrupted.length} invoices `
        + `committed and made whole (${released} held deliveries released by the sweep); ${receiver.received.length - delivered.size} repeated deliveries\n`);
    });
  });
}

/**
 * Resuming a committed generation, made certain: the kill lands after the generations committed and
 * before their answers, every time. A fresh instance (one PDF worker, started by the first PDF)
 * gets a batch of 20 invoices with hosted links and four PDF requests at once, each with its
 * Idempotency-Key; the documents render one at a time after the commits, and the instance is killed
 * with SIGKILL the moment the database shows all 24 numbers drawn. After the restart, every request
 * that got no answer is retried with its key: the batch (20 PDFs behind it cannot all have
 * rendered) and any cut-off PDF must answer the numbers committed before the kill, each invoice
 * metered once and announced once. Before the fix, the retries made a second invoice of each.
 */
for (const storage of ['postgres', 'sqlite'] as const) {
  describe(`kill -9 between the commit and the answer, then a retry with the same key (${storage})`, () => {
    let cluster: Cluster | undefined;
    let receiver: WebhookReceiver | undefined;
    after(async () => {
      await cluster?.close();
      await receiver?.close();
    });

    it('the retry answers the committed generation: the same numbers, each invoice metered once and announced once', { timeout: 120_000 }, async () => {
      cluster = await startCluster({ storage, env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS } });
      receiver = await startWebhookReceiver();
      const victim = await cluster.start();
      const { apiKey, email } = await signUpOverHttp(cluster);
      const hook = await fetch(`${victim.url}/api/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['invoice.generated', 'batch.generated'] }),
      });
      assert.equal(hook.status, 201);
      const db = await cluster.database();

      const batchTags = Array.from({ length: 20 }, (_, i) => `batch/${i}`);
      const requests: Sent[] = [
        { tag: 'batch', output: 'batch', invoiceTags: batchTags, key: randomUUID(), status: 0 },
        ...Array.from({ length: 4 }, (_, i): Sent => ({ tag: `pdf-${i}`, output: 'pdf', invoiceTags: [`pdf-${i}`], key: randomUUID(), status: 0 })),
      ];
      const inFlight = requests.map(async (request) => {
        const { path, body } = requestBody(request.output, request.invoiceTags);
        try {
          const res = await fetch(`${victim.url}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': request.key },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          request.status = res.status;
        } catch {
          request.status = 0;
        }
      });
      const invoices = requests.reduce((sum, request) => sum + request.invoiceTags.length, 0);
      const deadline = Date.now() + 30_000;
      while ((await accountBooks(db, email)).sequence < invoices) {
        assert.ok(Date.now() < deadline, `the generations did not commit: ${victim.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      victim.child.kill('SIGKILL');
      assert.equal(await victim.exited, null, 'killed by the signal, not exited');
      await Promise.all(inFlight);
      assert.equal(requests[0]!.status, 0, 'the batch\'s answer was lost: its 20 PDFs were still rendering');

      const restarted = await cluster.start();
      const cutOff = requests.filter((request) => request.status === 0);
      await retry(db, restarted, apiKey, cutOff);

      const books = await readBooks(db, email);
      for (const request of requests) {
        for (const tag of request.invoiceTags) assert.ok(books.numberByTag.has(tag), `${tag} has its snapshot`);
        for (const [tag, number] of request.retriedNumbers ?? []) assert.equal(number, books.numberByTag.get(tag), `the retry of ${tag} answered the number committed before the kill`);
      }
      assert.equal(books.numberByTag.size, invoices, 'one snapshot per invoice, none made by a retry');
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs, sequence: books.sequence }, { tenths: invoices * 10, pdfs: invoices, sequence: invoices }, 'each invoice numbered and metered once');
      for (const request of cutOff) assert.equal(request.resumed, true, `${request.tag}: the retry's answer is marked as the first request's (Idempotent-Replayed)`);

      // One event per request (4 invoice.generated, 1 batch.generated), released by the retries.
      assert.equal(books.events, requests.length);
      await receiver.waitFor(books.events, 60_000);
      const delivered = new Map<string, Json>();
      for (const delivery of receiver.received) {
        const event = JSON.parse(delivery.raw.toString('utf8')) as Json;
        delivered.set(event.id as string, event);
      }
      const announced = [...delivered.values()].flatMap((event) => event.type === 'invoice.generated'
        ? [event.data.invoice.to.name as string]
        : (event.data.results as Json[]).filter((result) => result.success).map((result) => result.invoice.to.name as string));
      assert.deepEqual(announced.sort(), [...books.numberByTag.keys()].sort(), 'each invoice announced once');
      process.stdout.write(`# ${storage}: ${cutOff.length} of ${requests.length} requests cut off after their commit, all resumed by their retries\n`);
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
