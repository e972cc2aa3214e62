import '../styles/app.css';
import { apiJson } from '../lib/api.ts';
import { renderAccountNav } from '../lib/session.ts';

/** Where register hands the address to check-email, so it never goes into a URL. */
const REGISTERED_EMAIL_KEY = 'invoice-service:registered-email';

/**
 * The account pages (register, check-email, login, forgot and reset password): each form is
 * posted as JSON to its existing API endpoint (data-action) and the answer's message is shown.
 * The browser's own validation bubbles are off (novalidate) so messages appear in one place, in
 * words that name the field, and are announced to screen readers (role=status).
 */
function firstProblem(form: HTMLFormElement): { input: HTMLInputElement; message: string } | undefined {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    const label = form.querySelector(`label[for="${input.id}"]`)?.textContent ?? input.name;
    input.removeAttribute('aria-invalid');
    if (input.required && input.value.trim() === '') return { input, message: `Enter your ${label.toLowerCase()}.` };
    if (input.type === 'email' && !/^[^\s@]+@[^\s@]+$/.test(input.value.trim())) return { input, message: `${label} must look like name@example.com.` };
    if (input.autocomplete === 'new-password' && (input.value.length < 8 || input.value.length > 128)) {
      return { input, message: `${label} must be 8 to 128 characters; it has ${input.value.length}.` };
    }
  }
  return undefined;
}

/** Only a path on this site may follow a sign-in (never //host or a scheme). */
function safeNext(): string | undefined {
  const next = new URLSearchParams(location.search).get('next');
  return next !== null && /^\/(?!\/)[\w\-/?=&.]*$/.test(next) ? next : undefined;
}

function wireForm(form: HTMLFormElement): void {
  const status = form.querySelector<HTMLElement>('.form-status')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const problem = firstProblem(form);
    if (problem !== undefined) {
      problem.input.setAttribute('aria-invalid', 'true');
      status.textContent = problem.message;
      status.className = 'form-status error';
      problem.input.focus();
      return;
    }
    const body: Record<string, string> = {};
    for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) body[input.name] = input.name === 'password' ? input.value : input.value.trim();
    const token = new URLSearchParams(location.search).get('token');
    if (form.dataset.action === '/api/auth/reset-password') body.token = token ?? '';
    button.disabled = true;
    status.className = 'form-status';
    status.textContent = 'Sending…';
    const result = await apiJson<{ message?: string }>('POST', form.dataset.action!, { json: body });
    button.disabled = false;
    if (!result.ok) {
      status.className = 'form-status error';
      status.textContent = result.message;
      return;
    }
    status.textContent = result.body?.message ?? 'Done.';
    if (form.dataset.action === '/api/auth/register') sessionStorage.setItem(REGISTERED_EMAIL_KEY, body.email ?? '');
    const then = form.dataset.action === '/api/auth/login' ? (safeNext() ?? form.dataset.then) : form.dataset.then;
    if (then !== undefined) location.assign(then);
  });
}

function prefillCheckEmail(): void {
  const email = sessionStorage.getItem(REGISTERED_EMAIL_KEY);
  if (email === null || email === '') return;
  const input = document.querySelector<HTMLInputElement>('input[name="email"]');
  if (input !== null) input.value = email;
  const sentTo = document.getElementById('sent-to');
  if (sentTo !== null) sentTo.textContent = ` to ${email}`;
}

void renderAccountNav();
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-action]')) wireForm(form);
if (document.body.dataset.page === 'check-email') prefillCheckEmail();
if (document.body.dataset.page === 'reset-password' && new URLSearchParams(location.search).get('token') === null) {
  const status = document.querySelector<HTMLElement>('.form-status');
  if (status !== null) status.textContent = 'This page needs the link from the e-mail; ask for a new one on "Forgot your password?".';
}
