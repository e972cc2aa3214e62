/**
 * How to call the main operations with curl, the TypeScript client
 * (clients/typescript) and Python's requests, as the document's `x-codeSamples` (Redoc and other
 * viewers show them beside the operation) and in docs/samples.md. Each sample reads the service's
 * address and the API key from INVOICE_API_URL and INVOICE_API_KEY, as the CLI does, and
 * test/openapi/code-samples.test.ts runs every one of them against a running service.
 */
export interface CodeSample {
  readonly lang: 'Shell' | 'TypeScript' | 'Python';
  readonly label: string;
  readonly source: string;
}

const REQUEST_JSON = '{"from":{"name":"Acme GmbH","country":"DE"},"to":{"name":"Globex Ltd","country":"GB"},"items":[{"description":"Consulting","quantity":12,"unit_price":95.5,"tax_rate":19}]}';

const TS_CLIENT = `import { InvoiceClient } from '@invoice-service/client';

const client = new InvoiceClient({ baseUrl: process.env.INVOICE_API_URL!, apiKey: process.env.INVOICE_API_KEY });
const request = {
  from: { name: 'Acme GmbH', country: 'DE' },
  to: { name: 'Globex Ltd', country: 'GB' },
  items: [{ description: 'Consulting', quantity: 12, unit_price: 95.5, tax_rate: 19 }],
};
`;

const PY_SETUP = `import os
import requests

API = os.environ["INVOICE_API_URL"]
HEADERS = {"Authorization": f"Bearer {os.environ['INVOICE_API_KEY']}"}
REQUEST = {
    "from": {"name": "Acme GmbH", "country": "DE"},
    "to": {"name": "Globex Ltd", "country": "GB"},
    "items": [{"description": "Consulting", "quantity": 12, "unit_price": 95.5, "tax_rate": 19}],
}
`;

const samples = (curl: string, typescript: string, python: string): readonly CodeSample[] => [
  { lang: 'Shell', label: 'curl', source: curl },
  { lang: 'TypeScript', label: 'TypeScript client', source: TS_CLIENT + typescript },
  { lang: 'Python', label: 'Python (requests)', source: PY_SETUP + python },
];

/** By operationId. */
export const CODE_SAMPLES: Readonly<Record<string, readonly CodeSample[]>> = {
  generateInvoice: samples(
    `# JSON (exact totals); add "output":"pdf", "ubl" or "cii" for a document, and
# "profile":"factur-x" with "output":"pdf" for a hybrid e-invoice (docs/pdf.md)
curl -sS "$INVOICE_API_URL/api/generate-invoice" \\
  -H "Authorization: Bearer $INVOICE_API_KEY" -H 'Content-Type: application/json' \\
  -d '${REQUEST_JSON}'
curl -sS -o invoice.pdf "$INVOICE_API_URL/api/generate-invoice" \\
  -H "Authorization: Bearer $INVOICE_API_KEY" -H 'Content-Type: application/json' -H 'Accept: application/pdf' \\
  -d '${REQUEST_JSON}'
`,
    `const { invoice } = await client.generateInvoice(request);
console.log(invoice.number, invoice.grand_total);
// A PDF: bytes, and the 7-day hosted link; retried with one Idempotency-Key if the network fails.
const pdf = await client.generateInvoice({ ...request, output: 'pdf' });
console.log(pdf.bytes.length, pdf.hostedUrl);
`,
    `answer = requests.post(f"{API}/api/generate-invoice", headers=HEADERS, json=REQUEST, timeout=60)
answer.raise_for_status()
invoice = answer.json()["invoice"]
print(invoice["number"], invoice["grand_total"])

pdf = requests.post(f"{API}/api/generate-invoice", headers=HEADERS, json={**REQUEST, "output": "pdf"}, timeout=60)
pdf.raise_for_status()
with open("invoice.pdf", "wb") as file:
    file.write(pdf.content)
`,
  ),
  generateInvoiceBatch: samples(
    `curl -sS "$INVOICE_API_URL/api/batch" \\
  -H "Authorization: Bearer $INVOICE_API_KEY" -H 'Content-Type: application/json' \\
  -H "Idempotency-Key: batch-$(date +%Y%m%d)-1" \\
  -d '{"invoices":[${REQUEST_JSON},${REQUEST_JSON}]}'
`,
    `const batch = await client.generateBatch({ invoices: [request, request] });
for (const result of batch.results) console.log(result.index, result.invoice?.hosted_url ?? result.error?.code);
`,
    `answer = requests.post(f"{API}/api/batch", headers=HEADERS, json={"invoices": [REQUEST, REQUEST]}, timeout=120)
answer.raise_for_status()
for result in answer.json()["results"]:
    print(result["index"], result["invoice"]["hosted_url"] if result["success"] else result["error"]["code"])
`,
  ),
  getUsage: samples(
    `curl -sS "$INVOICE_API_URL/api/auth/usage" -H "Authorization: Bearer $INVOICE_API_KEY"
`,
    `const { usage } = await client.getUsage();
console.log(usage.monthly.documents_used, usage.monthly.documents_limit);
`,
    `answer = requests.get(f"{API}/api/auth/usage", headers=HEADERS, timeout=30)
answer.raise_for_status()
monthly = answer.json()["usage"]["monthly"]
print(monthly["documents_used"], monthly["documents_limit"])
`,
  ),
  createWebhook: samples(
    `# The answer holds the signing secret, once: keep it to check X-Service-Signature, which for 24 h
# after a rotation holds two comma-separated values (sha256=<new>,sha256=<old>): accept either.
curl -sS "$INVOICE_API_URL/api/webhooks" \\
  -H "Authorization: Bearer $INVOICE_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"url":"https://hooks.example.com/invoices","events":["invoice.generated"]}'
`,
    `const { webhook } = await client.createWebhook({ url: 'https://hooks.example.com/invoices', events: ['invoice.generated'] });
console.log(webhook.id, webhook.secret);
// In the receiver, with the raw body: await verifyWebhookSignature(secret, rawBody, headers)
// (true when any of the header's comma-separated signatures matches: two for 24 h after a rotation)
`,
    `answer = requests.post(f"{API}/api/webhooks", headers=HEADERS, json={"url": "https://hooks.example.com/invoices", "events": ["invoice.generated"]}, timeout=30)
answer.raise_for_status()
webhook = answer.json()["webhook"]
print(webhook["id"], webhook["secret"])

# In the receiver (after a rotation the header holds two values for 24 h, "sha256=<new>,sha256=<old>": accept either):
# expected = ("sha256=" + hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()).encode()
# valid = any(hmac.compare_digest(expected, value.strip().encode()) for value in signature_header.split(","))
`,
  ),
};

type Json = Record<string, any>;

/** The document with each sampled operation's `x-codeSamples` (Redoc's extension, which other viewers read too). */
export function addCodeSamples(doc: Json): Json {
  for (const methods of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(methods)) {
      const samples = CODE_SAMPLES[operation.operationId as string];
      if (samples !== undefined) operation['x-codeSamples'] = samples.map(({ lang, label, source }) => ({ lang, label, source }));
    }
  }
  return doc;
}
