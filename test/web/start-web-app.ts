import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';


/** Where the screenshots that docs/web-app.md shows are kept. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/**
 * Whether this run rewrites docs/screenshots: only when asked with UPDATE_SCREENSHOTS=1, so an
 * ordinary test run leaves the working tree clean. Otherwise each screenshot is still taken, in
 * memory, and checked to be a picture.
 */
export const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** The names of the screenshots this run took, so the test can check each is in docs/screenshots. */
export const SCREENSHOTS_TAKEN = new Set<string>();

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface WebApp {
  readonly accounts: AccountsApp;
  /** http://127.0.0.1:<port>, which is also the app's PUBLIC_URL (the Origin its checks expect). */
  readonly origin: string;
  readonly browser: Browser;
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * The real app listening on 127.0.0.1 with real SMTP delivery to a test server, and Chromium to
 * drive it. PUBLIC_URL is the listening origin, so e-mailed links and Origin checks work as in
 * production. env is added to the app's (PLAN_LIMITS, OUTBOUND_ALLOW_HOSTS …).
 */
export async function startWebApp(env: Record<string, string> = {}): Promise<WebApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const accounts = await startAccountsApp({ env: { PUBLIC_URL: origin, ...env } });
  await accounts.app.listen({ host: '127.0.0.1', port });
  // A browser that does not start (not installed) must not leave the app listening: the test
  // process would wait on it until the runner's time-out instead of failing at once.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
    .catch(async (error: unknown) => {
      await accounts.close();
      throw error;
    });
  const contexts: BrowserContext[] = [];
  return {
    accounts,
    origin,
    browser,
    async newContext(viewport = DESKTOP) {
      const context = await browser.newContext({ baseURL: origin, viewport, acceptDownloads: true, locale: 'en-GB', timezoneId: 'UTC' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      // A step that cannot happen fails in 10 s with what it waited for, not after 30.
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await accounts.close();
    },
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Takes a screenshot (the viewport from the top, the viewport where it is scrolled to, or the
 * whole page) and, with UPDATE_SCREENSHOTS=1, saves it as docs/screenshots/<name>.png.
 */
export async function screenshot(page: Page, name: string, view: 'top' | 'here' | 'full-page' = 'top'): Promise<void> {
  if (view === 'top') await page.evaluate(() => window.scrollTo(0, 0));
  const png = await page.screenshot({ fullPage: view === 'full-page' });
  if (png.length < 1000 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`screenshot ${name} is not a picture (${png.length} bytes)`);
  SCREENSHOTS_TAKEN.add(name);
  if (!UPDATE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(path.join(SCREENSHOT_DIR, `${name}.png`), png);
}

/** Collects what would show a broken page: script errors and CSP refusals in the console. */
export function watchForPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return problems;
}
