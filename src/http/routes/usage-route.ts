import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TIERS } from '../../domain/accounts/tiers.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { MonthlyUsageSchema, WindowUsageSchema } from '../../schemas/meta.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import { readUsage, type UsageDeps } from '../../use-cases/limits/read-usage.ts';
import { rateLimitsView } from '../../schemas/build-meta.ts';
import { requireVerifiedAccount, type CallerResolverDeps } from '../resolve-caller.ts';
import { ACCOUNT } from '../openapi/security-requirements.ts';
import { ANY_REQUEST } from '../openapi/error-answers.ts';

export interface UsageRouteDeps extends CallerResolverDeps, UsageDeps {
  readonly clock: () => number;
}

const UsageSchema = Type.Object({
  tier: StringEnum(TIERS),
  monthly: MonthlyUsageSchema,
  rate_limits: Type.Object({
    hourly: WindowUsageSchema,
    weekly: WindowUsageSchema,
    monthly_equivalent: Type.Unsafe<number | null>({ type: ['integer', 'null'], description: 'Weekly limit × 52 / 12, rounded down.' }),
  }),
});

/**
 * GET /api/auth/usage (beyond the spec): the figures a generation's meta carries (D22),
 * read without generating anything, so the dashboard can show the plan's state. API key or
 * session of a verified account; counts nothing.
 */
export function usageRoute(deps: UsageRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/auth/usage', {
      config: { errors: [...ANY_REQUEST, 'invalid_api_key', 'auth_required', 'unverified_account', 'not_provisioned'] },
      schema: {
        operationId: 'getUsage',
        summary: 'This month\'s documents and the hourly and weekly windows',
        description: 'The same figures as meta.monthly and meta.rate_limits of a generation, read without counting anything. API key or session; 403 unverified_account until the e-mail address is confirmed.',
        tags: ['accounts'],
        security: ACCOUNT,
        response: { 200: Type.Object({ success: Type.Literal(true), usage: UsageSchema }), '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
      },
    }, async (request, reply) => {
      const now = deps.clock();
      // Account-only: an unconfirmed account has no plan to show yet (D43).
      const caller = await requireVerifiedAccount(request, deps, now, 'GET /api/auth/usage');
      const { windows, monthly } = await readUsage(deps, caller, now);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        usage: {
          tier: caller.tier,
          monthly,
          rate_limits: rateLimitsView(windows),
        },
      };
    });
  };
}
