import Fastify from 'fastify';

/**
 * The floor of the HTTP benchmark: bare Fastify answering a fixed JSON body of about the size of
 * an invoice response, with no logging, no validation and no work.
 */
const body = JSON.stringify({ success: true, invoice: { number: 'INV-1', items: Array.from({ length: 10 }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unit_price: 10, line_total: 10 })) } });
const app = Fastify({ logger: false });
app.post('/fixed', async (_request, reply) => reply.type('application/json').send(body));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening ${port}\n`);
