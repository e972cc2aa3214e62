/**
 * Where account e-mails go: an SMTP server, or the file outbox of the embedded default. Chosen
 * once at start-up by createMailer from the config; use-cases only see this interface.
 */
export interface Mailer {
  /** Hands one message over for delivery; resolves once the server or the outbox has it, rejects otherwise. */
  send(message: OutgoingMail): Promise<void>;
  /** Releases connections or handles; no send may be started afterwards. */
  close(): Promise<void>;
}

/** One message to one recipient, with a plain-text and an HTML body of the same content. */
export interface OutgoingMail {
  /** The recipient's address, e.g. "alice@example.com". */
  to: string;
  /** The subject line, plain text (non-ASCII is encoded on the wire). */
  subject: string;
  /** The plain-text body, for clients that do not show HTML. */
  text: string;
  /** The HTML body; every interpolated value must already be escaped. */
  html: string;
}
