import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';

/** Waits (up to 10 s) until the element's text contains `expected`; fails with what it showed. */
export async function assertText(locator: Locator, expected: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let text = '';
  while (Date.now() < deadline) {
    text = (await locator.first().textContent().catch(() => '')) ?? '';
    if (text.includes(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`expected ${JSON.stringify(expected)} in ${JSON.stringify(text)}`);
}
