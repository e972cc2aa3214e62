/** Debian's Chromium, which the browser tests and bench:web drive through playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Headless, as root, and quiet on the network: without the background-networking flags Chromium
 * keeps calling Google's hosts, which this machine's closed network refuses.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];
