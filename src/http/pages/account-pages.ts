import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/**
 * The three pages account e-mails link to — sign in, ask for a reset link, choose a new password —
 * as plain server-rendered forms with one small script that posts JSON to the API. They are the
 * minimum that makes the e-mailed links work; the web app (issue 9) replaces them. Nothing from
 * the request is written into the HTML (the script reads the token from the URL itself), and the
 * CSP allows only this origin's script.
 */
const CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

interface PageSpec {
  readonly title: string;
  readonly action: string;
  readonly fields: ReadonlyArray<{ name: string; label: string; type: string; autocomplete: string }>;
  readonly submit: string;
}

const PAGES: Readonly<Record<string, PageSpec>> = {
  '/login': {
    title: 'Sign in',
    action: '/api/auth/login',
    fields: [
      { name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username' },
      { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
    ],
    submit: 'Sign in',
  },
  '/forgot-password': {
    title: 'Reset your password',
    action: '/api/auth/forgot-password',
    fields: [{ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username' }],
    submit: 'Send me a reset link',
  },
  '/reset-password': {
    title: 'Choose a new password',
    action: '/api/auth/reset-password',
    fields: [{ name: 'password', label: 'New password (8 to 128 characters)', type: 'password', autocomplete: 'new-password' }],
    submit: 'Save the new password',
  },
};

function renderPage(page: PageSpec): string {
  const fields = page.fields
    .map((f) => `<p><label for="${f.name}">${f.label}</label><br><input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required></p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:4rem auto;padding:0 1rem;color:#1f2937}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{font:inherit;padding:.5rem 1rem}#result{min-height:1.5rem}</style>
<script src="/assets/account-form.js" defer></script>
</head>
<body>
<main>
<h1>${page.title}</h1>
<form data-action="${page.action}" novalidate>
${fields}
<p><button type="submit">${page.submit}</button></p>
<p id="result" role="status" aria-live="polite"></p>
</form>
</main>
</body>
</html>
`;
}

/** Posts the form as JSON (adding the reset token from the URL) and shows the API's message. */
const FORM_SCRIPT = `'use strict';
document.addEventListener('DOMContentLoaded', () => {
  const form = document.querySelector('form[data-action]');
  const result = document.getElementById('result');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(form).entries());
    const token = new URLSearchParams(location.search).get('token');
    if (token) body.token = token;
    result.textContent = '…';
    try {
      const res = await fetch(form.dataset.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
      const json = await res.json();
      result.textContent = json.success ? (json.message || 'Done.') : json.error.message;
    } catch {
      result.textContent = 'The service could not be reached; try again.';
    }
  });
});
`;

function secureHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

export const accountPages: FastifyPluginAsync = async (app) => {
  for (const [path, page] of Object.entries(PAGES)) {
    const html = renderPage(page);
    app.get(path, { schema: { hide: true } }, async (_request, reply) => secureHeaders(reply).type('text/html; charset=utf-8').send(html));
  }
  app.get('/assets/account-form.js', { schema: { hide: true } }, async (_request, reply) =>
    secureHeaders(reply).type('text/javascript; charset=utf-8').send(FORM_SCRIPT));
};
