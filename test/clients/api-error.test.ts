import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, InvoiceClient } from '../../clients/typescript/src/index.ts';
import { parseRetryAfter } from '../../clients/typescript/src/api-error.ts';
import { clientInvoice } from './client-invoice.ts';
import { useClientApp } from './start-client-app.ts';


/** The ApiError a promise rejects with (and fails the test when it resolves or throws another). */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => assert.fail('resolved'), (reason: unknown) => reason);
  assert.ok(error instanceof ApiError, String(error));
  return error;
}

describe('ApiError from the running service', () => {
  const app = useClientApp({ env: { PLAN_LIMITS: '{"free":{"monthly_documents":1}}' } });
  const client = () => new InvoiceClient({ baseUrl: app.baseUrl, apiKey: app.apiKey });

  it('a 400 carries the status, code, message and the X-Request-Id of the answer', async () => {
    const seen: Response[] = [];
    const recording = new InvoiceClient({
      baseUrl: app.baseUrl,
      apiKey: app.apiKey,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        seen.push(response.clone());
        return response;
      },
    });
    const error = await apiErrorOf(recording.generateInvoice({ ...clientInvoice(), items: [] }));
    assert.equal(error.status, 400);
    assert.equal(error.code, 'validation_error');
    assert.match(error.message, /^items /);
    assert.equal(error.name, 'ApiError');
    assert.ok(error instanceof Error);
    assert.equal(error.requestId, seen[0]?.headers.get('x-request-id'));
    assert.match(error.requestId ?? '', /^req_/);
    assert.equal(error.retryAfter, undefined);
    assert.equal(error.attempts, 1, 'a 400 is not retried');
  });

  it('e_invoice_incomplete carries its problems', async () => {
    // With a profile: without one, output "ubl" answers a UBL document that claims no EN 16931 conformance.
    const error = await apiErrorOf(client().generateInvoice({ ...clientInvoice(), from: { name: 'Acme GmbH' }, output: 'ubl', profile: 'en16931' }));
    assert.equal(error.code, 'e_invoice_incomplete');
    assert.ok(error.problems?.some((problem) => problem.field === 'from.country' && problem.term === 'BT-40'), JSON.stringify(error.details));
  });

  it('monthly_limit_reached carries upgrade_url and reset_at', async () => {
    await client().generateInvoice({ ...clientInvoice(), output: 'ubl' });
    const error = await apiErrorOf(client().generateInvoice({ ...clientInvoice(), output: 'ubl' }));
    assert.equal(error.status, 402);
    assert.equal(error.code, 'monthly_limit_reached');
    assert.match(error.upgradeUrl ?? '', /\/pricing$/);
    assert.equal(typeof error.details['reset_at'], 'number');
  });

  it('401, 403 and 404 as the service answers them', async () => {
    const unknownKey = new InvoiceClient({ baseUrl: app.baseUrl, apiKey: `inv_${'x'.repeat(40)}` });
    assert.equal((await apiErrorOf(unknownKey.getAccount())).code, 'invalid_api_key');
    const anonymous = new InvoiceClient({ baseUrl: app.baseUrl });
    const forbidden = await apiErrorOf(anonymous.generateInvoice({ ...clientInvoice(), output: 'pdf' }));
    assert.deepEqual([forbidden.status, forbidden.code], [403, 'auth_required']);
    const missing = await apiErrorOf(client().getWebhook('wh_unknown'));
    assert.deepEqual([missing.status, missing.code, missing.attempts], [404, 'not_found', 1]);
  });

  it('a body that is not the service\'s error shape is still an ApiError, unexpected_response', async () => {
    // A proxy's own page in front of the service.
    const foreign = new InvoiceClient({
      baseUrl: app.baseUrl,
      retry: { maxRetries: 0 },
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    });
    const error = await apiErrorOf(foreign.getHealth());
    assert.deepEqual([error.status, error.code, error.message, error.requestId], [502, 'unexpected_response', 'HTTP 502 without the service\'s error body.', undefined]);
  });
});

describe('parseRetryAfter', () => {
  const cases: [string | null, number | undefined][] = [
    ['120', 120], [' 3 ', 3], ['0', 0], [null, undefined], ['', undefined], ['soon', undefined], ['-1', undefined],
    ['Wed, 01 Jan 2031 00:00:10 GMT', 10], ['Wed, 01 Jan 2031 00:00:00 GMT', 0], ['Tue, 31 Dec 2030 23:00:00 GMT', 0],
  ];
  for (const [header, seconds] of cases) {
    it(`${JSON.stringify(header)} → ${seconds}`, () => assert.equal(parseRetryAfter(header, Date.parse('2031-01-01T00:00:00Z')), seconds));
  }
});
