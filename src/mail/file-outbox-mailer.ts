import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** What the outbox tells its owner after each message, so a local user learns where it went. */
export interface OutboxWrite {
  /** Absolute path of the .eml file. */
  readonly file: string;
  /**
   * Absolute path of the plain-text copy beside it (same name, `.txt`): the body as the reader
   * sees it, each link whole on a line of its own. In the .eml the text part is
   * quoted-printable (its link lines are longer than 76 characters), so a link copied from the
   * raw file carries soft line breaks and `=3D` and does not work.
   */
  readonly textFile: string;
  readonly to: string;
  readonly subject: string;
  /**
   * The http(s) links of the plain-text body, in order: without a mail server the log is how a
   * local user reaches the verification (or reset) link. Anyone who can read this log can read
   * the outbox folder as well, so logging them exposes nothing new on one machine.
   */
  readonly links: readonly string[];
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

/**
 * The embedded default: every message is written, complete with headers (RFC 5322, CRLF line
 * ends), as one .eml file that any mail client opens. Files are named
 * `<UTC timestamp>-<random>.eml` so a listing sorts by time; the timestamp is ISO 8601 basic
 * format (20261121T201550.510Z), because the colons of the extended format are not allowed in
 * file names on Windows and some synced folders.
 *
 * Beside each .eml goes a .txt of the same name holding the recipient, the subject and the
 * plain-text body as UTF-8 with LF line ends: without a mail client, that is the file a person
 * opens to copy the link. It is written first, so when the .eml appears its .txt is there.
 *
 * Each file is written under a temporary name and renamed into place, so a reader watching the
 * folder never sees half a message. Folder 0700, files 0600: a verification or reset link is a
 * credential.
 */
export function createFileOutboxMailer(folder: string, from: string, onWritten: (info: OutboxWrite) => void): Mailer {
  // buffer + 'windows' newlines: the exact bytes an SMTP server would receive.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return {
    async send(message: OutgoingMail): Promise<void> {
      // Every time, not once: cheap for a few account mails, and it survives the folder being removed.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const info = await composer.sendMail({
        from,
        // An address object, so "a@x, b@y" stays one (invalid) address, as in the SMTP mailer.
        to: { name: '', address: message.to },
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error('file outbox: nodemailer returned a stream although buffer was requested');

      const name = `${basicIsoTimestamp(new Date())}-${randomBytes(6).toString('hex')}`;
      const file = path.join(folder, `${name}.eml`);
      const textFile = path.join(folder, `${name}.txt`);
      await writeWhole(textFile, Buffer.from(`To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`, 'utf8'));
      try {
        await writeWhole(file, bytes);
      } catch (error) {
        await rm(textFile, { force: true });
        throw error;
      }
      onWritten({ file, textFile, to: message.to, subject: message.subject, links: message.text.match(LINK_PATTERN) ?? [] });
    },
    async close(): Promise<void> {
      composer.close();
    },
  };
}

/**
 * Writes `bytes` under a temporary name in the same folder, flushes them and renames the file
 * into place, so the name never points at a short file, even after a crash.
 */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** 2026-11-21T20:15:50.510Z becomes 20261121T201550.510Z. */
function basicIsoTimestamp(date: Date): string {
  return date.toISOString().replaceAll('-', '').replaceAll(':', '');
}
