import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { CURRENCIES, LANGUAGES, PAGE_SIZES, QR_TYPES, ROUNDING_MODES, TEMPLATES } from '../../src/domain/invoice/catalog.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { followVerifyLink, signUp, startAccountsApp } from '../helpers/accounts-helpers.ts';

type Json = Record<string, any>;

/** Written out rather than imported, so a change to the policy has to change this test too. */
const EXPECTED_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Each page with the bundle (manifest entry name) that runs it. */
const PAGES: ReadonlyArray<readonly [path: string, entry: string]> = [
  ['/', 'generator'],
  ['/dashboard', 'dashboard'],
  ['/check', 'check'],
  ['/register', 'account'],
  ['/check-email', 'account'],
  ['/login', 'account'],
  ['/forgot-password', 'account'],
  ['/reset-password', 'account'],
];

const WEB_DIST_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

interface ManifestChunk { file: string; name?: string; isEntry?: boolean; css?: string[]; imports?: string[] }

function manifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(WEB_DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

function assertWebPageHeaders(res: LightMyRequestResponse, cacheControl: string): void {
  assert.equal(res.headers['content-security-policy'], EXPECTED_CSP);
  const csp = String(res.headers['content-security-policy']);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['referrer-policy'], 'no-referrer');
  assert.equal(res.headers['x-frame-options'], 'DENY');
  assert.equal(res.headers['cache-control'], cacheControl);
}

/** The attribute's value in one start tag, or undefined. */
function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

const withoutTemplates = (html: string): string => html.replace(/<template[\s\S]*?<\/template>/g, '');

/** Every form control outside <template> that the user can fill in, with its position. */
function formControls(html: string): Array<{ tag: string; index: number }> {
  return [...html.matchAll(/<(input|select|textarea)\b[^>]*>/g)]
    .filter((m) => attr(m[0], 'type') !== 'hidden')
    .map((m) => ({ tag: m[0], index: m.index }));
}

function isInsideLabel(html: string, index: number): boolean {
  const before = html.slice(0, index);
  return before.lastIndexOf('<label') > before.lastIndexOf('</label>');
}

