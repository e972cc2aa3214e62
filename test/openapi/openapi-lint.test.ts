import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { lintWithRedocly, lintWithSpectral, type LintProblem } from './lint-openapi-document.ts';
import { loadOpenApiDocument, type OpenApiDocument } from './load-openapi-document.ts';

/**
 * The document passes the two linters API users reach for first, with their default rulesets and
 * no rule switched off: redocly `recommended` and spectral `spectral:oas`, so a user who runs
 * either on the document sees no error or warning.
 */
describe('the OpenAPI document is lint-clean', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  before(async () => {
    t = await buildTestApp();
    doc = await loadOpenApiDocument(t);
  });
  after(async () => { await t.close(); });

  const show = (problems: LintProblem[]) => problems.map((p) => `${p.severity} ${p.rule} ${p.where}: ${p.message}`).join('\n');

  it('redocly recommended: 0 errors, 0 warnings', async () => {
    const problems = await lintWithRedocly(doc);
    assert.deepEqual(problems.filter((p) => p.severity === 'error' || p.severity === 'warning'), [], show(problems));
  });

  it('spectral:oas: 0 errors, 0 warnings', async () => {
    const problems = await lintWithSpectral(doc);
    assert.deepEqual(problems.filter((p) => p.severity === 'error' || p.severity === 'warning'), [], show(problems));
  });
});
