import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderAccountMail, type AccountMail } from '../../src/mail/render-account-mail.ts';

const VERIFY_LINK = 'https://invoices.example.com/verify?token=abc123&next=%2Fhome';
const RESET_LINK = 'https://invoices.example.com/reset?token=def456';
const LOGIN_URL = 'https://invoices.example.com/login';
const RESET_REQUEST_URL = 'https://invoices.example.com/forgot-password';

const verify: AccountMail = { kind: 'verify-address', to: 'alice@example.com', link: VERIFY_LINK, validForS: 24 * 3600 };
const reset: AccountMail = { kind: 'reset-password', to: 'alice@example.com', link: RESET_LINK, validForS: 3600 };
const attempt: AccountMail = { kind: 'registration-attempt', to: 'alice@example.com', loginUrl: LOGIN_URL, resetRequestUrl: RESET_REQUEST_URL };

const escapedInHtml = (value: string) => value.replaceAll('&', '&amp;');

describe('renderAccountMail', () => {
  const cases: { name: string; mail: AccountMail; subject: RegExp; links: string[]; text: RegExp[] }[] = [
    { name: 'verify-address', mail: verify, subject: /confirm your e-mail address/i, links: [VERIFY_LINK], text: [/valid for 24 hours/] },
    { name: 'reset-password', mail: reset, subject: /reset your password/i, links: [RESET_LINK], text: [/valid for 1 hour\b/, /did not ask/] },
    {
      name: 'registration-attempt (D17)',
      mail: attempt,
      subject: /tried to register/i,
      links: [LOGIN_URL, RESET_REQUEST_URL],
      text: [/already has an account/, /if it was you, log in/i, /reset/i],
    },
  ];

  for (const { name, mail, subject, links, text } of cases) {
    it(`${name}: addressed to the recipient, with every link in both bodies`, () => {
      const out = renderAccountMail(mail);
      assert.equal(out.to, 'alice@example.com');
      assert.match(out.subject, subject);
      for (const link of links) {
        assert.ok(out.text.split('\n').includes(link), `text has ${link} on a line of its own`);
        assert.ok(out.html.includes(`href="${escapedInHtml(link)}"`), `html links ${link}`);
      }
      for (const pattern of text) assert.match(out.text, pattern);
      assert.match(out.html, /^<!doctype html>/);
    });
  }

  it('the registration-attempt mail carries no reset token, only the pages', () => {
    const out = renderAccountMail(attempt);
    assert.doesNotMatch(out.text + out.html, /token=/);
  });

  it('states other validities in hours or minutes', () => {
    assert.match(renderAccountMail({ ...verify, validForS: 48 * 3600 }).text, /valid for 48 hours/);
    assert.match(renderAccountMail({ ...reset, validForS: 30 * 60 }).text, /valid for 30 minutes/);
    assert.match(renderAccountMail({ ...reset, validForS: 60 }).text, /valid for 1 minute\b/);
    assert.throws(() => renderAccountMail({ ...reset, validForS: 0 }), RangeError);
    assert.throws(() => renderAccountMail({ ...reset, validForS: 90.5 }), RangeError);
  });

  it('escapes every interpolated value in the HTML: no <script> or broken-out attribute survives', () => {
    const hostile = 'https://invoices.example.com/verify?t=<script>alert(1)</script>&q="onmouseover="x\'';
    for (const mail of [
      { ...verify, link: hostile },
      { ...reset, link: hostile },
      { ...attempt, loginUrl: hostile, resetRequestUrl: hostile },
    ] as AccountMail[]) {
      const out = renderAccountMail(mail);
      assert.ok(!out.html.includes('<script>'), out.html);
      assert.ok(!out.html.includes('"onmouseover'), out.html);
      assert.ok(out.html.includes('&lt;script&gt;alert(1)&lt;/script&gt;&amp;q=&quot;onmouseover=&quot;x&#39;'), out.html);
      // The plain-text body is not HTML: the link stays exactly as given.
      assert.ok(out.text.includes(hostile));
    }
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const link of ['javascript:alert(1)', '/verify?token=abc', 'data:text/html,<b>x</b>', 'not a url']) {
      assert.throws(() => renderAccountMail({ ...verify, link }), TypeError, link);
    }
    assert.throws(() => renderAccountMail({ ...attempt, resetRequestUrl: 'javascript:alert(1)' }), TypeError);
  });
});
