/** Where composed parts say what to run once the app is ready and when it closes; buildApp forwards both to Fastify's hooks, in order. */
export interface Lifecycle {
  onReady(start: () => Promise<void>): void;
  onClose(stop: () => Promise<void>): void;
}
