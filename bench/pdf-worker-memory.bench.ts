/**
 * What one PDF worker costs in memory (docs/deploy.md, PDF_WORKERS): one instance of the built
 * service per pool size, every worker made to render (a few rounds of as many PDFs at once as
 * there are workers), then the process's RSS. The difference per added worker is the figure.
 *
 *   npm run bench:pdf-worker-memory
 */
import { UNLIMITED_PLAN_LIMITS, validInvoice } from '../test/helpers/build-test-app.ts';
import { rssMb } from './load-rounds.ts';
import { signUpOverHttp, startCluster } from '../test/helpers/cluster.ts';

const SIZES = [1, 2, 4];
const ROUNDS = 5;

const rows: { workers: number; idle: number; afterJson: number; afterPdf: number }[] = [];
for (const workers of SIZES) {
  const cluster = await startCluster({ storage: 'postgres', env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS, PDF_WORKERS: String(workers) } });
  try {
    const instance = await cluster.start();
    const { apiKey } = await signUpOverHttp(cluster);
    const post = async (output: string) => {
      const res = await fetch(`${instance.url}/api/generate-invoice`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...validInvoice(), output }),
      });
      if (res.status !== 200) throw new Error(`${output}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const pid = instance.child.pid!;
    const idle = rssMb(pid);
    for (let i = 0; i < 50; i += 1) await post('json');
    const afterJson = rssMb(pid);
    for (let round = 0; round < ROUNDS; round += 1) await Promise.all(Array.from({ length: workers }, () => post('pdf')));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rows.push({ workers, idle, afterJson, afterPdf: rssMb(pid) });
  } finally {
    await cluster.close();
  }
}

console.log('| PDF_WORKERS | RSS at start (MB) | after 50 JSON (MB) | after the PDFs (MB) |');
console.log('|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.workers} | ${row.idle.toFixed(0)} | ${row.afterJson.toFixed(0)} | ${row.afterPdf.toFixed(0)} |`);
const first = rows[0]!;
const last = rows.at(-1)!;
console.log(`\nPer worker beyond the first: ${((last.afterPdf - first.afterPdf) / (last.workers - first.workers)).toFixed(0)} MB; the pool with one worker adds ${(first.afterPdf - first.afterJson).toFixed(0)} MB to an instance.`);
