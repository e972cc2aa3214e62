import assert from 'node:assert/strict';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

export type OpenApiDocument = Record<string, any>;

/** The document exactly as a client fetches it: GET /openapi.json from the app production builds. */
export async function loadOpenApiDocument(t: TestApp): Promise<OpenApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  return res.json() as OpenApiDocument;
}

/** For a one-off look from the shell: prints the document. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const t = await buildTestApp();
  process.stdout.write(JSON.stringify(await loadOpenApiDocument(t), null, 2));
  await t.close();
}
