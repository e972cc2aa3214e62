import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The floor of the HTTP benchmark: bare Fastify answering a fixed body — the very bytes the invoice
 * endpoint answers for the benchmark's invoice (read from the file named by argv[3]) — with no
 * logging, no validation and no work. The difference to the invoice endpoint is then the work
 * alone: parsing into our shape, validation, the totals, serialization and the request log.
 */
const port = Number(process.argv[2] ?? 0);
const body = readFileSync(process.argv[3] ?? '', 'utf8');
const app = Fastify({ logger: false });
app.post('/fixed', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port, host: '127.0.0.1' });
