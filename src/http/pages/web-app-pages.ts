import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { ACCOUNT_PAGES } from './account-page-markup.ts';
import { CHECK_PAGE } from './check-page-markup.ts';
import { DASHBOARD_PAGE } from './dashboard-page-markup.ts';
import { GENERATOR_PAGE } from './generator-page-markup.ts';
import { renderWebPage, WEB_APP_CSP, type WebPageSpec } from './render-web-page.ts';
import { etagMatches, etagOf, type WebAssets } from './web-assets.ts';

/**
 * Built files have content hashes in their names, so a browser may keep them for a year without
 * asking again; a new build has new names. The HTML is revalidated on every visit (ETag), so a
 * deploy is seen at once.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Headers every page of the web app carries. */
export function webPageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', WEB_APP_CSP)
    .header('x-content-type-options', 'nosniff')
    // The reset page's URL carries its token: no page sends its URL onwards.
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin');
}

/** Sends a fixed HTML page, or 304 when the browser's copy is current. */
function sendWebPage(request: FastifyRequest, reply: FastifyReply, html: string, etag: string): FastifyReply {
  webPageHeaders(reply).header('cache-control', REVALIDATE).header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}

/**
 * The web app: the generator at /, the e-invoice check at /check, the account pages and the dashboard, all rendered
 * once at start-up from fixed text, and the built scripts and styles under /assets/. Everything
 * user-specific is fetched by the page's script from the API, so every page is the same for every
 * visitor.
 */
export function webAppPages(assets: WebAssets): FastifyPluginAsync {
  const pages: Array<[string, WebPageSpec]> = [
    ['/', { ...GENERATOR_PAGE, entry: 'generator' }],
    ['/dashboard', { ...DASHBOARD_PAGE, entry: 'dashboard' }],
    ['/check', { ...CHECK_PAGE, entry: 'check' }],
    ...Object.entries(ACCOUNT_PAGES).map(([path, page]): [string, WebPageSpec] => [path, { ...page, entry: 'account' }]),
  ];
  return async (app) => {
    for (const [path, spec] of pages) {
      const html = renderWebPage(assets, spec);
      const etag = etagOf(html);
      app.get(path, { schema: { hide: true } }, async (request, reply) => {
        if (assets.entries === undefined) {
          // A checkout that skipped the build: say so rather than serve a page that cannot work.
          reply.header('cache-control', 'no-store');
          throw new AppError('not_provisioned', assets.missingReason ?? 'The web app is not built; run npm run build.');
        }
        return sendWebPage(request, reply, html, etag);
      });
    }
    const etags = new Map([...assets.files].map(([path, file]) => [path, etagOf(file.body)]));
    app.get('/assets/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const file = assets.files.get(path);
      if (file === undefined) throw new AppError('not_found', 'No such file; the page may be from an older version: reload it.');
      const etag = etags.get(path)!;
      reply.header('cache-control', IMMUTABLE).header('etag', etag).header('x-content-type-options', 'nosniff');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(file.contentType).send(file.body);
    });
  };
}
