import { inputField, type FieldSpec } from './form-fields.ts';
import type { WebPageSpec } from './render-web-page.ts';

const EMAIL: FieldSpec = { name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username', required: true, maxLength: 320 };
const NEW_PASSWORD: FieldSpec = {
  name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true,
  hint: '8 to 128 characters.', maxLength: 128,
};

/**
 * A form the account script posts as JSON to `action` (the existing API endpoints), showing the
 * answer's message in the status line. `then` tells the script where to go on success.
 */
function accountForm(options: { action: string; fields: readonly FieldSpec[]; submit: string; then?: string; after?: string }): string {
  return `<form class="stack" data-action="${options.action}"${options.then === undefined ? '' : ` data-then="${options.then}"`} novalidate>
${options.fields.map(inputField).join('\n')}
<p class="form-status" role="status" aria-live="polite"></p>
<p><button type="submit" class="button">${options.submit}</button></p>
</form>
${options.after ?? ''}`;
}

/** The account pages by path. They use the same endpoints as any API client. */
export const ACCOUNT_PAGES: Readonly<Record<string, Omit<WebPageSpec, 'entry'>>> = {
  '/register': {
    title: 'Create an account',
    page: 'register',
    main: `<h1>Create an account</h1>
<p>An account gives you PDFs, UBL files, hosted links, webhooks and an API key.</p>
${accountForm({
  action: '/api/auth/register', submit: 'Create account', then: '/check-email', fields: [EMAIL, NEW_PASSWORD],
  after: '<p>Already have an account? <a href="/login">Sign in</a>.</p>',
})}`,
  },
  '/check-email': {
    title: 'Check your e-mail',
    page: 'check-email',
    main: `<h1>Check your e-mail</h1>
<p>If the address can be used, a message with a confirmation link is on its way<span id="sent-to"></span>. The link works once, for 24 hours.</p>
<p>Once you have confirmed, <a href="/login">sign in</a> to create your API key.</p>
<form class="stack" data-action="/api/auth/resend-verification" novalidate>
${inputField({ ...EMAIL, hint: 'Nothing arrived after a few minutes? Look in your spam folder, or send the link again.' })}
<p class="form-status" role="status" aria-live="polite"></p>
<p><button type="submit" class="button button-secondary">Send the link again</button></p>
</form>`,
  },
  '/login': {
    title: 'Sign in',
    page: 'login',
    main: `<h1>Sign in</h1>
${accountForm({
  action: '/api/auth/login', submit: 'Sign in', then: '/dashboard',
  fields: [EMAIL, { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true, maxLength: 128 }],
  after: '<p><a href="/forgot-password">Forgot your password?</a> · <a href="/register">Create an account</a></p>',
})}`,
  },
  '/forgot-password': {
    title: 'Reset your password',
    page: 'forgot-password',
    main: `<h1>Reset your password</h1>
<p>We will e-mail a link to choose a new password. It works once, for one hour.</p>
${accountForm({ action: '/api/auth/forgot-password', submit: 'Send me a reset link', fields: [EMAIL] })}`,
  },
  '/reset-password': {
    title: 'Choose a new password',
    page: 'reset-password',
    main: `<h1>Choose a new password</h1>
${accountForm({
  action: '/api/auth/reset-password', submit: 'Save the new password', fields: [{ ...NEW_PASSWORD, label: 'New password' }],
  after: '<p>Every session is signed out when the password changes. <a href="/login">Sign in</a> afterwards.</p>',
})}`,
  },
};

/** The page a verification link lands on (GET /api/auth/verify): fixed text, nothing echoed. */
export function verifyLandingPage(verified: boolean): Omit<WebPageSpec, 'entry'> {
  return verified
    ? {
      title: 'Your e-mail address is confirmed',
      page: 'verified',
      main: `<h1>Your e-mail address is confirmed</h1>
<p>Thank you. Sign in to create your API key and download PDFs.</p>
<p><a class="button" href="/login">Sign in</a> <a class="button button-secondary" href="/dashboard">Go to the dashboard</a></p>`,
    }
    : {
      title: 'This link no longer works',
      page: 'verify-failed',
      main: `<h1>This link no longer works</h1>
<p>The link is invalid, was already used, or is older than 24 hours.</p>
<p><a class="button" href="/check-email">Send a new link</a> <a class="button button-secondary" href="/login">Sign in</a></p>`,
    };
}
