/**
 * Sustained load: two instances of the built service on one PostgreSQL and one Redis, a mixed load
 * of JSON and PDF generations for an account (each with its hosted snapshot) spread over both, for
 * DURATION_S seconds (default 300). Reports req/s, p50/p99 per output, errors, and each instance's
 * RSS every SAMPLE_S seconds with its trend, which must be flat.
 *
 *   npm run bench:cluster-load                 # 5 minutes, 16 clients, 1 PDF in 5
 *   DURATION_S=60 CONNECTIONS=8 npm run bench:cluster-load
 */
import http from 'node:http';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { UNLIMITED_PLAN_LIMITS, validInvoice } from '../test/helpers/build-test-app.ts';
import { rssMb } from './load-rounds.ts';
import { signUpOverHttp, startCluster, type Instance } from '../test/helpers/cluster.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 300);
const WARM_UP_S = Number(process.env.WARM_UP_S ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SAMPLE_S = Number(process.env.SAMPLE_S ?? 10);
/** One request in PDF_EVERY asks for a PDF; the others for JSON. */
const PDF_EVERY = Number(process.env.PDF_EVERY ?? 5);
const PDF_WORKERS = process.env.PDF_WORKERS ?? '1';

type Output = 'json' | 'pdf';

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const cluster = await startCluster({ storage: 'postgres', env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS, PDF_WORKERS, LOG_LEVEL: 'warn' } });
try {
  const instances = await cluster.startMany(2);
  const { apiKey } = await signUpOverHttp(cluster);
  const agents = instances.map(() => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }));
  const bodies: Record<Output, Buffer> = {
    json: Buffer.from(JSON.stringify({ ...validInvoice(), output: 'json' })),
    pdf: Buffer.from(JSON.stringify({ ...validInvoice(), output: 'pdf' })),
  };

  const post = (instance: Instance, agent: http.Agent, output: Output): Promise<number> => new Promise((resolve) => {
    const request = http.request(`${instance.url}/api/generate-invoice`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'content-length': bodies[output].length },
    }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    request.end(bodies[output]);
  });

  const histograms: Record<Output, RecordableHistogram> = { json: createHistogram(), pdf: createHistogram() };
  const counts = { json: 0, pdf: 0, errors: 0 };
  let measuring = false;
  let stop = false;
  let sequence = 0;
  const client = async () => {
    while (!stop) {
      const n = sequence++;
      const output: Output = n % PDF_EVERY === 0 ? 'pdf' : 'json';
      const which = n % instances.length;
      const t0 = process.hrtime.bigint();
      const status = await post(instances[which]!, agents[which]!, output);
      if (!measuring) continue;
      if (status !== 200) counts.errors += 1;
      else {
        counts[output] += 1;
        histograms[output].record(Number(process.hrtime.bigint() - t0) || 1);
      }
    }
  };

  const clients = Array.from({ length: CONNECTIONS }, () => client());
  process.stderr.write(`warming up for ${WARM_UP_S} s\n`);
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_S * 1000));
  measuring = true;
  const started = Date.now();
  const samples: { t: number; rss: number[]; done: number; errors: number }[] = [];
  const sample = () => samples.push({
    t: (Date.now() - started) / 1000,
    rss: instances.map((instance) => rssMb(instance.child.pid!)),
    done: counts.json + counts.pdf,
    errors: counts.errors,
  });
  sample();
  while (Date.now() - started < DURATION_S * 1000) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_S * 1000));
    sample();
    const last = samples.at(-1)!;
    process.stderr.write(`t=${last.t.toFixed(0)} s  done=${last.done}  errors=${last.errors}  rss=${last.rss.map((r) => r.toFixed(0)).join('/')} MB\n`);
  }
  const elapsedS = (Date.now() - started) / 1000;
  measuring = false;
  stop = true;
  await Promise.all(clients);

  const ms = (h: RecordableHistogram, p: number) => (h.percentile(p) / 1e6).toFixed(1);
  console.log(`## Sustained load: 2 instances, PostgreSQL + Redis (${new Date().toISOString().slice(0, 10)})`);
  console.log(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB; Node ${process.version}; PDF_WORKERS=${PDF_WORKERS} per instance; ${CONNECTIONS} clients, 1 request in ${PDF_EVERY} a PDF; ${elapsedS.toFixed(0)} s after ${WARM_UP_S} s of warm-up.`);
  console.log('');
  console.log('| output | requests | req/s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const output of ['json', 'pdf'] as const) {
    console.log(`| ${output} | ${counts[output]} | ${(counts[output] / elapsedS).toFixed(1)} | ${ms(histograms[output], 50)} | ${ms(histograms[output], 99)} |`);
  }
  console.log(`| all | ${counts.json + counts.pdf} | ${((counts.json + counts.pdf) / elapsedS).toFixed(1)} | | |`);
  console.log(`\nErrors (non-200 or no answer): ${counts.errors}`);
  console.log('\nRSS per instance over the run (MB):\n');
  console.log(`| t (s) | ${instances.map((_, i) => `instance ${i + 1}`).join(' | ')} |`);
  console.log(`|---:|${instances.map(() => '---:').join('|')}|`);
  for (const s of samples) console.log(`| ${s.t.toFixed(0)} | ${s.rss.map((r) => r.toFixed(0)).join(' | ')} |`);
  // The trend over the run's second half onwards: a leak grows steadily; a settled heap does not.
  const tail = samples.filter((s) => s.t >= elapsedS / 3);
  const trends = instances.map((_, i) => slope(tail.map((s) => ({ x: s.t / 60, y: s.rss[i]! }))));
  console.log(`\nRSS trend from t=${tail[0]?.t.toFixed(0)} s to the end (least squares): ${trends.map((t, i) => `instance ${i + 1} ${t >= 0 ? '+' : ''}${t.toFixed(2)} MB/min`).join(', ')}`);
  console.log(`RSS first → last sample: ${instances.map((_, i) => `instance ${i + 1} ${samples[0]!.rss[i]!.toFixed(0)} → ${samples.at(-1)!.rss[i]!.toFixed(0)} MB (peak ${Math.max(...samples.map((s) => s.rss[i]!)).toFixed(0)})`).join(', ')}`);
  for (const agent of agents) agent.destroy();
} finally {
  await cluster.close();
}
