import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeEmail } from '../../../src/domain/accounts/normalize-email.ts';

describe('normalizeEmail', () => {
  const accepted: Array<[string, unknown, string]> = [
    ['plain', 'ann@example.com', 'ann@example.com'],
    ['upper-case domain is lowered', 'ann@EXAMPLE.COM', 'ann@example.com'],
    ['local part case is kept', 'Ann.Smith@Example.com', 'Ann.Smith@example.com'],
    ['surrounding spaces and newlines trimmed', '  ann@example.com \n', 'ann@example.com'],
    ['plus tag and subdomain', 'ann+invoices@mail.example.co.uk', 'ann+invoices@mail.example.co.uk'],
    ['dot-atom symbols', "o'brien!#$%&*/=?^_`{|}~-@example.com", "o'brien!#$%&*/=?^_`{|}~-@example.com"],
    ['hyphen and digits in labels', 'a@my-host2.example9.com', 'a@my-host2.example9.com'],
    ['IDN domain becomes punycode', 'kunde@bücher.de', 'kunde@xn--bcher-kva.de'],
    ['upper-case IDN domain is lowered first', 'kunde@BÜCHER.DE', 'kunde@xn--bcher-kva.de'],
    ['non-Latin IDN', 'user@例え.テスト', 'user@xn--r8jz45g.xn--zckzah'],
    ['64-character local part', `${'a'.repeat(64)}@example.com`, `${'a'.repeat(64)}@example.com`],
    ['63-character label', `a@${'b'.repeat(63)}.com`, `a@${'b'.repeat(63)}.com`],
    ['254 characters in all', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`, `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`],
  ];
  for (const [name, input, email] of accepted) {
    it(`accepts: ${name}`, () => {
      assert.deepEqual(normalizeEmail(input), { ok: true, email });
    });
  }

  const refused: Array<[string, unknown, RegExp]> = [
    ['not a string', 42, /must be a string/],
    ['null', null, /must be a string/],
    ['empty', '', /empty/],
    ['only spaces', '   ', /empty/],
    ['no @', 'ann.example.com', /exactly one @/],
    ['two @', 'ann@bob@example.com', /exactly one @/],
    ['empty local part', '@example.com', /nothing before the @/],
    ['empty domain', 'ann@', /no domain after the @/],
    ['255 characters in all', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`, /too long.*254/],
    ['a megabyte', `${'a'.repeat(1_000_000)}@example.com`, /too long/],
    ['65-character local part', `${'a'.repeat(65)}@example.com`, /before the @ is too long.*64/],
    ['64-character label', `a@${'b'.repeat(64)}.com`, /longer than 63/],
    ['space inside', 'ann smith@example.com', /spaces or control characters/],
    ['tab inside', 'ann\t@example.com', /spaces or control characters/],
    ['NUL inside', 'ann\u0000@example.com', /spaces or control characters/],
    ['CR LF (header injection)', 'ann@example.com\r\nBcc: x@evil.test', /spaces or control characters/],
    ['DEL inside', 'ann\u007f@example.com', /spaces or control characters/],
    ['no-break space inside', 'ann\u00a0x@example.com', /spaces or control characters/],
    ['domain without a dot', 'ann@localhost', /must contain a dot/],
    ['trailing dot in domain', 'ann@example.com.', /empty part/],
    ['leading dot in domain', 'ann@.example.com', /empty part/],
    ['two dots in domain', 'ann@example..com', /empty part/],
    ['label starting with a hyphen', 'ann@-example.com', /not starting or ending with a hyphen/],
    ['underscore in domain', 'ann@my_host.example.com', /only letters, digits, hyphens and dots/],
    ['percent in an IDN domain', 'ann@bü%63her.de', /only letters, digits, hyphens and dots/],
    ['IP address literal', 'ann@[127.0.0.1]', /only letters, digits, hyphens and dots/],
    ['dotted IP address', 'ann@127.0.0.1', /not an IP address/],
    ['IDN that IDNA forbids (bidi override)', 'ann@ex\u202eample.de', /only letters, digits, hyphens and dots/],
    ['comma in local part (would split a To: header)', 'ann,bob@example.com', /before the @ may contain only/],
    ['angle bracket in local part', 'ann<x>@example.com', /before the @ may contain only/],
    ['quoted local part', '"ann"@example.com', /before the @ may contain only/],
    ['leading dot in local part', '.ann@example.com', /before the @ may contain only/],
    ['two dots in local part', 'ann..smith@example.com', /before the @ may contain only/],
    ['non-ASCII local part', 'jörg@example.com', /before the @ may contain only/],
  ];
  for (const [name, input, expected] of refused) {
    it(`refuses: ${name}`, () => {
      const result = normalizeEmail(input);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.match(result.message, expected);
      assert.match(result.message, /^email\b/, 'the message names the field');
      assert.match(result.message, /[:.]/);
    });
  }
});
