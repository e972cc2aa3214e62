/**
 * The memory of a whole instance with both worker pools warm (docs/performance.md): the built
 * service on its embedded SQLite default, as `npm start` runs it (PDF_WORKERS one per core,
 * CHECK_WORKERS 1), its PDF workers and its check worker made to work, then a sustained mix of
 * PDF generations and inspections of received e-invoices (10- and 100-line XRechnung in UBL and
 * CII, a hybrid PDF) from several clients at once. The process's RSS, read from /proc every 250 ms,
 * is the figure: at start, once both pools are warm, its peak and median under the load, at the
 * end, and its slope over the second half.
 *
 *   npm run bench:service-memory   (SECONDS=60, CLIENTS=4, MIX=both|pdf|inspect; PDF_WORKERS,
 *                                  CHECK_WORKERS and NODE_OPTIONS are passed to the service)
 */
import { UNLIMITED_PLAN_LIMITS, validInvoice } from '../test/helpers/build-test-app.ts';
import { hybridOf, xrechnung } from './received-xrechnung.ts';
import { signUpOverHttp, startCluster } from '../test/helpers/cluster.ts';
import { rssMb } from './load-rounds.ts';

const SECONDS = Number(process.env.SECONDS ?? 60);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
/** What the clients send under load: both kinds in turn (default), or only one. */
const MIX = (process.env.MIX ?? 'both') as 'both' | 'pdf' | 'inspect';
const PASSED = Object.fromEntries(['PDF_WORKERS', 'CHECK_WORKERS', 'NODE_OPTIONS'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));

const received: Array<{ type: string; body: string | Uint8Array }> = [
  { type: 'application/xml', body: xrechnung(10, 'ubl') },
  { type: 'application/xml', body: xrechnung(10, 'cii') },
  { type: 'application/pdf', body: await hybridOf(xrechnung(10, 'cii')) },
  { type: 'application/xml', body: xrechnung(100, 'ubl') },
  { type: 'application/xml', body: xrechnung(100, 'cii') },
];
const pdfRequest = JSON.stringify({ ...validInvoice(), output: 'pdf', features: { hosted_link: false } });

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cluster = await startCluster({ storage: 'sqlite', env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS, ...PASSED } });
try {
  const instance = await cluster.start();
  const { apiKey } = await signUpOverHttp(cluster);
  const auth = { authorization: `Bearer ${apiKey}` };
  const send = async (path: string, type: string, body: string | Uint8Array): Promise<void> => {
    const res = await fetch(`${instance.url}${path}`, { method: 'POST', headers: { ...auth, 'content-type': type }, body });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  };
  const generatePdf = () => send('/api/generate-invoice', 'application/json', pdfRequest);
  const inspect = (i: number) => send('/api/inspect-invoice', received[i % received.length]!.type, received[i % received.length]!.body);

  const pid = instance.child.pid!;
  const atStart = rssMb(pid);
  // Warm: every PDF worker renders, the check worker runs every rule set.
  for (let round = 0; round < 5; round += 1) await Promise.all(Array.from({ length: 4 }, () => generatePdf()));
  for (let i = 0; i < received.length; i += 1) await inspect(i);
  const warm = rssMb(pid);

  const samples: Array<{ at: number; rss: number }> = [];
  const sampler = setInterval(() => samples.push({ at: performance.now(), rss: rssMb(pid) }), 250);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const counts = { pdf: 0, inspect: 0 };
  await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
    for (let i = client; performance.now() < deadline; i += 1) {
      if (MIX === 'pdf' || (MIX === 'both' && i % 2 === 0)) {
        await generatePdf();
        counts.pdf += 1;
      } else {
        await inspect(i >> 1);
        counts.inspect += 1;
      }
    }
  }));
  clearInterval(sampler);
  const end = rssMb(pid);
  const secondHalf = samples.filter((s) => s.at >= started + (SECONDS * 1000) / 2);
  const slope = secondHalf.length < 2 ? 0 : ((secondHalf.at(-1)!.rss - secondHalf[0]!.rss) / ((secondHalf.at(-1)!.at - secondHalf[0]!.at) / 60_000));
  const rss = samples.map((s) => s.rss);
  console.log(`${SECONDS} s, ${CLIENTS} clients, load ${MIX}, ${Object.entries(PASSED).map(([k, v]) => `${k}=${v}`).join(' ') || 'default workers'}: ${counts.pdf} PDFs and ${counts.inspect} inspections (${((counts.pdf + counts.inspect) / SECONDS).toFixed(1)} requests/s)`);
  console.log('| at start | both pools warm | peak under load | median under load | at the end | second half, MB/min |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  console.log(`| ${atStart.toFixed(0)} | ${warm.toFixed(0)} | ${Math.max(...rss).toFixed(0)} | ${median(rss).toFixed(0)} | ${end.toFixed(0)} | ${slope.toFixed(1)} |`);
} finally {
  await cluster.close();
}
