import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateToken } from '../../src/domain/accounts/generate-token.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { bearer, body, browser, cookie, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';

const OUTPUTS = ['json', 'pdf', 'ubl'] as const;
/** undefined = the key is absent. */
const FLAGS = [undefined, false, true] as const;

interface Combination {
  readonly output: (typeof OUTPUTS)[number];
  readonly hostedLink: (typeof FLAGS)[number];
  readonly qr: (typeof FLAGS)[number];
}

const combinations: Combination[] = OUTPUTS.flatMap((output) =>
  FLAGS.flatMap((hostedLink) => FLAGS.map((qr) => ({ output, hostedLink, qr }))));

const nameOf = (c: Combination): string => `output ${c.output}, hosted_link ${String(c.hostedLink)}, qr ${String(c.qr)}`;

function requestFor(c: Combination): Json {
  const b = validInvoice() as Json;
  b.output = c.output;
  const features: Json = {};
  if (c.hostedLink !== undefined) features.hosted_link = c.hostedLink;
  if (c.qr !== undefined) features.qr = c.qr;
  if (Object.keys(features).length > 0) b.features = features;
  return b;
}

/** What an anonymous refusal must name: the output first, then the first feature asked for (spec rule 2). */
function refusedField(c: Combination): string | undefined {
  if (c.output !== 'json') return `output "${c.output}"`;
  if (c.hostedLink === true) return 'features.hosted_link';
  if (c.qr === true) return 'features.qr';
  return undefined;
}

describe('generation gating by caller (SQLite)', () => {
  let ctx: AccountsApp;
  let apiKey = '';
  let sessionId = '';
  before(async () => {
    ctx = await startAccountsApp();
    ({ apiKey, sessionId } = await signUpWithKey(ctx, 'gating'));
  });
  after(async () => { await ctx.close(); });

  it('has 27 combinations, 4 of them open to anonymous callers', () => {
    assert.equal(combinations.length, 27);
    assert.equal(combinations.filter((c) => refusedField(c) === undefined).length, 4);
  });

  // No credential at all takes the route's synchronous path; a stale cookie resolves to
  // anonymous on the asynchronous path. Both must gate alike.
  const anonymousModes: [string, () => Record<string, string>][] = [
    ['no credential', () => ({})],
    ['a stale session cookie', () => cookie(generateToken())],
  ];
  for (const [mode, headers] of anonymousModes) {
    it(`anonymous (${mode}): JSON without features only; everything else is 403 auth_required naming the field`, async () => {
      for (const c of combinations) {
        const res = await generateInvoice(ctx.app, requestFor(c), headers());
        const field = refusedField(c);
        if (field === undefined) {
          assert.equal(res.statusCode, 200, `${nameOf(c)}: ${res.body}`);
          assert.equal(body(res).anonymous, true);
          assert.match(body(res).invoice.number as string, /^INV-\d{8}-[A-Z2-7]{6}$/);
        } else {
          assert.equal(res.statusCode, 403, `${nameOf(c)}: ${res.body}`);
          assert.equal(body(res).error.code, 'auth_required', nameOf(c));
          assert.ok((body(res).error.message as string).includes(field), `${nameOf(c)}: message names ${field}: ${body(res).error.message}`);
        }
      }
    });
  }

  const accountModes: [string, () => Record<string, string>][] = [
    ['API key', () => bearer(apiKey)],
    ['session from the own origin', () => browser(sessionId)],
  ];
  for (const [mode, headers] of accountModes) {
    it(`${mode}: never 403; json, pdf and ubl are 200`, async () => {
      for (const c of combinations) {
        const res = await generateInvoice(ctx.app, requestFor(c), headers());
        assert.notEqual(res.statusCode, 403, nameOf(c));
        if (c.output === 'json') {
          assert.equal(res.statusCode, 200, `${nameOf(c)}: ${res.body}`);
          assert.equal(body(res).anonymous, false);
          assert.match(body(res).invoice.number as string, /^INV-2026-\d{5}$/);
        } else if (c.output === 'pdf') {
          assert.equal(res.statusCode, 200, `${nameOf(c)}: ${res.body.slice(0, 300)}`);
          assert.equal(res.headers['content-type'], 'application/pdf');
          assert.equal(res.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
        } else {
          assert.equal(res.statusCode, 200, `${nameOf(c)}: ${res.body.slice(0, 300)}`);
          assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
          assert.match(res.body, /^<\?xml version="1\.0" encoding="UTF-8"\?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
        }
      }
    });
  }
});