describe('web app pages: the generator, the account pages and the dashboard', () => {
  let t: TestApp;
  const pages = new Map<string, LightMyRequestResponse>();
  before(async () => {
    t = await buildTestApp();
    for (const [url] of PAGES) pages.set(url, await t.app.inject({ method: 'GET', url }));
  });
  after(async () => { await t.close(); });

  describe('happy path', () => {
    for (const [url] of PAGES) {
      it(`${url}: 200 HTML with the strict CSP, the security headers, no-cache and a strong ETag; 304 when current`, async () => {
        const res = pages.get(url)!;
        assert.equal(res.statusCode, 200, res.body.slice(0, 300));
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assertWebPageHeaders(res, 'no-cache');
        const etag = String(res.headers.etag);
        assert.match(etag, /^"[A-Za-z0-9_-]{16,}"$/, 'a strong ETag (no W/ prefix)');
        assert.match(res.body, /^<!doctype html>\n<html lang="en" dir="ltr">/);
        assert.equal([...res.body.matchAll(/<h1\b/g)].length, 1, 'one h1 per page');
        assert.match(res.body, /<title>[^<]+ · Invoice service<\/title>/);

        const again = await t.app.inject({ method: 'GET', url });
        assert.equal(again.headers.etag, etag, 'the same page has the same ETag');
        assert.equal(again.body, res.body);
        const current = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
        assert.equal(current.statusCode, 304);
        assert.equal(current.body, '');
        assert.equal(current.headers.etag, etag);
        assertWebPageHeaders(current, 'no-cache');
        const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"not-the-etag"' } });
        assert.equal(stale.statusCode, 200);
        assert.equal(stale.body, res.body);
      });
    }

    it('pages differ, so their ETags do', () => {
      const etags = new Set([...pages.values()].map((res) => res.headers.etag));
      assert.equal(etags.size, PAGES.length);
    });

    it('each page links its own bundle and style sheets from the build, and nothing inline', () => {
      const chunks = manifest();
      for (const [url, entry] of PAGES) {
        const html = pages.get(url)!.body;
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
        assert.equal(scripts.length, 1, `${url}: one script`);
        assert.equal(attr(scripts[0]!, 'type'), 'module');
        const chunk = Object.values(chunks).find((c) => c.isEntry === true && c.name === entry)!;
        assert.equal(attr(scripts[0]!, 'src'), `/${chunk.file}`, `${url} runs the ${entry} bundle`);
        assert.doesNotMatch(html, /<script\b(?![^>]*\ssrc=)[^>]*>/, `${url}: no inline script`);
        assert.doesNotMatch(html, /<style\b/, `${url}: no inline style sheet`);
        assert.doesNotMatch(html, /\sstyle="/, `${url}: no style attribute (the CSP would block it)`);
        assert.doesNotMatch(html, /\son[a-z]+="/, `${url}: no inline event handler`);
        assert.doesNotMatch(html, /javascript:/i);
        const styles = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => attr(m[0], 'href'));
        assert.ok(styles.length >= 1, `${url}: a style sheet`);
        for (const href of styles) assert.match(href!, /^\/assets\/[A-Za-z0-9_.-]+\.css$/);
      }
    });

    it('every linked script and style sheet, and every module they import, is served immutable with its content type', async () => {
      const linked = new Set<string>();
      for (const res of pages.values()) {
        for (const m of res.body.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+)"/g)) linked.add(m[1]!);
      }
      assert.ok(linked.size >= 4, [...linked].join(', '));
      const seen = new Set<string>();
      const queue = [...linked];
      while (queue.length > 0) {
        const url = queue.shift()!;
        if (seen.has(url)) continue;
        seen.add(url);
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['content-type'], url.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', url);
        assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        const etag = String(res.headers.etag);
        assert.match(etag, /^"[A-Za-z0-9_-]{16,}"$/);
        assert.equal(res.rawPayload.length, readFileSync(path.join(WEB_DIST_DIR, url.slice(1))).length, `${url} is the built file`);
        const current = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
        assert.equal(current.statusCode, 304, url);
        assert.equal(current.body, '');
        // Static imports between chunks must be served too, or the page breaks.
        if (url.endsWith('.js')) {
          for (const m of res.body.matchAll(/(?:import|from)\s*["'](\.\/[^"']+)["']/g)) queue.push(new URL(m[1]!, `http://x${url}`).pathname);
        }
      }
      // The entries import a shared chunk; the pages announce it (modulepreload) so the browser
      // fetches it beside the entry rather than after it.
      const imported = [...seen].filter((url) => url.endsWith('.js') && ![...pages.values()].some((res) => res.body.includes(`<script type="module" src="${url}"`)));
      assert.ok(imported.length > 0, 'a shared chunk is imported');
      for (const url of imported) {
        assert.ok([...pages.values()].some((res) => res.body.includes(`<link rel="modulepreload" href="${url}">`)), `${url} is preloaded`);
      }
    });

    it('the generator offers every currency, language and template of the catalog (and the other closed lists)', () => {
      const html = withoutTemplates(pages.get('/')!.body);
      const options = (id: string): string[] => {
        const select = new RegExp(`<select id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
        assert.ok(select, `a select #${id}`);
        return [...select[1]!.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]!);
      };
      assert.deepEqual(options('f-invoice-currency'), CURRENCIES);
      assert.deepEqual(options('f-invoice-language'), [...LANGUAGES]);
      assert.deepEqual(options('f-template'), [...TEMPLATES]);
      assert.deepEqual(options('f-page-size'), [...PAGE_SIZES]);
      assert.deepEqual(options('f-rounding'), [...ROUNDING_MODES]);
      assert.deepEqual(options('f-payment-qr-type'), ['', ...QR_TYPES]);
      assert.match(html, /<option value="USD" selected>USD<\/option>/, 'USD is the default, as in the API');
      assert.match(html, /<option value="en" selected>English<\/option>/);
    });
  });

  describe('accessibility basics (WCAG 2.1: 1.3.1, 3.3.2, 4.1.1)', () => {
    for (const [url] of PAGES) {
      it(`${url}: every control has a label; ids are unique; aria references resolve`, () => {
        const html = withoutTemplates(pages.get(url)!.body);
        const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
        assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'duplicate ids');
        const labelled = new Set([...html.matchAll(/<label\b[^>]*\sfor="([^"]+)"/g)].map((m) => m[1]!));
        for (const target of labelled) assert.ok(ids.includes(target), `label for="${target}" points at an element`);

        const controls = formControls(html);
        if (url !== '/dashboard') assert.ok(controls.length > 0, 'the page has a form');
        for (const { tag, index } of controls) {
          const id = attr(tag, 'id');
          assert.ok((id !== undefined && labelled.has(id)) || isInsideLabel(html, index), `${url}: unlabelled control ${tag}`);
        }
        for (const m of html.matchAll(/\saria-(?:describedby|labelledby|controls)="([^"]+)"/g)) {
          for (const ref of m[1]!.split(/\s+/)) assert.ok(ids.includes(ref), `${url}: aria reference to missing #${ref}`);
        }
        assert.match(html, /<a class="skip-link" href="#main">/);
        assert.ok(ids.includes('main'));
      });
    }

    it('the item row template labels its controls too (they are cloned into the page)', () => {
      const template = /<template id="item-template">([\s\S]*?)<\/template>/.exec(pages.get('/')!.body)?.[1];
      assert.ok(template);
      const controls = formControls(template);
      assert.ok(controls.length >= 7);
      for (const { tag, index } of controls) assert.ok(isInsideLabel(template, index), `unlabelled ${tag}`);
    });

    it('the regex check can fail: an unlabelled control is caught', () => {
      const html = '<label for="a">A</label><input id="a"><input id="b"><label>C <input></label>';
      const found = formControls(html).filter(({ tag, index }) => !(attr(tag, 'id') === 'a' || isInsideLabel(html, index)));
      assert.deepEqual(found.map((c) => c.tag), ['<input id="b">']);
    });
  });

  describe('errors', () => {
    it('an unknown asset is 404 JSON not_found, never a page', async () => {
      for (const url of ['/assets/x.js', '/assets/generator-00000000.js', '/assets/', '/assets/.vite/manifest.json', '/assets/../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, `${url}: ${res.body.slice(0, 200)}`);
        assert.match(String(res.headers['content-type']), /^application\/json/, url);
        assert.equal((res.json() as Json).success, false);
        assert.equal((res.json() as Json).error.code, 'not_found', url);
        assert.doesNotMatch(res.body, /"name"\s*:\s*"invoice-service"/, `${url} leaks no file`);
        assert.notEqual(res.headers['cache-control'], 'public, max-age=31536000, immutable', `${url}: a 404 is not cached for a year`);
      }
    });

    it('another method on an asset is 405 with Allow: GET, HEAD', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/assets/x.js' });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'GET, HEAD');
      assert.equal((res.json() as Json).error.code, 'method_not_allowed');
    });

    it('the verification landing page: 400 for a bad or missing token, with the web CSP and no-store, echoing nothing', async () => {
      for (const url of ['/api/auth/verify?token=not-a-real-token', '/api/auth/verify', `/api/auth/verify?token=${encodeURIComponent('<script>alert(1)</script>')}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assertWebPageHeaders(res, 'no-store');
        assert.match(res.body, /<h1>This link no longer works<\/h1>/);
        assert.doesNotMatch(res.body, /not-a-real-token|alert\(1\)/);
        const script = attr(/<script\b[^>]*>/.exec(res.body)?.[0] ?? '', 'src');
        assert.equal((await t.app.inject({ method: 'GET', url: script! })).statusCode, 200, 'it links the account bundle, which exists');
      }
    });
  });

  describe('security', () => {
    it('echoes nothing from the query string: the HTML is the same bytes whatever the URL carries', async () => {
      const evil = encodeURIComponent('"><script>alert(1)</script><img src=x onerror=alert(2)>');
      for (const [url] of PAGES) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?token=${evil}&next=${evil}&email=${evil}` });
        assert.equal(res.statusCode, 200);
        assert.equal(res.body, pages.get(url)!.body, url);
        assert.equal(res.headers.etag, pages.get(url)!.headers.etag);
        assert.doesNotMatch(res.body, /alert\(|onerror/);
      }
    });

    it('the reset page carries its token in the URL only: no referrer leaves it, and it links nothing off-site', () => {
      const html = pages.get('/reset-password')!.body;
      assert.equal(pages.get('/reset-password')!.headers['referrer-policy'], 'no-referrer');
      for (const m of html.matchAll(/\s(?:href|src|action)="([^"]*)"/g)) assert.match(m[1]!, /^(\/|#)/, `same-origin link: ${m[1]}`);
    });

    it('pages answer only GET (and HEAD): a POST is 404 or 405 JSON', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/login', payload: { email: 'a@b.c' } });
      assert.ok([404, 405].includes(res.statusCode), String(res.statusCode));
      assert.equal((res.json() as Json).success, false);
    });
  });
});

