/**
 * Writes docs/samples.md from src/http/openapi/code-samples.ts, the samples the OpenAPI document
 * carries as x-codeSamples; test/openapi/code-samples.test.ts fails when the two differ.
 *
 *   node scripts/write-samples-doc.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODE_SAMPLES } from '../src/http/openapi/code-samples.ts';

const FENCE: Readonly<Record<string, string>> = { Shell: 'sh', TypeScript: 'ts', Python: 'python' };
const TITLES: Readonly<Record<string, string>> = {
  generateInvoice: 'Generate an invoice: JSON, PDF, UBL, CII (`POST /api/generate-invoice`)',
  generateInvoiceBatch: 'A batch of invoices (`POST /api/batch`)',
  getUsage: 'This month\'s usage (`GET /api/auth/usage`)',
  createWebhook: 'Register a webhook (`POST /api/webhooks`)',
};

let text = `# Code samples

The main operations with curl, the TypeScript client (\`clients/typescript\`, [client.md](client.md))
and Python's \`requests\`. The same samples are in the OpenAPI document as \`x-codeSamples\`
(\`/openapi.json\`), written from one source (\`src/http/openapi/code-samples.ts\`; this file is made
by \`node scripts/write-samples-doc.ts\`). Every sample reads the service's address and the API key
from \`INVOICE_API_URL\` and \`INVOICE_API_KEY\`, as the CLI does ([cli.md](cli.md)), and
\`test/openapi/code-samples.test.ts\` runs each of them against a running service.

\`\`\`sh
export INVOICE_API_URL=http://localhost:3000 INVOICE_API_KEY=inv_…
\`\`\`
`;
for (const [operationId, samples] of Object.entries(CODE_SAMPLES)) {
  text += `\n## ${TITLES[operationId] ?? operationId}\n`;
  for (const sample of samples) text += `\n${sample.label}:\n\n\`\`\`${FENCE[sample.lang]}\n${sample.source}\`\`\`\n`;
}
writeFileSync(fileURLToPath(new URL('../docs/samples.md', import.meta.url)), text);
