import type { FastifyPluginAsync } from 'fastify';
import { TIERS } from '../../domain/accounts/tiers.ts';
import type { LimitsTable } from '../../domain/limits/plans.ts';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const figure = (value: number | null) => (value === null ? 'unlimited' : value.toLocaleString('en-US'));

/**
 * GET /pricing: the plan table this instance enforces (defaults with PLAN_LIMITS applied), so the
 * default upgrade_url of a 402 leads somewhere true. An operator with a billing page points
 * UPGRADE_URL there instead. Plans are changed by the operator (npm run admin -- set-tier).
 */
export function pricingPage(limits: LimitsTable): FastifyPluginAsync {
  const rows = TIERS.map((tier) => {
    const plan = limits.plans[tier];
    const pdfs = plan.monthlyPdfs === null ? '' : `, at most ${figure(plan.monthlyPdfs)} of them PDFs`;
    return `<tr><th scope="row">${tier}</th><td>${figure(plan.hourly)}</td><td>${figure(plan.weekly)}</td><td>${figure(plan.monthlyDocuments)}${pdfs}</td></tr>`;
  }).join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plans</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:4rem auto;padding:0 1rem;color:#1f2937}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d1d5db}</style>
</head>
<body>
<main>
<h1>Plans</h1>
<table>
<thead><tr><th scope="col">Plan</th><th scope="col">Generations per hour</th><th scope="col">per week</th><th scope="col">Documents per month</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>A PDF or a UBL file counts as one document, ten JSON answers as one. A hosted link serves a PDF, so an answer with one counts as a PDF. Hours and weeks (from Monday) are UTC; the monthly quota starts again on the 1st. Without an account, ${figure(limits.anonymous.hourly)} JSON generations an hour and ${figure(limits.anonymous.weekly)} a week per address.</p>
<p>To change plan, ask the operator of this service.</p>
</main>
</body>
</html>
`;
  return async (app) => {
    app.get('/pricing', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html));
  };
}
