import { LINK_SENT_MESSAGE } from '../../use-cases/accounts/email-links.ts';
import { REGISTERED_MESSAGE } from '../../use-cases/accounts/register-account.ts';
import { PASSWORD_CHANGED_MESSAGE } from '../routes/auth-routes.ts';
import { SERVICE_VERSION } from '../../lib/service-version.ts';

type Json = Record<string, any>;

const EMAIL = 'anna.schmidt@muster-beratung.de';
const CREDENTIALS = { email: EMAIL, password: 'korrekt-Pferd-Batterie-42' };
const API_KEY = 'inv_Xq3LmN0pR7sT9vX1yZb4f8Kq2Jc9o2ZK0aQ1x7mVd8u';
const WINDOW = { limit: 40, used: 2, reset_at: 1_764_244_800 };

/**
 * Examples for the account and service operations, beside openapi-examples.ts's for
 * invoices and webhooks; the messages are the ones the use-cases answer.
 */
export function addAccountExamples(doc: Json): Json {
  const set = (path: string, method: string, status: string | undefined, value: unknown) => {
    const op = doc.paths?.[path]?.[method];
    const media = status === undefined ? op?.requestBody?.content['application/json'] : op?.responses[status]?.content?.['application/json'];
    if (media !== undefined) media.example = value;
  };
  set('/api/auth/register', 'post', undefined, CREDENTIALS);
  set('/api/auth/register', 'post', '201', { success: true, message: REGISTERED_MESSAGE });
  set('/api/auth/login', 'post', undefined, CREDENTIALS);
  set('/api/auth/login', 'post', '200', { success: true, user: { email: EMAIL, tier: 'free' } });
  set('/api/auth/logout', 'post', '200', { success: true });
  set('/api/auth/me', 'get', '200', { success: true, user: { email: EMAIL, tier: 'free', email_verified: true, api_key: API_KEY, credits: { total: 100, used: 13 } } });
  set('/api/auth/generate-api-key', 'post', '200', { success: true, api_key: API_KEY });
  for (const path of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
    set(path, 'post', undefined, { email: EMAIL });
    set(path, 'post', '200', { success: true, message: LINK_SENT_MESSAGE });
  }
  set('/api/auth/reset-password', 'post', undefined, { token: 'Jc9o2ZK0aQ1x7mVd8u3sLr5yTb6wHn4eGf0iPk2qMzA', password: 'neues-Passwort-2026' });
  set('/api/auth/reset-password', 'post', '200', { success: true, message: PASSWORD_CHANGED_MESSAGE });
  set('/api/auth/usage', 'get', '200', {
    success: true,
    usage: {
      tier: 'free',
      monthly: { documents_used: 12.3, documents_limit: 100, pdfs_used: 4, pdfs_limit: 50, reset_at: 1_764_547_200 },
      rate_limits: { hourly: WINDOW, weekly: { limit: 400, used: 9, reset_at: 1_764_547_200 }, monthly_equivalent: 1733 },
    },
  });
  set('/api/health', 'get', '200', {
    success: true, status: 'ok', version: SERVICE_VERSION, uptime_s: 86_400,
    storage: { dialect: 'postgres', ok: true, latency_ms: 0.8 },
    counters: { store: 'redis', ok: true, latency_ms: 0.4 },
  });
  return doc;
}
