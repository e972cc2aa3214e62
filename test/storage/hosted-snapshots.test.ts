import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import {
  deleteExpiredHostedImages, findHostedImage, keepHostedImage,
} from '../../src/storage/repositories/hosted-images-repository.ts';
import {
  findHostedInvoice, findHostedPdf, insertHostedInvoice, storeHostedPdf, type HostedInvoiceRow,
} from '../../src/storage/repositories/hosted-invoices-repository.ts';
import type { DbOrTransaction } from '../../src/storage/db-or-transaction.ts';
import { HOSTED_ID_LENGTH } from '../../src/domain/hosted/hosted-link.ts';
import { randomBase62 } from '../../src/lib/random-base62.ts';
import { sweepExpiredRows } from '../../src/use-cases/sweep-expired-rows.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

// Unix ms; hosted expiries are whole seconds.
const T0 = 1_800_000_000_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Random bytes with 0x00 at the start, in the middle and at the end, and every byte value once. */
function awkwardBytes(): Buffer {
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([Buffer.from([0, 0]), randomBytes(500), all, Buffer.from([0]), randomBytes(300), Buffer.from([0xff, 0])]);
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function newAccount(db: DbOrTransaction): Promise<string> {
  const id = randomUUID();
  await db.insertInto('accounts')
    .values({ id, email: `${id}@example.com`, password_hash: 'scrypt$x', email_verified_at: null, created_at: T0 })
    .execute();
  return id;
}

function snapshot(accountId: string, expiresAt: number, overrides: Partial<HostedInvoiceRow> = {}): HostedInvoiceRow {
  return {
    id: randomBase62(HOSTED_ID_LENGTH),
    account_id: accountId,
    invoice: JSON.stringify({ number: 'INV-2027-00001', total: '119.00', note: 'Ärzte "quoted" 請求書 😀', lines: [{ qty: '1.5' }] }),
    request: JSON.stringify({ items: [{ description: 'Ärzte', quantity: '1.5' }] }),
    qr_payload: null,
    logo_hash: null,
    logo_format: null,
    signature_hash: null,
    signature_format: null,
    created_at: expiresAt - WEEK_MS,
    expires_at: expiresAt,
    ...overrides,
  };
}

async function imageExpiry(db: DbOrTransaction, hash: string): Promise<number | undefined> {
  const row = await db.selectFrom('hosted_images').select('expires_at').where('hash', '=', hash).executeTakeFirst();
  return row?.expires_at;
}

function asBuffer(bytes: Uint8Array | undefined): Buffer | undefined {
  return bytes === undefined ? undefined : Buffer.from(bytes);
}

// Images: each forEachDialect gets a database of its own, so the deleted counts below are exact.
forEachDialect((target) => {
  test('keepHostedImage stores the bytes once, extends to a later expiry and never shortens', async () => {
    const { db } = await target.open();
    const bytes = awkwardBytes();
    const hash = sha256Hex(bytes);
    assert.equal(await findHostedImage(db, hash), undefined);

    await keepHostedImage(db, hash, bytes, T0 + 1000);
    const stored = await findHostedImage(db, hash);
    assert.ok(stored instanceof Uint8Array);
    assert.deepEqual(asBuffer(stored), bytes, 'bytes come back exactly, 0x00 included');
    assert.equal(await imageExpiry(db, hash), T0 + 1000);

    await keepHostedImage(db, hash, bytes, T0 + 5000);
    assert.equal(await imageExpiry(db, hash), T0 + 5000, 'a later expiry extends');
    await keepHostedImage(db, hash, bytes, T0 + 2000);
    assert.equal(await imageExpiry(db, hash), T0 + 5000, 'an earlier expiry leaves it');
    await keepHostedImage(db, hash, bytes, T0 + 5000);
    assert.equal(await imageExpiry(db, hash), T0 + 5000);

    const rows = await db.selectFrom('hosted_images').select('hash').where('hash', '=', hash).execute();
    assert.equal(rows.length, 1, 'stored once');
    assert.deepEqual(asBuffer(await findHostedImage(db, hash)), bytes);
  });

  test('keepHostedImage takes a plain Uint8Array too, and racing keeps of a new image store it once at the latest expiry', async () => {
    const { db } = await target.open({ poolSize: 8 });
    const bytes = new Uint8Array(awkwardBytes());
    const hash = sha256Hex(bytes);
    const expiries = Array.from({ length: 8 }, (_, i) => T0 + 10_000 + i * 1000);
    await Promise.all(expiries.map((expiresAt) => keepHostedImage(db, hash, bytes, expiresAt)));
    assert.equal(await imageExpiry(db, hash), Math.max(...expiries));
    assert.deepEqual(asBuffer(await findHostedImage(db, hash)), Buffer.from(bytes));
  });

  test('deleteExpiredHostedImages deletes exactly the images with expires_at <= now', async () => {
    const { db } = await target.open();
    const now = T0 + WEEK_MS;
    const images = [now - 1000, now - 1, now, now + 1, now + 1000].map((expiresAt) => {
      const bytes = randomBytes(64);
      return { bytes, hash: sha256Hex(bytes), expiresAt };
    });
    for (const image of images) await keepHostedImage(db, image.hash, image.bytes, image.expiresAt);
    // Everything from the tests above expired long before now, so count them in.
    const earlier = await db.selectFrom('hosted_images').select('hash').where('expires_at', '<', now - 1000).execute();
    assert.equal(await deleteExpiredHostedImages(db, now), 3 + earlier.length);
    for (const image of images) {
      const found = asBuffer(await findHostedImage(db, image.hash));
      if (image.expiresAt <= now) assert.equal(found, undefined, `expired at ${image.expiresAt - now}`);
      else assert.deepEqual(found, image.bytes, `alive at ${image.expiresAt - now}`);
    }
    assert.equal(await deleteExpiredHostedImages(db, now), 0, 'a second run finds nothing');
  });
});

// Snapshots.
forEachDialect((target) => {
  test('insertHostedInvoice and findHostedInvoice round-trip every column but the PDF', async () => {
    const { db } = await target.open();
    const accountId = await newAccount(db);
    const plain = snapshot(accountId, T0 + WEEK_MS);
    const full = snapshot(accountId, T0 + WEEK_MS + 1000, {
      qr_payload: 'BCD\n002\n1\nSCT\n\nÄrzte GmbH\nDE89370400440532013000\nEUR119.00',
      logo_hash: 'a'.repeat(64),
      logo_format: 'png',
      signature_hash: 'b'.repeat(64),
      signature_format: 'jpeg',
    });
    await insertHostedInvoice(db, plain);
    await insertHostedInvoice(db, full);
    for (const row of [plain, full]) {
      const found = await findHostedInvoice(db, row.id);
      assert.ok(found !== undefined);
      assert.equal('pdf' in found, false, 'the PDF is not read with the snapshot');
      assert.deepEqual({ ...found }, row);
      assert.equal(typeof found.expires_at, 'number');
      assert.equal(typeof found.created_at, 'number');
    }
    assert.equal(await findHostedInvoice(db, 'NoSuchSnapshot00000000'), undefined);
    await assert.rejects(insertHostedInvoice(db, { ...plain }), 'the id is unique');
  });

  test('findHostedPdf is undefined until storeHostedPdf; the first PDF stored stays', async () => {
    const { db } = await target.open();
    const accountId = await newAccount(db);
    const row = snapshot(accountId, T0 + WEEK_MS);
    await insertHostedInvoice(db, row);
    assert.equal(await findHostedPdf(db, row.id), undefined);

    const first = Buffer.concat([Buffer.from('%PDF-1.7\n'), awkwardBytes(), Buffer.from('\n%%EOF\n')]);
    await storeHostedPdf(db, row.id, first);
    assert.deepEqual(asBuffer(await findHostedPdf(db, row.id)), first);

    const second = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(900), Buffer.from('\n%%EOF\n')]);
    await storeHostedPdf(db, row.id, second);
    assert.deepEqual(asBuffer(await findHostedPdf(db, row.id)), first, 'a link never changes bytes');

    // Storing for a snapshot that does not exist creates nothing.
    await storeHostedPdf(db, 'NoSuchSnapshot00000000', second);
    assert.equal(await findHostedPdf(db, 'NoSuchSnapshot00000000'), undefined);
    assert.equal(await findHostedInvoice(db, 'NoSuchSnapshot00000000'), undefined);
    // The snapshot itself is unchanged by the PDF.
    assert.deepEqual({ ...(await findHostedInvoice(db, row.id)) }, row);
  });

  test('racing storeHostedPdf calls leave exactly one of the PDFs', async () => {
    const { db } = await target.open({ poolSize: 8 });
    const accountId = await newAccount(db);
    const row = snapshot(accountId, T0 + WEEK_MS);
    await insertHostedInvoice(db, row);
    const pdfs = Array.from({ length: 8 }, () => randomBytes(2000));
    await Promise.all(pdfs.map((pdf) => storeHostedPdf(db, row.id, pdf)));
    const kept = asBuffer(await findHostedPdf(db, row.id));
    assert.ok(kept !== undefined);
    assert.equal(pdfs.filter((pdf) => pdf.equals(kept)).length, 1);
  });

  test('a snapshot needs an existing account, and deleting the account deletes its snapshots', async () => {
    const { db } = await target.open();
    await assert.rejects(insertHostedInvoice(db, snapshot(randomUUID(), T0 + WEEK_MS)), 'foreign key to accounts');

    const gone = await newAccount(db);
    const kept = await newAccount(db);
    const goneRows = [snapshot(gone, T0 + WEEK_MS), snapshot(gone, T0 + WEEK_MS + 1000)];
    const keptRow = snapshot(kept, T0 + WEEK_MS);
    for (const row of [...goneRows, keptRow]) await insertHostedInvoice(db, row);
    await storeHostedPdf(db, goneRows[0]!.id, randomBytes(100));

    await db.deleteFrom('accounts').where('id', '=', gone).execute();
    for (const row of goneRows) {
      assert.equal(await findHostedInvoice(db, row.id), undefined);
      assert.equal(await findHostedPdf(db, row.id), undefined);
    }
    const left = await db.selectFrom('hosted_invoices').select('id').where('account_id', '=', gone).execute();
    assert.equal(left.length, 0);
    assert.deepEqual({ ...(await findHostedInvoice(db, keptRow.id)) }, keptRow, 'other accounts keep theirs');
  });
});

