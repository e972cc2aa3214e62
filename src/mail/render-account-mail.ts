import type { OutgoingMail } from './mailer.ts';

/**
 * The account e-mails. Links arrive fully built (absolute http(s) URLs); the validity comes from
 * the code that issues the token, so the text cannot drift from the real expiry.
 */
export type AccountMail =
  /** After sign-up or an address change: confirm the address by following the link. */
  | { readonly kind: 'verify-address'; readonly to: string; readonly link: string; readonly validForS: number }
  /** After a reset request: choose a new password through the link. */
  | { readonly kind: 'reset-password'; readonly to: string; readonly link: string; readonly validForS: number }
  /**
   * Sign-up with an address that already has an account mails the owner instead of saying so to the
   * caller. Carries the log-in page and the page to *request* a reset, not a reset token: a
   * stranger's sign-up attempt must not issue one.
   */
  | { readonly kind: 'registration-attempt'; readonly to: string; readonly loginUrl: string; readonly resetRequestUrl: string };

/** Builds subject, plain-text and HTML body of one account e-mail. Pure; every value is HTML-escaped. */
export function renderAccountMail(mail: AccountMail): OutgoingMail {
  switch (mail.kind) {
    case 'verify-address': {
      const link = checkedLink(mail.link);
      const validity = formatDuration(mail.validForS);
      return compose(mail.to, 'Confirm your e-mail address', [
        { text: 'Please confirm your e-mail address by opening this link:' },
        { link },
        { text: `The link is valid for ${validity}. If you did not sign up, ignore this message and no account will be activated.` },
      ]);
    }
    case 'reset-password': {
      const link = checkedLink(mail.link);
      const validity = formatDuration(mail.validForS);
      return compose(mail.to, 'Reset your password', [
        { text: 'Someone asked to reset the password of the account with this address. To choose a new password, open this link:' },
        { link },
        { text: `The link is valid for ${validity} and works once. If you did not ask for it, ignore this message: your password stays as it is.` },
      ]);
    }
    case 'registration-attempt': {
      const loginUrl = checkedLink(mail.loginUrl);
      const resetRequestUrl = checkedLink(mail.resetRequestUrl);
      return compose(mail.to, 'Someone tried to register with your e-mail address', [
        { text: 'Someone tried to create a new account with this address, which already has an account. No new account was created and your account is unchanged.' },
        { text: 'If it was you, log in here:' },
        { link: loginUrl },
        { text: 'If you forgot your password, you can reset it here:' },
        { link: resetRequestUrl },
        { text: 'If it was not you, you can ignore this message.' },
      ]);
    }
  }
}

type Paragraph = { readonly text: string } | { readonly link: string };

function compose(to: string, subject: string, paragraphs: readonly Paragraph[]): OutgoingMail {
  const text = paragraphs.map((p) => ('link' in p ? p.link : p.text)).join('\n\n') + '\n';
  const body = paragraphs
    .map((p) => ('link' in p ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>` : `<p>${escapeHtml(p.text)}</p>`))
    .join('\n');
  const html = `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
  return { to, subject, text, html };
}

/**
 * Refuses anything but an absolute http(s) URL: a `javascript:` or relative value in an href
 * would be a bug upstream, and a mail is the wrong place to find out.
 */
function checkedLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new TypeError('account mail: a link must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('account mail: a link must be an absolute http(s) URL');
  return link;
}

/** 86400 → "24 hours", 3600 → "1 hour", 900 → "15 minutes". */
function formatDuration(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 60) throw new RangeError('account mail: validForS must be whole seconds, at least 60');
  const [amount, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : [Math.floor(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
