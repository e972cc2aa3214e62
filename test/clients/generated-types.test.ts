import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildOpenApiDocument, GENERATED_TYPES_URL, generateTypes, REGENERATE_COMMAND } from '../../clients/typescript/scripts/generate-types.ts';

describe('the client\'s generated types', () => {
  it('are those of the service\'s OpenAPI document as it is now', async () => {
    const fresh = await generateTypes(await buildOpenApiDocument());
    const committed = readFileSync(GENERATED_TYPES_URL, 'utf8');
    // Not deepEqual on 4,000 lines: the message says what to do, not the whole diff.
    const firstDifference = [...fresh.split('\n').entries()].find(([index, line]) => committed.split('\n')[index] !== line);
    assert.ok(fresh === committed, `clients/typescript/src/generated/openapi.ts is stale: the OpenAPI document changed. Run \`${REGENERATE_COMMAND}\` from the repository root, then the client's typecheck. First differing line: ${firstDifference === undefined ? 'past the end' : `${firstDifference[0] + 1}: ${firstDifference[1].trim()}`}`);
  });
});
