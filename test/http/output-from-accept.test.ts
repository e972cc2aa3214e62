import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CII_MEDIA_TYPE, outputFromAccept } from '../../src/http/output-from-accept.ts';

describe('outputFromAccept: the output an Accept header asks for', () => {
  const cases: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['*/*', undefined],
    ['application/*', undefined],
    ['application/json', 'json'],
    ['application/pdf', 'pdf'],
    ['Application/PDF', 'pdf'],
    ['application/xml', 'ubl'],
    [CII_MEDIA_TYPE, 'cii'],
    ['application/pdf, application/json', 'pdf'],
    ['application/json;q=0.5, application/pdf', 'pdf'],
    ['application/pdf;q=0, application/json', 'json'],
    ['application/xml;q=0.9, application/pdf;q=0.9', 'ubl'],
    // Browsers: text/html comes first, so the JSON default stays.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', undefined],
    ['text/plain', undefined],
    ['application/pdf;q=abc', undefined],
    ['', undefined],
  ];
  for (const [accept, output] of cases) {
    it(`${JSON.stringify(accept)} → ${output ?? 'no choice'}`, () => assert.equal(outputFromAccept(accept), output));
  }
});
