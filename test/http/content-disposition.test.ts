import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentDisposition } from '../../src/http/content-disposition.ts';

// RFC 6266 with RFC 8187: filename="<token chars>"; filename*=UTF-8''<percent-encoded attr-chars>.
const PARTS = /^(inline|attachment); filename="([^"]*)"(?:; filename\*=UTF-8''(.*))?$/;
// attr-char of RFC 8187 plus %XX escapes; notably no quote, apostrophe, parenthesis, star or space.
const EXT_VALUE = /^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/;

function parse(header: string): { kind: string; fileName: string; extended: string | undefined } {
  const match = PARTS.exec(header);
  assert.ok(match, `unexpected header shape: ${JSON.stringify(header)}`);
  return { kind: match[1]!, fileName: match[2]!, extended: match[3] };
}

/** The whole value is printable ASCII: no control characters, no raw non-ASCII. */
function assertSafeHeader(header: string): void {
  assert.match(header, /^[\x20-\x7e]*$/, JSON.stringify(header));
  assert.doesNotMatch(header, /[\r\n\0]/);
}

describe('contentDisposition', () => {
  it('gives plain ASCII names as they are, in quotes, without filename*', () => {
    for (const [kind, name] of [
      ['inline', 'invoice-INV-2026-00001.pdf'],
      ['attachment', 'invoice-INV-2026-00001.pdf'],
      ['inline', 'invoice-A_b.c-9.xml'],
    ] as const) {
      const header = contentDisposition(kind, name);
      assert.equal(header, `${kind}; filename="${name}"`);
      assertSafeHeader(header);
    }
    assert.equal(contentDisposition('inline', 'invoice-INV-2026-00001.pdf'), 'inline; filename="invoice-INV-2026-00001.pdf"');
  });

  const awkward: readonly string[] = [
    'invoice-Rechnung Nr. 5/ä"x.pdf',
    'invoice-a"b.pdf',
    'invoice-a\\b.pdf',
    'invoice-a\\".pdf',
    'invoice-a;b.pdf',
    'invoice-a; filename="evil.exe".pdf',
    'invoice-a\r\nSet-Cookie: x=1.pdf',
    'invoice-a\nb\rc\td\0e.pdf',
    "invoice-O'Brien (2) *final*.pdf",
    'invoice-50% off&more=+.pdf',
    'invoice-فاتورة-١٢٣.pdf',
    'invoice-चालान-०१.pdf',
    'invoice-請求書-2026.pdf',
    'invoice-😀-emoji.pdf',
    'invoice-a b.pdf',
    'invoice-%41%0D%0A.pdf',
    "invoice-UTF-8''x.pdf",
    'invoice-ñ.pdf'.normalize('NFD'),
  ];

  for (const name of awkward) {
    it(`keeps ${JSON.stringify(name)} safe in filename and exact in filename*`, () => {
      const header = contentDisposition('inline', name);
      assertSafeHeader(header);
      const { kind, fileName, extended } = parse(header);
      assert.equal(kind, 'inline');
      assert.match(fileName, /^[A-Za-z0-9._-]+$/);
      // One stand-in character per UTF-16 unit, so the ASCII name keeps its shape and extension.
      assert.equal(fileName.length, name.length);
      assert.ok(fileName.endsWith('.pdf'));
      assert.ok(extended !== undefined, 'filename* is present when the name is not plain');
      assert.match(extended, EXT_VALUE);
      assert.equal(decodeURIComponent(extended), name);
    });
  }

  it('replaces each disallowed character with "_" and keeps the allowed ones', () => {
    assert.equal(
      contentDisposition('attachment', 'invoice-Rechnung Nr. 5/ä"x.pdf'),
      `attachment; filename="invoice-Rechnung_Nr._5___x.pdf"; filename*=UTF-8''invoice-Rechnung%20Nr.%205%2F%C3%A4%22x.pdf`,
    );
  });

  it('percent-encodes the characters encodeURIComponent leaves but RFC 8187 forbids', () => {
    const header = contentDisposition('inline', "a'b(c)d*e.pdf");
    assert.equal(header, `inline; filename="a_b_c_d_e.pdf"; filename*=UTF-8''a%27b%28c%29d%2Ae.pdf`);
  });

  it('uses no filename* at all when the name is already plain (a browser would prefer it)', () => {
    assert.doesNotMatch(contentDisposition('inline', 'invoice-1.pdf'), /filename\*/);
  });
});

describe('contentDisposition with a lone surrogate (valid in a JSON string)', () => {
  it('does not throw: the surrogate becomes U+FFFD in filename*', () => {
    const value = contentDisposition('inline', 'invoice-A\uD800b.pdf');
    assert.equal(value, `inline; filename="invoice-A_b.pdf"; filename*=UTF-8''invoice-A%EF%BF%BDb.pdf`);
  });
});
