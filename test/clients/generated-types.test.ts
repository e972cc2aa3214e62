import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildOpenApiDocument, GENERATED_TYPES_URL, generateTypes, REGENERATE_COMMAND } from '../../clients/typescript/scripts/generate-types.ts';
import { InvoiceClient } from '../../clients/typescript/src/index.ts';

/** The methods not named after their operationId, where the operationId reads less well in code. */
const METHOD_OF_OPERATION: Readonly<Record<string, string>> = { generateInvoiceBatch: 'generateBatch' };

describe('the client\'s generated types', () => {
  it('are those of the service\'s OpenAPI document as it is now', async () => {
    const fresh = await generateTypes(await buildOpenApiDocument());
    const committed = readFileSync(GENERATED_TYPES_URL, 'utf8');
    // Not deepEqual on 4,000 lines: the message says what to do, not the whole diff.
    const firstDifference = [...fresh.split('\n').entries()].find(([index, line]) => committed.split('\n')[index] !== line);
    assert.ok(fresh === committed, `clients/typescript/src/generated/openapi.ts is stale: the OpenAPI document changed. Run \`${REGENERATE_COMMAND}\` from the repository root, then the client's typecheck. First differing line: ${firstDifference === undefined ? 'past the end' : `${firstDifference[0] + 1}: ${firstDifference[1].trim()}`}`);
  });

  it('give every operation of the document its method on InvoiceClient', async () => {
    const document = await buildOpenApiDocument() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    const missing = operations.filter((id) => id !== undefined && typeof (InvoiceClient.prototype as unknown as Record<string, unknown>)[METHOD_OF_OPERATION[id] ?? id] !== 'function');
    assert.deepEqual(missing, [], 'add a method per operation to clients/typescript/src/invoice-client.ts (and docs/client.md)');
  });
});
