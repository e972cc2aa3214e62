import { domainToASCII } from 'node:url';

/** RFC 5321 §4.5.3.1: 254 octets for a whole address in a path, 64 for the local part, 63 per label. */
export const MAX_EMAIL_CHARS = 254;
const MAX_LOCAL_CHARS = 64;
const MAX_LABEL_CHARS = 63;

export type NormalizedEmail = { ok: true; email: string } | { ok: false; message: string };

/**
 * RFC 5322 dot-atom: letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated runs. Quoted local
 * parts ("a b"@x), comments and non-ASCII local parts (SMTPUTF8) are refused: nearly nobody has
 * one, and a comma, angle bracket or quote in an unquoted local part could split or rewrite a To:
 * header once the address reaches the mailer.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const FORBIDDEN_ANYWHERE = /[\s\p{Cc}]/u;
// Before IDN conversion only: domainToASCII would percent-decode "%41" and read "0x7f.1" as an IPv4 address.
const ASCII_OUTSIDE_DOMAIN_CHARS = /(?![A-Za-z0-9.-])[\x00-\x7f]/;

/**
 * Trims the address, lower-cases the domain and converts a Unicode domain to its ASCII (punycode)
 * form, which is what is stored and mailed to; or says, naming the field, what to fix.
 *
 * The local part is kept exactly as typed and addresses are compared as stored, so Ann@x.com and
 * ann@x.com are two different accounts. RFC 5321 §2.4 lets a mail server treat them as two
 * mailboxes; folding case would let one person register (and receive mail for) another's
 * mailbox on such a server. The cost: a user who types a different case at login is not found.
 */
export function normalizeEmail(raw: unknown): NormalizedEmail {
  if (typeof raw !== 'string') return fail('email must be a string such as name@example.com.');
  const trimmed = raw.trim();
  if (trimmed.length > MAX_EMAIL_CHARS) return fail(`email is too long: use at most ${MAX_EMAIL_CHARS} characters.`);
  if (trimmed === '') return fail('email is empty: send an address such as name@example.com.');
  if (FORBIDDEN_ANYWHERE.test(trimmed)) return fail('email must not contain spaces or control characters: remove them.');

  const at = trimmed.indexOf('@');
  if (at === -1 || trimmed.indexOf('@', at + 1) !== -1) {
    return fail('email must contain exactly one @, as in name@example.com.');
  }
  const local = trimmed.slice(0, at);
  const typedDomain = trimmed.slice(at + 1);
  if (local === '') return fail('email has nothing before the @: send an address such as name@example.com.');
  if (typedDomain === '') return fail('email has no domain after the @: send an address such as name@example.com.');
  if (local.length > MAX_LOCAL_CHARS) {
    return fail(`email's part before the @ is too long: use at most ${MAX_LOCAL_CHARS} characters.`);
  }
  if (!LOCAL_PART.test(local)) {
    return fail(
      "email's part before the @ may contain only letters, digits, !#$%&'*+/=?^_`{|}~- and single dots between them: correct the address.",
    );
  }

  const domain = toAsciiDomain(typedDomain);
  if (domain === undefined) {
    return fail("email's domain may contain only letters, digits, hyphens and dots, as in example.com: correct the domain.");
  }
  const domainProblem = problemWithDomain(domain);
  if (domainProblem !== undefined) return fail(domainProblem);

  const email = `${local}@${domain}`;
  if (email.length > MAX_EMAIL_CHARS) return fail(`email is too long: use at most ${MAX_EMAIL_CHARS} characters.`);
  return { ok: true, email };
}

/** Lower-cased ASCII form of the domain, or undefined when it has characters no domain can have. */
function toAsciiDomain(typed: string): string | undefined {
  if (/^[\x00-\x7f]*$/.test(typed)) {
    return /^[A-Za-z0-9.-]+$/.test(typed) ? typed.toLowerCase() : undefined;
  }
  if (ASCII_OUTSIDE_DOMAIN_CHARS.test(typed)) return undefined;
  // UTS #46 mapping: lower-cases, maps full-width forms, and refuses what IDNA forbids ('' then).
  const ascii = domainToASCII(typed);
  return ascii === '' ? undefined : ascii;
}

function problemWithDomain(domain: string): string | undefined {
  const labels = domain.split('.');
  if (labels.length < 2) return "email's domain must contain a dot, as in example.com: correct the domain.";
  if (labels.some((label) => label === '')) {
    return "email's domain has an empty part (a dot at the start or end, or two dots in a row): remove the extra dot.";
  }
  if (labels.some((label) => label.length > MAX_LABEL_CHARS)) {
    return `email's domain has a part longer than ${MAX_LABEL_CHARS} characters between dots: correct the domain.`;
  }
  if (!labels.every((label) => LABEL.test(label))) {
    return "email's domain parts must be letters, digits and hyphens, not starting or ending with a hyphen: correct the domain.";
  }
  // An all-digit last label is an IP address, not a domain (RFC 3696 §2); address literals are refused.
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) {
    return "email's domain must be a name such as example.com, not an IP address: correct the domain.";
  }
  return undefined;
}

function fail(message: string): NormalizedEmail {
  return { ok: false, message };
}
