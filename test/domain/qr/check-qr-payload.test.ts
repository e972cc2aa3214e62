import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkQrPayload, isQrType } from '../../../src/domain/qr/check-qr-payload.ts';
import { assertAppError, pix, promptpay, sepa } from './qr-fixtures.ts';

describe('checkQrPayload accepts each type (D25)', () => {
  const cases: Array<[string, string, string]> = [
    ['url', 'https', 'https://example.com/pay?invoice=INV-1&amount=12.30'],
    ['url', 'http with port and fragment', 'http://pay.example.com:8080/i/abc#top'],
    ['url', 'percent-encoded path', 'https://example.com/pay/INV%2042'],
    ['url', 'upper-case scheme', 'HTTPS://EXAMPLE.COM/'],
    ['url', '2048 characters', `https://example.com/${'a'.repeat(2048 - 20)}`],
    ['upi', 'payee only', 'upi://pay?pa=shop@okaxis'],
    ['upi', 'full intent', 'upi://pay?pa=shop.name-1@ybl&pn=Shop%20Name&am=1250.00&cu=INR&tn=INV-1'],
    ['upi', 'integer amount', 'upi://pay?pa=shop@paytm&am=100'],
    ['upi', 'upper-case scheme', 'UPI://PAY?pa=shop@okaxis'],
    ['upi', 'Devanagari payee name', 'upi://pay?pa=shop@okaxis&pn=राम'],
    ['pix', 'built payload', pix()],
    ['promptpay', 'built payload', promptpay()],
    ['sepa', 'EPC payload', sepa()],
    ['text', 'one word', 'Hello'],
    ['text', 'multi-line Japanese', 'お支払いありがとうございます\n請求書 INV-1'],
    ['text', '1000 ASCII bytes', 't'.repeat(1000)],
  ];
  for (const [type, label, value] of cases) {
    it(`${type}: ${label}`, () => checkQrPayload(type, value));
  }
});

describe('checkQrPayload refuses (D25)', () => {
  const cases: Array<[string, string, string, string]> = [
    ['url', 'ftp', 'ftp://example.com/file', 'not an absolute http(s) URL'],
    ['url', 'javascript', 'javascript:alert(1)', 'not an absolute http(s) URL'],
    ['url', 'relative', '/pay/INV-1', 'not an absolute http(s) URL'],
    ['url', 'no slashes', 'http:example.com', 'not an absolute http(s) URL'],
    ['url', 'no host', 'https://', 'not an absolute http(s) URL'],
    ['url', 'bad port', 'https://example.com:99999/', 'not an absolute http(s) URL'],
    ['url', 'a space', 'https://example.com/pay INV', 'contains spaces, control or non-ASCII'],
    ['url', 'surrounding space', ' https://example.com/', 'contains spaces'],
    ['url', 'a line break', 'https://example.com/\npay', 'contains spaces'],
    ['url', 'non-ASCII', 'https://example.com/café', 'percent-encoded'],
    ['url', '2049 characters', `https://example.com/${'a'.repeat(2049 - 20)}`, 'is 2049 characters; send a URL of at most 2048'],
    ['upi', 'wrong scheme', 'https://pay?pa=shop@okaxis', 'must be a UPI payment URI starting with upi://pay?'],
    ['upi', 'collect instead of pay', 'upi://collect?pa=shop@okaxis', 'starting with upi://pay?'],
    ['upi', 'no pa', 'upi://pay?pn=Shop&am=10', 'has no payee address; add pa='],
    ['upi', 'empty pa', 'upi://pay?pa=&pn=Shop', 'has no payee address'],
    ['upi', 'pa without handle', 'upi://pay?pa=9876543210', 'has a pa that is not a UPI address'],
    ['upi', 'pa with two @', 'upi://pay?pa=a@b@c', 'not a UPI address'],
    ['upi', 'amount with comma', 'upi://pay?pa=shop@okaxis&am=1,250', 'has an am that is not an amount'],
    ['upi', 'amount with 3 decimals', 'upi://pay?pa=shop@okaxis&am=1.234', 'has an am that is not an amount'],
    ['upi', 'negative amount', 'upi://pay?pa=shop@okaxis&am=-5', 'has an am'],
    ['upi', 'currency USD', 'upi://pay?pa=shop@okaxis&cu=USD', 'has a cu other than INR'],
    ['upi', 'over 1000 bytes', `upi://pay?pa=shop@okaxis&tn=${'x'.repeat(1000)}`, 'send a UPI URI of at most 1000'],
    ['text', 'blank', ' \n\t', 'is blank'],
    ['text', '1001 ASCII bytes', 't'.repeat(1001), 'is 1001 bytes in UTF-8; send at most 1000'],
    ['text', '334 CJK characters (1002 bytes)', '請'.repeat(334), 'is 1002 bytes in UTF-8'],
    ['pix', 'a URL', 'https://example.com', 'not an EMVCo payload'],
    ['promptpay', 'a Pix payload', pix(), 'has no PromptPay merchant account'],
    ['sepa', 'an EMV payload', pix(), 'has 1 line;'],
  ];
  for (const [type, label, value, fragment] of cases) {
    it(`${type}: ${label}`, () => assertAppError(() => checkQrPayload(type, value), 'validation_error', 'payment.qr.value', fragment));
  }
});

describe('checkQrPayload type backstop (D25)', () => {
  for (const type of ['bitcoin', 'URL', '', 'sepa ']) {
    it(`${JSON.stringify(type)} is invalid_qr_type listing the six types`, () => {
      assertAppError(() => checkQrPayload(type, 'x'), 'invalid_qr_type', 'payment.qr.type', 'upi, pix, sepa, promptpay, url, text');
    });
  }
  it('isQrType knows exactly the six', () => {
    assert.deepEqual(['upi', 'pix', 'sepa', 'promptpay', 'url', 'text', 'other'].map(isQrType), [true, true, true, true, true, true, false]);
  });
});
