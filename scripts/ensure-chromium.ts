import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.ts';

/**
 * The browser tests (test/web) drive Debian's Chromium through playwright-core, which downloads
 * no browser of its own. This step of `npm test` installs the package when it is missing, so a
 * fresh machine needs nothing beyond the README's two commands. It needs root and Debian's
 * package mirror; without them it stops with the command to run by hand.
 */
function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

if (!existsSync(CHROMIUM_PATH)) {
  console.log(`${CHROMIUM_PATH} is missing; installing Debian's chromium for the browser tests…`);
  try {
    try {
      run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
    } catch {
      // Stale package lists are the usual reason; refresh them once and try again.
      run('apt-get', ['update']);
      run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
    }
  } catch (error) {
    console.error(`Could not install chromium (${(error as Error).message}). Run as root: apt-get install -y chromium`);
    process.exit(1);
  }
}
