import { SERVICE_VERSION } from '../../lib/service-version.ts';
import type { WebAssets, WebEntry } from './web-assets.ts';

/**
 * The web app's Content-Security-Policy: scripts and styles only from this origin's built files
 * (no inline code at all), fetches only to this origin, images also as data: and blob: URLs (the
 * logo and signature the user picks are previewed before upload). Nothing may frame the pages.
 */
export const WEB_APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Pages are built from fixed text only; this escapes it anyway so a label can never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

export interface WebPageSpec {
  /** The document title and, unless `heading` is false, the page's h1. */
  readonly title: string;
  /** Which bundle runs the page. */
  readonly entry: WebEntry;
  /** Read by the bundle to pick the page's behaviour (body data-page). */
  readonly page: string;
  /** The page's own markup, inside <main>. */
  readonly main: string;
  /** Wider layout for the generator and the dashboard. */
  readonly wide?: boolean;
}

/**
 * One HTML page of the web app: the shared header (the account links are filled in by the script
 * once it knows whether a session exists, so the HTML is the same for everyone and cacheable), a
 * skip link for keyboard users, the page's bundle, and a footer naming the service's version (the
 * one /api/health and the API description give). The chrome is English.
 */
export function renderWebPage(assets: WebAssets, spec: WebPageSpec): string {
  const entry = assets.entries?.[spec.entry];
  const styles = (entry?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n');
  const preloads = (entry?.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n');
  const script = entry === undefined ? '' : `<script type="module" src="${escapeHtml(entry.script)}"></script>\n${preloads}`;
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(spec.title)} · Invoice service</title>
${styles}
${script}
</head>
<body data-page="${escapeHtml(spec.page)}">
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<nav aria-label="Main">
<a class="brand" href="/">Invoice service</a>
<ul class="nav-links">
<li><a href="/">Generator</a></li>
<li><a href="/check">Check e-invoice</a></li>
<li><a href="/pricing">Plans</a></li>
<li><a href="/docs">API</a></li>
</ul>
<div class="account-nav" id="account-nav" aria-live="polite">
<a href="/login">Sign in</a>
<a class="button button-small" href="/register">Create account</a>
</div>
</nav>
</header>
<main id="main" tabindex="-1" class="${spec.wide === true ? 'wide' : 'narrow'}">
${spec.main}
</main>
<footer class="site-footer">
<p>Invoice service <span id="service-version">${escapeHtml(SERVICE_VERSION)}</span> · <a href="/docs">API documentation</a> · <a href="/openapi.json">OpenAPI description</a> · <a href="/api/health">Health</a></p>
</footer>
</body>
</html>
`;
}