// The sweep, on a database of its own so its counts are exact.
forEachDialect((target) => {
  test('sweepExpiredRows deletes dead snapshots and only the images no living snapshot prints', async () => {
    const { db } = await target.open();
    const accountId = await newAccount(db);
    const now = T0 + WEEK_MS;

    const shared = randomBytes(300);
    const onlyExpired = randomBytes(300);
    const onlyAtNow = randomBytes(300);
    const onlyLiving = randomBytes(300);
    const [sharedHash, expiredHash, atNowHash, livingHash] = [shared, onlyExpired, onlyAtNow, onlyLiving].map(sha256Hex);

    const expired = snapshot(accountId, now - 1000, { logo_hash: sharedHash!, logo_format: 'png', signature_hash: expiredHash!, signature_format: 'png' });
    const atNow = snapshot(accountId, now, { logo_hash: atNowHash!, logo_format: 'jpeg' });
    const living = snapshot(accountId, now + 1000, { logo_hash: livingHash!, logo_format: 'png', signature_hash: sharedHash!, signature_format: 'png' });

    // As generation does: keep each image until its snapshot's expiry, then insert the snapshot.
    await keepHostedImage(db, sharedHash!, shared, expired.expires_at);
    await keepHostedImage(db, expiredHash!, onlyExpired, expired.expires_at);
    await insertHostedInvoice(db, expired);
    await keepHostedImage(db, atNowHash!, onlyAtNow, atNow.expires_at);
    await insertHostedInvoice(db, atNow);
    await keepHostedImage(db, livingHash!, onlyLiving, living.expires_at);
    await keepHostedImage(db, sharedHash!, shared, living.expires_at);
    await insertHostedInvoice(db, living);
    assert.equal(await imageExpiry(db, sharedHash!), living.expires_at, 'a shared image lives as long as its last snapshot');

    // Just before the expired one's end nothing hosted goes.
    const early = await sweepExpiredRows(db, expired.expires_at - 1);
    assert.equal(early.hostedInvoices, 0);
    assert.equal(early.hostedImages, 0);

    const swept = await sweepExpiredRows(db, now);
    assert.equal(swept.hostedInvoices, 2, 'the expired snapshot and the one expiring exactly now');
    assert.equal(swept.hostedImages, 2, 'the images only those two printed');
    assert.equal(await findHostedInvoice(db, expired.id), undefined);
    assert.equal(await findHostedInvoice(db, atNow.id), undefined);
    assert.deepEqual({ ...(await findHostedInvoice(db, living.id)) }, living);
    assert.equal(await findHostedImage(db, expiredHash!), undefined);
    assert.equal(await findHostedImage(db, atNowHash!), undefined);
    assert.deepEqual(asBuffer(await findHostedImage(db, sharedHash!)), shared, 'shared with a living snapshot: kept');
    assert.deepEqual(asBuffer(await findHostedImage(db, livingHash!)), onlyLiving);

    const again = await sweepExpiredRows(db, now + 999);
    assert.equal(again.hostedInvoices, 0);
    assert.equal(again.hostedImages, 0);

    const last = await sweepExpiredRows(db, living.expires_at);
    assert.equal(last.hostedInvoices, 1);
    assert.equal(last.hostedImages, 2);
    assert.equal(await findHostedInvoice(db, living.id), undefined);
    assert.equal(await findHostedImage(db, sharedHash!), undefined);
    assert.equal(await findHostedImage(db, livingHash!), undefined);
    const counts = await Promise.all([
      db.selectFrom('hosted_invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('hosted_images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    assert.deepEqual(counts.map((c) => Number(c.n)), [0, 0]);
  });
});
