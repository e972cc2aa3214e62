import assert from 'node:assert/strict';
import { SUBJECT_VERIFY, uniqueEmail } from '../helpers/accounts-helpers.ts';
import type { WebApp } from './start-web-app.ts';

/** A verified account of the running app, signed in: its session id (the inv_session cookie). */
export async function verifiedSession(web: WebApp, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const password = 'correct horse battery';
  const json = { 'content-type': 'application/json', origin: web.origin };
  const mailed = web.accounts.smtp.waitForMessage((m) => m.to === email && m.subject === SUBJECT_VERIFY);
  assert.equal((await fetch(`${web.origin}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) })).status, 201);
  const link = (await mailed).text.split(/\s+/).find((word) => word.startsWith(`${web.origin}/api/auth/verify?token=`));
  assert.equal((await fetch(link!)).status, 200);
  const login = await fetch(`${web.origin}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  assert.equal(login.status, 200);
  return /inv_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
}
