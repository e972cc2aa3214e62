/**
 * Documents per second with `workers` renders in flight at once: document i is `make(i)`, made as
 * the previous one of its lane finishes, so every worker of a pool stays busy.
 */
export async function docsPerSecond<T>(total: number, workers: number, make: (i: number) => T, render: (document: T, worker: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: workers }, async (_, worker) => {
    while (next < total) {
      const i = next++;
      await render(make(i), worker);
    }
  }));
  return total / ((performance.now() - start) / 1000);
}
