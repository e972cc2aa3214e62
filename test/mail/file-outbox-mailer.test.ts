import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { createFileOutboxMailer, type OutboxWrite } from '../../src/mail/file-outbox-mailer.ts';
import type { OutgoingMail } from '../../src/mail/mailer.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';

const FROM = 'Invoice service <invoices@example.com>';
const FILE_NAME = /^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{12}\.eml$/;
const TEXT_NAME = /^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{12}\.txt$/;
const emlFiles = (folder: string): string[] => readdirSync(folder).filter((name) => name.endsWith('.eml'));

const tempDir = tempDirsRemovedAfter('invoice-outbox-');

const message = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'alice@example.com',
  subject: 'Confirm your e-mail address — Grüße',
  text: 'Open this link:\n\nhttps://invoices.example.com/verify?token=abc&x=1\n\nValid for 24 hours. 🎉\n',
  html: '<p>Open <a href="https://invoices.example.com/verify?token=abc&amp;x=1">this link</a>. 🎉</p>',
  ...overrides,
});

describe('createFileOutboxMailer', () => {
  it('writes a complete, parseable .eml with both bodies, mode 0600, in a folder it creates with 0700', async () => {
    const folder = path.join(tempDir(), 'data', 'outbox');
    const written: OutboxWrite[] = [];
    const mailer = createFileOutboxMailer(folder, FROM, (info) => written.push(info));
    const sent = message();

    await mailer.send(sent);
    await mailer.close();

    const files = emlFiles(folder);
    assert.equal(files.length, 1);
    const [name] = files as [string];
    assert.match(name, FILE_NAME);
    const file = path.join(folder, name);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(folder).mode & 0o777, 0o700);

    const raw = readFileSync(file);
    assert.match(raw.toString('latin1'), /^Message-ID: <.+@example\.com>\r\n/m, 'a Message-ID header and CRLF line ends');
    const parsed = await simpleParser(raw);
    assert.equal(parsed.subject, sent.subject);
    assert.equal(parsed.text, sent.text);
    assert.equal(parsed.html, sent.html);
    assert.ok(parsed.date instanceof Date);
    assert.equal(Array.isArray(parsed.to) ? undefined : parsed.to?.value[0]?.address, 'alice@example.com');
    assert.equal(Array.isArray(parsed.from) ? undefined : parsed.from?.value[0]?.address, 'invoices@example.com');

    assert.deepEqual(written, [{
      file,
      textFile: file.replace(/\.eml$/, '.txt'),
      to: 'alice@example.com',
      subject: sent.subject,
      links: ['https://invoices.example.com/verify?token=abc&x=1'],
    }]);
  });

  it('writes one file per message and leaves no temporary file behind', async () => {
    const folder = tempDir();
    const written: OutboxWrite[] = [];
    const mailer = createFileOutboxMailer(folder, FROM, (info) => written.push(info));

    await mailer.send(message({ subject: 'first' }));
    await mailer.send(message({ subject: 'second' }));

    assert.equal(readdirSync(folder).length, 4, 'an .eml and a .txt per message, nothing else');
    const files = emlFiles(folder).sort();
    assert.equal(files.length, 2);
    for (const name of files) assert.match(name, FILE_NAME);
    assert.deepEqual(written.map((w) => path.basename(w.file)).sort(), files);
    const subjects = await Promise.all(files.map(async (name) => (await simpleParser(readFileSync(path.join(folder, name)))).subject));
    assert.deepEqual(subjects.sort(), ['first', 'second']);
  });

  it('puts a plain-text copy beside the .eml whose link lines are whole, where the .eml\'s quoted-printable breaks them', async () => {
    const folder = tempDir();
    const written: OutboxWrite[] = [];
    const mailer = createFileOutboxMailer(folder, FROM, (info) => written.push(info));
    const link = `http://127.0.0.1:41234/api/auth/verify?token=${'A1b2_C3d4-'.repeat(4)}xyz`;
    await mailer.send(message({ text: `Please confirm your e-mail address by opening this link:\n\n${link}\n\nValid for 24 hours. Grüße\n` }));

    const [info] = written as [OutboxWrite];
    assert.match(path.basename(info.textFile), TEXT_NAME);
    assert.equal(path.dirname(info.textFile), folder);
    assert.equal(statSync(info.textFile).mode & 0o777, 0o600, 'a link is a credential');
    // Read as a person reads it: the file as text, nothing decoded.
    const text = readFileSync(info.textFile, 'utf8');
    assert.equal(text, `To: alice@example.com\nSubject: ${message().subject}\n\nPlease confirm your e-mail address by opening this link:\n\n${link}\n\nValid for 24 hours. Grüße\n`);
    assert.ok(text.split('\n').includes(link), 'the link is a line of its own');
    // The reason for the copy: in the .eml the same link is not whole.
    assert.ok(!readFileSync(info.file, 'latin1').includes(link), 'the .eml holds the link quoted-printable, broken');
  });

  it('reports no links for a body without any', async () => {
    const written: OutboxWrite[] = [];
    const mailer = createFileOutboxMailer(tempDir(), FROM, (info) => written.push(info));
    await mailer.send(message({ text: 'No link here.\n' }));
    assert.deepEqual(written[0]?.links, []);
  });

  it('rejects when the folder cannot be created, and calls onWritten only for written files', async () => {
    const notAFolder = path.join(tempDir(), 'outbox');
    writeFileSync(notAFolder, 'a file where the folder should be');
    const written: OutboxWrite[] = [];
    const mailer = createFileOutboxMailer(notAFolder, FROM, (info) => written.push(info));

    await assert.rejects(mailer.send(message()));
    assert.equal(written.length, 0);
  });
});
