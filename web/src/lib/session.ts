import { apiJson } from './api.ts';
import { h } from './dom.ts';

/** GET /api/auth/me's user. */
export interface Me {
  email: string;
  tier: string;
  email_verified: boolean;
  api_key: string | null;
  /** Present when a key is stored but cannot be shown (sealed under another server key); says what to do. */
  api_key_unavailable?: string;
  credits: { total: number | null; used: number };
}

let current: Promise<Me | undefined> | undefined;

/** The signed-in account, or undefined for a visitor; asked once per page load unless refreshed. */
export function loadMe(refresh = false): Promise<Me | undefined> {
  if (current === undefined || refresh) {
    current = apiJson<{ user: Me }>('GET', '/api/auth/me').then((result) => (result.ok ? result.body?.user : undefined));
  }
  return current;
}

export async function logOut(): Promise<void> {
  await apiJson('POST', '/api/auth/logout');
  location.assign('/');
}

/** Fills the header's account area: sign-in links for visitors, the dashboard and log-out for accounts. */
export async function renderAccountNav(): Promise<Me | undefined> {
  const me = await loadMe();
  const nav = document.getElementById('account-nav');
  if (nav === null || me === undefined) return me;
  const button = h('button', { type: 'button', class: 'button button-small button-secondary', id: 'log-out' }, 'Log out');
  button.addEventListener('click', () => { void logOut(); });
  nav.replaceChildren(h('span', { class: 'who' }, me.email), h('a', { href: '/dashboard' }, 'Dashboard'), button);
  return me;
}
