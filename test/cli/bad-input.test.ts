import assert from 'node:assert/strict';
import { linkSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { german } from '../helpers/einvoice-fixtures.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';
import { runInvoiceCli, writeRequest } from './run-invoice-cli.ts';

const tempDir = tempDirsRemovedAfter('invoice-cli-bad-');

describe('invoice: bad files exit 1 naming the file and the problem', () => {
  const dir = tempDir();
  const cases: { name: string; file: () => string; args?: string[]; message: RegExp }[] = [
    { name: 'a missing file', file: () => path.join(dir, 'missing.json'), message: /: file not found\n$/ },
    { name: 'a folder', file: () => dir, message: /: is a directory, not a request file\n$/ },
    { name: 'not JSON', file: () => writeRequest(dir, 'text.json', 'from: Acme'), message: /: invalid_json: The request body is not valid JSON/ },
    { name: 'an empty file', file: () => writeRequest(dir, 'empty.json', ''), message: /: invalid_json: The request body is empty/ },
    { name: 'a JSON array', file: () => writeRequest(dir, 'array.json', '[]'), message: /: validation_error: The request body must be a JSON object, not an array\./ },
    {
      name: 'an invalid field, named by its path as the API names it',
      file: () => writeRequest(dir, 'price.json', german({ items: [{ description: 'x', unit_price: 'ten' }] })),
      message: /: validation_error: items\[0\]\.unit_price must be a number \(or the same number as a decimal string, such as "12\.5"\), not the string "ten"\./,
    },
    {
      name: 'an unsupported currency, with the API\'s own code',
      file: () => writeRequest(dir, 'currency.json', german({ invoice: { ...german().invoice, currency: 'XYZ' } })),
      message: /: invalid_currency: invoice\.currency the string "XYZ" is not supported/,
    },
    {
      name: 'misspelt fields, each named with the field it most likely means, as the API names them',
      file: () => writeRequest(dir, 'typos.json', german({ invoice: { ...german().invoice, curency: 'EUR' }, items: [{ description: 'x', unit_price: 1, tax: 19 }] })),
      message: /: validation_error: invoice\.curency is not a field; did you mean invoice\.currency\? items\[0\]\.tax is not a field; did you mean items\[0\]\.tax_rate\? Correct or remove them;/,
    },
    {
      name: 'a blank item description, named',
      file: () => writeRequest(dir, 'blank.json', german({ items: [{ description: '   ', unit_price: 1 }] })),
      message: /: validation_error: items\[0\]\.description must not be empty or only white space: send its text\.\n$/,
    },
    { name: '__proto__, refused as the API refuses it', file: () => writeRequest(dir, 'proto.json', '{"__proto__": {}}'), message: /: validation_error: __proto__ is not allowed/ },
    {
      name: 'no invoice number offline',
      file: () => writeRequest(dir, 'no-number.json', german({ invoice: { date: '2026-11-02', currency: 'EUR' } })),
      message: /: validation_error: invoice\.number is required offline: add it to the request file or pass --number/,
    },
    {
      name: 'an incomplete e-invoice: the pre-flight names what is missing (D39)',
      file: () => writeRequest(dir, 'incomplete.json', { from: { name: 'A' }, to: { name: 'B' }, invoice: { number: 'X-1' }, items: [{ description: 'x', unit_price: 1 }] }),
      args: ['--output', 'cii'],
      message: /: e_invoice_incomplete: The en16931 e-invoice cannot be made: .*from\.country \(BT-40\)/,
    },
    {
      name: 'an invalid --number, judged by the schema like invoice.number',
      file: () => writeRequest(dir, 'bad-number.json', german({ invoice: { date: '2026-11-02', currency: 'EUR' } })),
      args: ['--number', 'A\u0007B'],
      message: /: validation_error: invoice\.number must not contain control characters/,
    },
  ];
  for (const { name, file, args = [], message } of cases) {
    it(name, async () => {
      const input = file();
      const run = await runInvoiceCli(['render', input, ...args]);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout.length, 0);
      assert.ok(run.stderr.startsWith(`${input}: `), run.stderr);
      assert.match(run.stderr, message);
    });
  }

  it('-o into a folder that does not exist names it', async () => {
    const out = path.join(dir, 'nowhere', 'x.pdf');
    const run = await runInvoiceCli(['render', writeRequest(dir, 'ok.json', german()), '-o', out]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`cannot write .*x\\.pdf: its folder does not exist`));
  });
});

