/** Retries `fetch` until the server answers (any status) or `timeoutMs` passes. */
export async function waitFor(url: string, init: RequestInit, timeoutMs = 20_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
