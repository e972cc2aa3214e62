import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { invoiceRequestValidatorPlugin } from './invoice-request-validator-plugin.ts';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Builds the web app into dist/web: one bundle per page family, content-hashed names,
 * and a manifest the server reads to link them (src/http/pages/web-assets.ts). No inline script
 * or style is produced, so the pages run under a CSP without 'unsafe-inline'.
 */
export default defineConfig({
  root: here('.'),
  plugins: [invoiceRequestValidatorPlugin()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // The module-preload polyfill is an inline-free script, but the pages need no preloading help.
    modulePreload: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        generator: here('src/pages/generator.ts'),
        account: here('src/pages/account.ts'),
        dashboard: here('src/pages/dashboard.ts'),
        check: here('src/pages/check.ts'),
        // The generator's live totals (D44): the server's validator and engine, in a file of its
        // own that the generator imports, so the parity test can load exactly what browsers run.
        'live-totals': here('src/generator/compute-live-totals.ts'),
      },
      // That entry keeps its export's name (an app entry's exports are otherwise dropped).
      preserveEntrySignatures: 'exports-only',
    },
  },
});
