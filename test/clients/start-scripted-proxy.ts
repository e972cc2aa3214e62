import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: 'fail' answers 503 itself without forwarding; 'lose'
 * forwards, lets the service do the work, then answers 503 instead of its answer (an answer lost
 * on the way back); 'forward' passes the service's answer through.
 */
export type ProxyStep = 'fail' | 'lose' | 'forward';

export interface ScriptedProxy {
  readonly url: string;
  readonly port: number;
  /** The headers of every request received, in order. */
  readonly requests: IncomingHttpHeaders[];
  /** The service's answers to forwarded requests (also those 'lose' withheld), in order. */
  readonly forwarded: { status: number; headers: Headers; body: string }[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 standing between the client and the service (or no service: then
 * only 'fail' makes sense), following `steps` for successive requests and 'forward' after them.
 * `retryAfter` is the Retry-After of its own 503s (none when undefined). `port` listens on a port
 * chosen beforehand (for the refused-connection test).
 */
export async function startScriptedProxy(options: { target?: string; steps: ProxyStep[]; retryAfter?: string; port?: number }): Promise<ScriptedProxy> {
  const requests: IncomingHttpHeaders[] = [];
  const forwarded: ScriptedProxy['forwarded'] = [];
  const unavailable = JSON.stringify({ success: false, error: { code: 'not_provisioned', message: 'The proxy says: try again.' } });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      requests.push(request.headers);
      const step = options.steps[requests.length - 1] ?? 'forward';
      const fail = () => response.writeHead(503, {
        'content-type': 'application/json',
        'x-request-id': `proxy-${requests.length}`,
        ...(options.retryAfter === undefined ? {} : { 'retry-after': options.retryAfter }),
      }).end(unavailable);
      if (step === 'fail' || options.target === undefined) return fail();
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const answer = await fetch(new URL(request.url ?? '/', options.target), {
        method: request.method ?? 'GET',
        headers,
        ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      forwarded.push({ status: answer.status, headers: answer.headers, body: bytes.toString('utf8') });
      if (step === 'lose') return fail();
      const passed = Object.fromEntries([...answer.headers].filter(([name]) => !['content-length', 'connection', 'transfer-encoding', 'keep-alive'].includes(name)));
      response.writeHead(answer.status, passed).end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    forwarded,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
