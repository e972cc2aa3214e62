/**
 * Resolves once condition() holds, checking every 10 ms; rejects after timeoutMs, saying what it
 * waited for (`what` may be a function, to report the state at the time-out). For waits on
 * something observable, where a fixed sleep would only guess.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
