import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes an account with an API key on a running server of the embedded default, the way a user
 * would: register, follow the verification link from the file outbox under dataDir, log in,
 * generate the key. Returns the key.
 */
export async function signUpThroughOutbox(base: string, dataDir: string, email: string, label: string): Promise<string> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const password = 'bench-password-1';
  await post('/api/auth/register', { email, password });
  const outbox = path.join(dataDir, 'outbox');
  let link: string | undefined;
  for (let tries = 0; link === undefined && tries < 600; tries++) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    const text = files.map((f) => readFileSync(path.join(outbox, f), 'utf8')).join('\n');
    // The mail is quoted-printable: undo soft line breaks and the escaped "=".
    link = /http:\/\/\S+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/.exec(text.replace(/=\r\n/g, '').replace(/=3D/g, '='))?.[0];
    if (link === undefined) await new Promise((r) => setTimeout(r, 50));
  }
  if (link === undefined) throw new Error(`${label}: no verification mail`);
  const verified = await fetch(link.replace(/^http:\/\/[^/]+/, base));
  const login = await post('/api/auth/login', { email, password });
  if (verified.status !== 200 || login.status !== 200) throw new Error(`${label}: verify ${verified.status}, login ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const key = await post('/api/auth/generate-api-key', {}, { cookie, origin: base });
  const apiKey = ((await key.json()) as { api_key: string }).api_key;
  if (!apiKey?.startsWith('inv_')) throw new Error(`${label}: no API key (${key.status})`);
  return apiKey;
}
