import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.ts';

/**
 * The tests use real programs from Debian's packages that npm cannot install:
 * - chromium, driven by playwright-core for the browser tests (test/web), which downloads no
 *   browser of its own;
 * - qpdf and poppler-utils (pdfdetach, pdffonts), which read the hybrid e-invoice PDFs back
 *   (test/helpers/pdf-tools.ts);
 * - python3-requests, with which the Python code samples run.
 * This step of `npm test` installs whichever is missing, so a fresh machine needs nothing beyond
 * the README's two commands. It needs root and Debian's package mirror; without them it stops with
 * the command to run by hand.
 */
const TOOLS: ReadonlyArray<{ readonly program: string; readonly pkg: string }> = [
  { program: CHROMIUM_PATH, pkg: 'chromium' },
  { program: '/usr/bin/qpdf', pkg: 'qpdf' },
  { program: '/usr/bin/pdfdetach', pkg: 'poppler-utils' },
  { program: '/usr/bin/pdffonts', pkg: 'poppler-utils' },
  // The Python code samples run with Debian's Python and requests (test/openapi/code-samples.test.ts).
  { program: '/usr/lib/python3/dist-packages/requests', pkg: 'python3-requests' },
];

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const missing = [...new Set(TOOLS.filter((tool) => !existsSync(tool.program)).map((tool) => tool.pkg))];
if (missing.length > 0) {
  console.log(`Installing Debian's ${missing.join(', ')} for the tests…`);
  const install = ['install', '-y', '--no-install-recommends', ...missing];
  try {
    try {
      run('apt-get', install);
    } catch {
      // Stale package lists are the usual reason; refresh them once and try again.
      run('apt-get', ['update']);
      run('apt-get', install);
    }
  } catch (error) {
    console.error(`Could not install ${missing.join(', ')} (${(error as Error).message}). Run as root: apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
}