describe('invoice render: what needs the service', () => {
  it('an explicit features.hosted_link: true renders without a link, with a note on standard error (D24)', async () => {
    const input = writeRequest(tempDir(), 'linked.json', german({ features: { hosted_link: true } }));
    const run = await runInvoiceCli(['render', input]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, `${input}: note: features.hosted_link is ignored offline: a hosted link is served by the service; \`invoice send\` makes one\n`);
    assert.equal((JSON.parse(run.stdout.toString()) as { hosted_url?: string }).hosted_url, undefined);
  });
});

describe('invoice: bad arguments exit 2 with the problem and the usage', () => {
  const cases: { name: string; args: string[]; message: RegExp }[] = [
    { name: 'no command', args: [], message: /^invoice: no command given\n\nUsage: invoice <command>/ },
    { name: 'an unknown command', args: ['draw'], message: /^invoice: "draw" is not a command/ },
    { name: 'an unknown flag', args: ['render', 'a.json', '--colour', 'red'], message: /^invoice: Unknown option '--colour'.*\n\nUsage: invoice render/ },
    { name: 'an unknown output', args: ['render', 'a.json', '--output', 'docx'], message: /^invoice: --output "docx" is not an output: use one of json, pdf, ubl, cii\n/ },
    { name: 'an unknown profile', args: ['render', 'a.json', '--profile', 'zugferd'], message: /^invoice: --profile "zugferd" is not a profile: use one of en16931, peppol, xrechnung, factur-x\n/ },
    { name: 'no input', args: ['render', '--output', 'pdf'], message: /^invoice: render needs a request file/ },
    { name: 'a flag without its value', args: ['render', 'a.json', '--output'], message: /^invoice: Option '--output <value>' argument missing/ },
    { name: 'many inputs without --out-dir', args: ['render', 'a.json', 'b.json'], message: /^invoice: 2 request files need --out-dir <dir>/ },
    { name: '--number with many inputs', args: ['render', 'a.json', 'b.json', '--out-dir', 'x', '--number', '1'], message: /^invoice: --number takes one request file/ },
    { name: '-o with --out-dir', args: ['render', 'a.json', '-o', 'a.pdf', '--out-dir', 'x'], message: /^invoice: -o and --out-dir cannot be used together/ },
    { name: 'send with two files', args: ['send', 'a.json', 'b.json'], message: /^invoice: send takes one request file, got 2\n\nUsage: invoice send/ },
  ];
  for (const { name, args, message } of cases) {
    it(name, async () => {
      const run = await runInvoiceCli(args);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, message);
    });
  }
});

describe('invoice: an output path that is one of the inputs is refused before anything is written', () => {
  const dir = tempDir();
  for (const [name, args] of [
    ['render -o the request file', (input: string) => ['render', input, '-o', input]],
    ['render -o the request file by another path', (input: string) => ['render', input, '-o', path.join(dir, '.', 'sub', '..', path.basename(input))]],
    ['send -o the request file', (input: string) => ['send', input, '-o', input]],
  ] as const) {
    it(`${name}: exit 2, the file unchanged`, async () => {
      const request = JSON.stringify(german());
      const input = writeRequest(dir, `${name.replace(/\W+/g, '-')}.json`, request);
      const run = await runInvoiceCli(args(input), { env: { INVOICE_API_URL: 'http://127.0.0.1:9' } });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /is the request file itself, which writing would destroy: choose another output file\n$/);
      assert.equal(readFileSync(input, 'utf8'), request);
    });
  }

  it('a hard link to the request file is the same file', async () => {
    const request = JSON.stringify(german());
    const input = writeRequest(dir, 'linked-source.json', request);
    const link = path.join(dir, 'linked-copy.json');
    linkSync(input, link);
    const run = await runInvoiceCli(['render', input, '-o', link]);
    assert.equal(run.code, 2, run.stderr);
    assert.equal(readFileSync(input, 'utf8'), request);
  });
});

describe('invoice: help and version', () => {
  for (const [args, start] of [[['--help'], 'Usage: invoice <command>'], [['render', '--help'], 'Usage: invoice render'], [['help', 'send'], 'Usage: invoice send']] as const) {
    it(`${args.join(' ')} prints its usage and exits 0`, async () => {
      const run = await runInvoiceCli(args);
      assert.equal(run.code, 0, run.stderr);
      assert.ok(run.stdout.toString().startsWith(start), run.stdout.toString());
    });
  }
  it('--version prints package.json\'s version', async () => {
    const run = await runInvoiceCli(['--version']);
    assert.equal(run.code, 0);
    assert.match(run.stdout.toString(), /^\d+\.\d+\.\d+\n$/);
  });
});
