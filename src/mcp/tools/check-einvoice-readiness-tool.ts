import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Type from 'typebox';
import type { EInvoiceProblem } from '../../domain/einvoice/einvoice-problem.ts';
import { OUTPUTS, PROFILES } from '../../domain/invoice/catalog.ts';
import type { Throttle, ThrottleRule } from '../../domain/limits/throttle.ts';
import { AppError, isAppError } from '../../errors/app-error.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import { computeCallerInvoice } from '../../use-cases/invoices/compute-caller-invoice.ts';
import { invoiceTool } from '../invoice-tool.ts';
import type { McpTool } from '../mcp-tool.ts';

/**
 * Checks per account and minute. Not a generation, so not in the generation windows nor metered, but
 * computing an invoice of up to 8 MB is work the caller asks for; this bounds it.
 */
export const READINESS_CHECK_RULE: ThrottleRule = Object.freeze({ limit: 120, windowS: 60 });

/**
 * check_einvoice_readiness: the D39 pre-flight alone. The request is read, its codes checked and
 * its invoice computed as a generation does (computeCallerInvoice), but nothing is admitted,
 * numbered, stored, metered or announced, and the answer carries no totals: only whether the
 * profile's data is complete, with every problem. So it is no unmetered totals endpoint (D44).
 */
export function checkEInvoiceReadinessTool(throttle: Throttle): McpTool {
  return invoiceTool({
    name: 'check_einvoice_readiness',
    title: 'Check e-invoice readiness for a profile',
    description: `Checks, without generating, whether an invoice request has everything an e-invoice profile needs (en16931, peppol, xrechnung, factur-x): the same pre-flight generate_invoice runs before a number is drawn. Answers ready, or every problem as {field, term, message} (term = the EN 16931 business term, e.g. BT-10). Nothing is numbered, stored or metered, and no totals are answered; at most ${READINESS_CHECK_RULE.limit} checks a minute per account. A request that is invalid in itself (a wrong field, totals that cannot be computed) is a tool error, as it would be for generate_invoice.`,
    argumentsDescription: 'The body of POST /api/generate-invoice, with the profile to check (required).',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    extras: Type.Object({
      profile: StringEnum(PROFILES, { description: 'The e-invoice profile to check the request against: en16931, peppol, xrechnung or factur-x.' }),
      output: Type.Optional(StringEnum(OUTPUTS, { description: 'The output it will be generated as: json (default) checks every syntax the profile has; ubl, cii, or pdf for a hybrid PDF (factur-x, xrechnung) check that one and its pairing with the profile.' })),
    }),
    async act(body, { profile, output = 'json' }, call) {
      const counted = await throttle.hit(`mcp-readiness:${call.caller.accountId}`, READINESS_CHECK_RULE, call.nowMs);
      if (!counted.allowed) {
        throw new AppError('rate_limit_exceeded', `Too many readiness checks: at most ${READINESS_CHECK_RULE.limit} a minute per account; try again in ${counted.retryAfterS} seconds.`, { retryAfterS: counted.retryAfterS });
      }
      try {
        computeCallerInvoice({ ...body, output, profile }, call.caller, call.nowMs);
      } catch (error) {
        if (isAppError(error) && error.code === 'e_invoice_incomplete') return readiness(profile, output, error.details?.problems as EInvoiceProblem[]);
        throw error;
      }
      return readiness(profile, output, []);
    },
  });
}

function readiness(profile: string, output: string, problems: readonly EInvoiceProblem[]): CallToolResult {
  const ready = problems.length === 0;
  const head = ready
    ? `Ready: the request meets what profile ${profile} needs for output ${output}; generate_invoice will not refuse it for its e-invoice data.`
    : `Not ready for profile ${profile} (output ${output}): ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}.`;
  const lines = problems.map((p) => `- ${p.field} (${p.term}): ${p.message}`);
  return {
    content: [{ type: 'text', text: [head, ...lines].join('\n') }],
    structuredContent: { profile, output, ready, problems: problems.map(({ field, term, message }) => ({ field, term, message })) },
  };
}
