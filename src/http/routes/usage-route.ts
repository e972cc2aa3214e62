import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TIERS } from '../../domain/accounts/tiers.ts';
import { monthlyView } from '../../domain/limits/document-cost.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { MonthlyUsageSchema, WindowUsageSchema } from '../../schemas/meta.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import { readMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import { peekWindows, type AdmissionDeps } from '../admit-generation.ts';
import { rateLimitsView } from '../build-meta.ts';
import { requireVerifiedAccount, type CallerResolverDeps } from '../resolve-caller.ts';

export interface UsageRouteDeps extends CallerResolverDeps, AdmissionDeps {
  readonly clock: () => number;
}

const UsageSchema = Type.Object({
  tier: StringEnum(TIERS),
  monthly: MonthlyUsageSchema,
  rate_limits: Type.Object({
    hourly: WindowUsageSchema,
    weekly: WindowUsageSchema,
    monthly_equivalent: Type.Unsafe<number | null>({ type: ['integer', 'null'], description: 'Weekly limit × 52 / 12, rounded down (D22).' }),
  }),
});

/**
 * GET /api/auth/usage (beyond the spec, issue 9): the figures a generation's meta carries (D22),
 * read without generating anything, so the dashboard can show the plan's state. API key or
 * session of a verified account; counts nothing.
 */
export function usageRoute(deps: UsageRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/auth/usage', {
      schema: {
        operationId: 'getUsage',
        summary: 'This month\'s documents and the hourly and weekly windows',
        description: 'The same figures as meta.monthly and meta.rate_limits of a generation (D20–D22), read without counting anything. API key or session; 403 unverified_account until the e-mail address is confirmed (D43).',
        tags: ['accounts'],
        response: { 200: Type.Object({ success: Type.Literal(true), usage: UsageSchema }), '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
      },
    }, async (request, reply) => {
      const now = deps.clock();
      // Account-only: an unconfirmed account has no plan to show yet (D43).
      const caller = await requireVerifiedAccount(request, deps, now, 'GET /api/auth/usage');
      const plan = deps.limits.plans[caller.tier];
      const [windows, usage] = await Promise.all([
        peekWindows(deps, caller, now),
        readMonthlyUsage(deps.db, caller.accountId, utcWindows(now).monthStart),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        usage: {
          tier: caller.tier,
          monthly: monthlyView(usage, plan, now),
          rate_limits: rateLimitsView(windows),
        },
      };
    });
  };
}
