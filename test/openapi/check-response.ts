import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenApiDocument } from './load-openapi-document.ts';

/** Headers worth declaring: each one the service sends must be in the document for that answer. */
const NOTABLE_HEADER = /^(x-request-id|x-ratelimit-.*|retry-after|idempotent-replayed|x-hosted-url|x-warnings|content-disposition|allow)$/;

/**
 * Checks a real answer against the document, as a generated client would rely on it: the status
 * is declared for the operation, the media type too, a JSON body validates against its schema
 * (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 says), and every notable header sent is declared.
 * Returns the operation's id and status, so a suite can show it covered every operation.
 */
export function responseChecker(doc: OpenApiDocument): (method: string, path: string, res: LightMyRequestResponse) => string {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  ajvFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  return (method, path, res) => {
    const op = doc.paths[path]?.[method.toLowerCase()];
    assert.ok(op, `${method} ${path} is in the document`);
    const status = String(res.statusCode);
    const answer = op.responses[status];
    assert.ok(answer, `${op.operationId}: status ${status} is declared (body: ${res.body.slice(0, 200)})`);
    assert.ok(res.headers['x-request-id'], `${op.operationId} ${status}: X-Request-Id`);
    const sent = Object.keys(res.headers).filter((h) => NOTABLE_HEADER.test(h));
    const declared = Object.keys(answer.headers ?? {}).map((h) => h.toLowerCase());
    assert.deepEqual(sent.filter((h) => !declared.includes(h)), [], `${op.operationId} ${status}: headers sent but not declared`);
    const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    assert.ok(answer.content?.[mediaType], `${op.operationId} ${status}: ${mediaType} is declared (declared: ${Object.keys(answer.content ?? {})})`);
    if (mediaType === 'application/json') {
      const validate = ajv.getSchema(`openapi.json#/${pointer('paths', path, method.toLowerCase(), 'responses', status, 'content', mediaType, 'schema')}`)!;
      assert.ok(validate(res.json()), `${op.operationId} ${status}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
    }
    return `${op.operationId} ${status}`;
  };
}