describe('the verification landing page after a real sign-up', () => {
  it('200 with the confirmation, the web CSP and no-store; the same link again is 400', async () => {
    const ctx = await startAccountsApp();
    try {
      const account = await signUp(ctx, { verify: false });
      const ok = await followVerifyLink(ctx.app, account.verifyToken);
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.headers['content-type'], 'text/html; charset=utf-8');
      assertWebPageHeaders(ok, 'no-store');
      assert.match(ok.body, /<h1>Your e-mail address is confirmed<\/h1>/);
      assert.ok(!ok.body.includes(account.verifyToken), 'the token is not echoed');
      assert.equal(ok.headers.etag, undefined, 'a no-store answer needs no validator');
      const reused = await followVerifyLink(ctx.app, account.verifyToken);
      assert.equal(reused.statusCode, 400);
      assertWebPageHeaders(reused, 'no-store');
    } finally {
      await ctx.close();
    }
  });
});

describe('without a web build', () => {
  const dirs: string[] = [];
  after(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

  it('every page answers 503 not_provisioned (no-store) while the API keeps working', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'invoice-web-empty-'));
    dirs.push(empty);
    const t = await buildTestApp({}, { webDistDir: empty });
    try {
      for (const [url] of PAGES) {
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 503, url);
        assert.match(String(res.headers['content-type']), /^application\/json/);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.equal(res.headers.etag, undefined);
        const error = (res.json() as Json).error;
        assert.equal(error.code, 'not_provisioned');
        assert.match(error.message, /npm run build/);
      }
      assert.equal((await t.app.inject({ method: 'GET', url: '/assets/generator.js' })).statusCode, 404);
      assert.ok(t.logs.some((line) => line.level === 40 && line.msg === 'web app not built; its pages answer 503'), 'the start-up log says why');
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(health.statusCode, 200, 'the API does not depend on the web build');
      const generated = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', payload: { from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x' }] }, remoteAddress: '192.0.2.1' });
      assert.equal(generated.statusCode, 200);
    } finally {
      await t.close();
    }
  });

  it('a build that lacks one of the bundles is not served half-working either', async () => {
    const partial = mkdtempSync(path.join(tmpdir(), 'invoice-web-partial-'));
    dirs.push(partial);
    mkdirSync(path.join(partial, '.vite'));
    mkdirSync(path.join(partial, 'assets'));
    writeFileSync(path.join(partial, 'assets', 'generator-abc123.js'), 'export {};\n');
    writeFileSync(path.join(partial, '.vite', 'manifest.json'), JSON.stringify({
      'src/pages/generator.ts': { file: 'assets/generator-abc123.js', name: 'generator', isEntry: true },
    }));
    const t = await buildTestApp({}, { webDistDir: partial });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      assert.equal(res.statusCode, 503);
      assert.equal((res.json() as Json).error.code, 'not_provisioned');
      assert.match((res.json() as Json).error.message, /no "account" entry/);
    } finally {
      await t.close();
    }
  });
});
