import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';
import { CreateWebhookRequestSchema } from '../../src/schemas/webhook.ts';
import { DeliveryListQuerySchema } from '../../src/schemas/webhook-delivery.ts';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { pdfAttachments } from '../helpers/pdf-tools.ts';
import { ALLOW_LOCALHOST } from '../helpers/webhook-helpers.ts';
import { callTool, connectMcp, textOf, type Json } from './mcp-helpers.ts';

const TOOLS = [
  'compute_invoice', 'generate_invoice', 'check_einvoice_readiness', 'inspect_einvoice', 'list_webhooks', 'get_webhook', 'create_webhook', 'delete_webhook',
  'list_webhook_deliveries', 'redeliver_webhook_delivery', 'send_test_webhook', 'rotate_webhook_secret', 'enable_webhook',
];
/** Nothing listens here: registration only resolves the name, which ALLOW_LOCALHOST exempts. */
const HOOK = 'https://localhost:8443/mcp-hooks';
/** TypeBox keeps its markers under symbol keys; the listing is the schema as JSON. */
const asJson = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;
const noLink = (request: Json): Json => ({ ...request, features: { hosted_link: false } });

for (const postgres of [false, true]) {
  describe(`MCP tools over /mcp on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    let ctx: AccountsApp;
    let baseUrl: string;
    let apiKey: string;
    let client: Client;
    before(async () => {
      ctx = await startAccountsApp({ postgres, env: ALLOW_LOCALHOST });
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      apiKey = (await signUpWithKey(ctx, 'mcp-tools')).apiKey;
      client = await connectMcp(baseUrl, apiKey);
    });
    after(async () => {
      await client?.close();
      await ctx?.close();
    });

    /** A hosted link points at PUBLIC_URL; the test server listens elsewhere. */
    const onTestServer = (link: string): string => {
      const url = new URL(link);
      return `${baseUrl}${url.pathname}${url.search}`;
    };

    it('lists every tool, each with an object input schema taken from the TypeBox schemas', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name), TOOLS);
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.ok(typeof tool.description === 'string' && tool.description.length > 40, `${tool.name} is described`);
      }
      const byName = new Map(tools.map((tool) => [tool.name, tool.inputSchema as Json]));
      const invoiceFields = asJson(InvoiceRequestSchema).properties as Json;
      for (const name of ['compute_invoice', 'generate_invoice', 'check_einvoice_readiness']) {
        const schema = byName.get(name)!;
        assert.deepEqual(schema.properties.items, invoiceFields.items, `${name}: items is the request schema's`);
        assert.deepEqual(schema.properties.from, invoiceFields.from, `${name}: from is the request schema's`);
        assert.ok(['from', 'to', 'items'].every((field) => (schema.required as string[]).includes(field)), `${name} requires from, to, items`);
      }
      assert.deepEqual(byName.get('generate_invoice')!.properties.output.enum, ['pdf', 'ubl', 'cii']);
      assert.equal(byName.get('generate_invoice')!.properties.idempotency_key.maxLength, 255);
      assert.deepEqual(byName.get('compute_invoice')!.properties.output.enum, ['json']);
      assert.ok((byName.get('check_einvoice_readiness')!.required as string[]).includes('profile'), 'readiness needs a profile');
      assert.deepEqual(byName.get('create_webhook'), asJson(CreateWebhookRequestSchema));
      for (const name of ['get_webhook', 'delete_webhook', 'send_test_webhook', 'rotate_webhook_secret', 'enable_webhook']) {
        assert.deepEqual(Object.keys(byName.get(name)!.properties), ['id'], name);
      }
      assert.deepEqual(byName.get('list_webhook_deliveries')!.properties.status, asJson(DeliveryListQuerySchema).properties.status, 'the log\'s status filter is the route\'s');
      assert.deepEqual(byName.get('redeliver_webhook_delivery')!.required, ['id', 'delivery_id']);
    });

    it('compute_invoice answers the invoice and meta as structured content and as JSON text, as the API computes them', async () => {
      const result = await callTool(client, 'compute_invoice', noLink(validInvoice()));
      assert.equal(result.isError, undefined, textOf(result));
      const answer = result.structuredContent as Json;
      assert.deepEqual(JSON.parse(textOf(result)), answer, 'the text is the structured content as JSON');
      assert.match(answer.invoice.number, /^INV-\d{4}-\d{5}$/);
      assert.match(answer.meta.request_id, /^req_/);
      assert.equal(answer.meta.monthly.documents_limit, null, 'unlimited test plan');
      const http = await generateInvoice(ctx.app, noLink(validInvoice()), bearer(apiKey));
      assert.equal(http.statusCode, 200, http.body);
      const served = (http.json() as Json).invoice as Json;
      assert.deepEqual({ ...answer.invoice, number: served.number }, served, 'the same invoice as POST /api/generate-invoice but its number');
    });

    it('generate_invoice: a hybrid PDF answers its hosted link, which serves the factur-x PDF', async () => {
      const result = await callTool(client, 'generate_invoice', { ...validInvoice(), output: 'pdf', profile: 'factur-x' });
      assert.equal(result.isError, undefined, textOf(result));
      const link = result.content.find((item) => item.type === 'resource_link');
      assert.ok(link?.type === 'resource_link', JSON.stringify(result.content).slice(0, 300));
      assert.match(textOf(result), /^Generated invoice\.pdf \(application\/pdf, \d+ bytes\)\.\nHosted link, valid 7 days: http/);
      assert.equal((result.structuredContent as Json).hosted_url, link.uri);
      assert.equal(result.content.some((item) => item.type === 'resource'), false, 'a linked PDF is not embedded');
      const pdf = await fetch(onTestServer(link.uri));
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
      assert.deepEqual((await pdfAttachments(bytes)).map((a) => a.name), ['factur-x.xml'], 'the hosted PDF is the hybrid (D40)');
    });

    it('generate_invoice: UBL and CII come back as embedded XML with their root element, and the hosted link', async () => {
      for (const [output, root] of [['ubl', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"'], ['cii', '<rsm:CrossIndustryInvoice ']] as const) {
        const result = await callTool(client, 'generate_invoice', { ...validInvoice(), output });
        assert.equal(result.isError, undefined, textOf(result));
        const embedded = result.content.find((item) => item.type === 'resource');
        assert.ok(embedded?.type === 'resource' && 'text' in embedded.resource, `${output}: ${JSON.stringify(result.content).slice(0, 300)}`);
        assert.equal(embedded.resource.mimeType, 'application/xml');
        const xml = embedded.resource.text as string;
        assert.ok(xml.startsWith('<?xml'), `${output} starts with the XML declaration`);
        assert.ok(xml.slice(0, 300).includes(root), `${output}: root element in ${xml.slice(0, 200)}`);
        assert.ok(result.content.some((item) => item.type === 'resource_link'), `${output}: hosted link`);
        assert.equal((result.structuredContent as Json).bytes, Buffer.byteLength(xml));
      }
    });

    it('generate_invoice: a PDF without a hosted link is embedded as a base64 blob, and says so', async () => {
      const result = await callTool(client, 'generate_invoice', noLink(validInvoice()));
      assert.equal(result.isError, undefined, textOf(result));
      assert.match(textOf(result), /No hosted link \(features\.hosted_link is false\): the PDF is embedded/);
      const embedded = result.content.find((item) => item.type === 'resource');
      assert.ok(embedded?.type === 'resource' && 'blob' in embedded.resource);
      assert.equal(embedded.resource.mimeType, 'application/pdf');
      assert.equal(Buffer.from(embedded.resource.blob as string, 'base64').subarray(0, 5).toString('latin1'), '%PDF-');
      assert.equal((result.structuredContent as Json).hosted_url, null);
    });

    it('check_einvoice_readiness: ready, or every problem with field and term, drawing no number and metering nothing (D39)', async () => {
      const usage = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: bearer(apiKey) })).json() as Json).usage;
      const before = await usage();
      const ready = await callTool(client, 'check_einvoice_readiness', { ...validInvoice(), profile: 'en16931' });
      assert.equal(ready.isError, undefined, textOf(ready));
      assert.deepEqual(ready.structuredContent, { profile: 'en16931', output: 'json', ready: true, problems: [] });
      assert.match(textOf(ready), /^Ready: /);
      const notReady = await callTool(client, 'check_einvoice_readiness', { ...validInvoice(), profile: 'xrechnung' });
      assert.equal(notReady.isError, undefined, 'not ready is an answer, not an error');
      const answer = notReady.structuredContent as Json;
      assert.equal(answer.ready, false);
      assert.ok(answer.problems.some((p: Json) => p.field === 'invoice.buyer_reference' && p.term === 'BT-10'), JSON.stringify(answer.problems));
      for (const problem of answer.problems as Json[]) assert.ok(textOf(notReady).includes(`- ${problem.field} (${problem.term}): ${problem.message}`));
      assert.equal('invoice' in answer, false, 'no totals (D44)');
      // The same problems as generate_invoice refuses with, without generating.
      const refused = await callTool(client, 'generate_invoice', { ...validInvoice(), output: 'ubl', profile: 'xrechnung' });
      assert.equal(refused.isError, true);
      assert.deepEqual((refused.structuredContent as Json).error.problems, answer.problems);
      assert.match(textOf(refused), /^e_invoice_incomplete: The xrechnung e-invoice cannot be made/);
      assert.deepEqual(await usage(), before, 'neither the check nor the refusal counted or metered anything');
      const pairing = await callTool(client, 'check_einvoice_readiness', { ...validInvoice(), profile: 'peppol', output: 'pdf' });
      assert.equal(pairing.isError, true);
      assert.equal((pairing.structuredContent as Json).error.code, 'invalid_profile');
    });

    it('inspect_einvoice: a received document checked and read, metered as one document; not an e-invoice is a tool error', async () => {
      const usage = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: bearer(apiKey) })).json() as Json).usage.monthly;
      const ubl = (await ctx.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: bearer(apiKey), payload: noLink({ ...validInvoice(), output: 'ubl' }) })).body;
      const before = await usage();
      const result = await callTool(client, 'inspect_einvoice', { document_base64: Buffer.from(ubl).toString('base64') });
      assert.equal(result.isError, undefined, textOf(result));
      const answer = result.structuredContent as Json;
      assert.equal(answer.document.syntax, 'ubl');
      assert.equal(answer.verdict.valid, true);
      assert.equal(answer.totals.agree, true);
      assert.match(textOf(result), /^UBL invoice, profile en16931: valid; totals agree\./);
      assert.equal((await usage()).documents_used - before.documents_used, 1);
      const refused = await callTool(client, 'inspect_einvoice', { document_base64: Buffer.from('<!DOCTYPE x><x/>').toString('base64') });
      assert.equal(refused.isError, true);
      assert.equal((refused.structuredContent as Json).error.code, 'invalid_document');
    });

    it('check_einvoice_readiness is bounded per account: the 121st check in a minute is rate_limit_exceeded with retry_after_s; another account is not', async () => {
      const own = await signUpWithKey(ctx, 'mcp-readiness-limit');
      const limited = await connectMcp(baseUrl, own.apiKey);
      const other = await connectMcp(baseUrl, (await signUpWithKey(ctx, 'mcp-readiness-other')).apiKey);
      try {
        const check = (c: Client) => callTool(c, 'check_einvoice_readiness', { ...validInvoice(), profile: 'en16931' });
        // The window is a fixed minute: the checks before a refusal can span its end, so count until the first refusal.
        let allowed = 0;
        let refused: Json | undefined;
        while (refused === undefined && allowed <= 240) {
          const result = await check(limited);
          if (result.isError === true) refused = result as Json;
          else allowed += 1;
        }
        assert.ok(refused !== undefined, 'a refusal came');
        assert.ok(allowed >= 120, `at least the 120 of one window were allowed, got ${allowed}`);
        assert.equal(refused.structuredContent.error.code, 'rate_limit_exceeded');
        assert.ok(refused.structuredContent.error.retry_after_s >= 1 && refused.structuredContent.error.retry_after_s <= 60);
        assert.match(textOf(refused as never), /^rate_limit_exceeded: Too many readiness checks: at most 120 a minute per account/);
        assert.equal((await check(other)).isError, undefined, 'counted per account');
      } finally {
        await limited.close();
        await other.close();
      }
    });

    it('an invalid call is a tool error naming the field, with the API\'s code and message', async () => {
      const bad = { ...validInvoice(), items: [{ description: 'Consulting', quantity: 'ten' }] };
      const result = await callTool(client, 'generate_invoice', bad);
      assert.equal(result.isError, true);
      const http = await generateInvoice(ctx.app, { ...bad, output: 'pdf' }, bearer(apiKey));
      assert.equal(http.statusCode, 400);
      const apiError = (http.json() as Json).error as Json;
      assert.match(apiError.message, /^items\[0\]\.quantity /);
      assert.equal(textOf(result), `validation_error: ${apiError.message}`);
      assert.deepEqual(result.structuredContent, { error: { code: 'validation_error', message: apiError.message } });

      const { to: _to, ...withoutBuyer } = validInvoice();
      const missing = await callTool(client, 'compute_invoice', withoutBuyer);
      assert.equal(textOf(missing), 'validation_error: to is required: add it to the request arguments.');
      const output = await callTool(client, 'generate_invoice', { ...validInvoice(), output: 'json' });
      assert.equal((output.structuredContent as Json).error.code, 'invalid_output');
      assert.match(textOf(output), /^invalid_output: output the string "json" is not supported: use one of pdf, ubl, cii\.$/);
      const url = await callTool(client, 'create_webhook', { url: '' });
      assert.equal(textOf(url), 'validation_error: url must not be empty or only white space: send its text.');
      const extra = await callTool(client, 'list_webhooks', { verbose: true });
      assert.match(textOf(extra), /^validation_error: The request arguments has a key "verbose" that is not one of its fields/);
    });

    it('unknown arguments are a tool error naming each, as the API names them; the tool\'s own arguments are not unknown (D46)', async () => {
      const misspelt = { ...validInvoice(), invoice: { date: '2026-11-02', curency: 'EUR' }, global_tx: 19, idempotency_key: 'mcp-typo-1' };
      const result = await callTool(client, 'generate_invoice', misspelt);
      assert.equal(result.isError, true);
      const unknown = [{ field: 'invoice.curency', did_you_mean: 'invoice.currency' }, { field: 'global_tx', did_you_mean: 'global_tax' }];
      assert.deepEqual((result.structuredContent as Json).error.unknown_fields, unknown, 'idempotency_key is the tool\'s own');
      assert.match(textOf(result), /^validation_error: invoice\.curency is not a field; did you mean invoice\.currency\? global_tx is not a field; did you mean global_tax\?/);
      const http = await generateInvoice(ctx.app, { ...misspelt, idempotency_key: undefined }, bearer(apiKey));
      assert.deepEqual((http.json() as Json).error.unknown_fields, unknown, 'the same as over HTTP');
      // compute_invoice takes no template of another tool's: its own fields only, camelCase too.
      const own = await callTool(client, 'compute_invoice', noLink({ ...validInvoice(), idempotencyKey: 'mcp-own-1', output: 'json' }));
      assert.equal(own.isError, undefined, textOf(own));
      const refused = await callTool(client, 'compute_invoice', noLink({ ...validInvoice(), idempotency_ky: 'k', profle: 'en16931' }));
      assert.deepEqual((refused.structuredContent as Json).error.unknown_fields, [
        { field: 'idempotency_ky', did_you_mean: 'idempotency_key' },
        { field: 'profle', did_you_mean: 'profile' },
      ]);
      const listed = (await client.listTools()).tools.find((tool) => tool.name === 'compute_invoice')!;
      assert.equal((listed.inputSchema as Json).additionalProperties, false, 'the listed schema says so too');
    });

    it('an unknown tool is the SDK\'s protocol error, not a tool error', async () => {
      await assert.rejects(callTool(client, 'drop_tables', {}), (error: unknown) => {
        assert.ok(error instanceof McpError);
        assert.equal(error.code, ErrorCode.InvalidParams);
        assert.match(error.message, /Tool drop_tables not found/);
        return true;
      });
    });

    it('webhooks: create (secret once), list, get, delete; another account\'s id is not_found', async () => {
      const created = await callTool(client, 'create_webhook', { url: HOOK, events: ['invoice.generated', 'batch.generated'] });
      assert.equal(created.isError, undefined, textOf(created));
      const webhook = (created.structuredContent as Json).webhook as Json;
      assert.match(webhook.id, /^wh_[0-9A-Za-z]{22}$/);
      assert.match(webhook.secret, /^whsec_/);
      assert.match(textOf(created), /shown here only/);
      const listed = await callTool(client, 'list_webhooks', {});
      const ids = ((listed.structuredContent as Json).webhooks as Json[]).map((w) => w.id);
      assert.ok(ids.includes(webhook.id));
      assert.equal(((listed.structuredContent as Json).webhooks as Json[]).some((w) => 'secret' in w), false, 'no secret in the listing');
      const got = await callTool(client, 'get_webhook', { id: webhook.id });
      assert.deepEqual((got.structuredContent as Json).webhook.events, ['invoice.generated', 'batch.generated']);

      const other = await signUpWithKey(ctx, 'mcp-other');
      const otherClient = await connectMcp(baseUrl, other.apiKey);
      try {
        for (const name of ['get_webhook', 'delete_webhook']) {
          const refused = await callTool(otherClient, name, { id: webhook.id });
          assert.equal(refused.isError, true, name);
          assert.equal((refused.structuredContent as Json).error.code, 'not_found', name);
          assert.match(textOf(refused), /^not_found: This account has no webhook "wh_/);
        }
        assert.deepEqual((await callTool(otherClient, 'list_webhooks', {})).structuredContent, { webhooks: [] });
      } finally {
        await otherClient.close();
      }
      const deleted = await callTool(client, 'delete_webhook', { id: webhook.id });
      assert.deepEqual(deleted.structuredContent, { id: webhook.id, deleted: true });
      assert.equal((await callTool(client, 'get_webhook', { id: webhook.id })).isError, true, 'gone');
    });
  });
}
