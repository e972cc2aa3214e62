import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { startHttpsImageServer, type HttpsImageServer } from './start-https-image-server.ts';

/** One delivery as the receiver got it: headers and the raw body bytes, before any parsing. */
export interface ReceivedDelivery {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
  /** Date.now() when the body had arrived. */
  readonly atMs: number;
}

/** What the receiver does with one request: answer a status, or never answer ('hang'). */
export type ReceiverAnswer = number | 'hang' | ((response: ServerResponse) => void);

export interface WebhookReceiver {
  readonly server: HttpsImageServer;
  /** https://localhost:<port>/hooks: the test certificate's name, allow-listed in these tests. */
  readonly url: string;
  readonly received: ReceivedDelivery[];
  /** Answers for the next requests, in order; after them every request gets `fallback`. */
  answers: ReceiverAnswer[];
  fallback: ReceiverAnswer;
  /** Resolves once `count` deliveries have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real https receiver on 127.0.0.1 with the test CA's certificate for localhost (trusted through
 * NODE_EXTRA_CA_CERTS by npm test). It records every delivery byte for byte and answers as told.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  const receiver = {} as WebhookReceiver;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, raw: Buffer.concat(chunks), atMs: Date.now() });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      if (typeof answer === 'function') return answer(response);
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  };
  const server = await startHttpsImageServer(handle);
  Object.assign(receiver, {
    server,
    url: server.url('/hooks'),
    received,
    answers: [],
    fallback: 200,
    waitFor(count: number, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} deliveries, got ${received.length}`)), timeoutMs);
        waiters.push({ count, resolve: () => { clearTimeout(timer); resolve(); } });
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      await server.close();
    },
  });
  return receiver;
}
