import { TIERS } from '../domain/accounts/tiers.ts';
import { MAX_BURST_LIMIT } from '../domain/limits/burst-limiter.ts';
import { DEFAULT_LIMITS, type BurstLimits, type LimitsTable, type PlanLimits } from '../domain/limits/plans.ts';

const PLAN_FIELDS = { hourly: 'hourly', weekly: 'weekly', monthly_documents: 'monthlyDocuments', monthly_pdfs: 'monthlyPdfs' } as const;
const ANONYMOUS_FIELDS = { hourly: 'hourly', weekly: 'weekly' } as const;
/** Documents are counted in tenths (D21), so their ceiling is ten times smaller. */
const MAX_MONTHLY_DOCUMENTS = 100_000_000;

const EXAMPLE = `PLAN_LIMITS='{"free":{"hourly":60,"monthly_pdfs":80},"enterprise":{"monthly_documents":2000000},"anonymous":{"weekly":50}}'`;

/**
 * PLAN_LIMITS: a JSON object that overrides figures of the plan table — for any of anonymous, free,
 * starter, pro and enterprise, any of hourly, weekly, monthly_documents and monthly_pdfs
 * (anonymous: hourly and weekly), each a whole number or null for unlimited. What it does not name
 * keeps its default.
 */
export function parsePlanLimits(raw: string | undefined, problems: string[]): LimitsTable {
  if (raw === undefined) return DEFAULT_LIMITS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push(`PLAN_LIMITS is not valid JSON; write an object such as ${EXAMPLE}`);
    return DEFAULT_LIMITS;
  }
  if (!isObject(parsed)) {
    problems.push(`PLAN_LIMITS must be a JSON object, for example ${EXAMPLE}`);
    return DEFAULT_LIMITS;
  }
  const before = problems.length;
  for (const name of Object.keys(parsed)) {
    if (name !== 'anonymous' && !(TIERS as readonly string[]).includes(name)) {
      problems.push(`PLAN_LIMITS names "${name}", which is not a plan; use anonymous, ${TIERS.join(', ')}`);
    }
  }
  const anonymous = override<BurstLimits>('anonymous', DEFAULT_LIMITS.anonymous, parsed.anonymous, ANONYMOUS_FIELDS, problems);
  const plans = Object.fromEntries(
    TIERS.map((tier) => [tier, override<PlanLimits>(tier, DEFAULT_LIMITS.plans[tier], parsed[tier], PLAN_FIELDS, problems)]),
  ) as unknown as LimitsTable['plans'];
  if (problems.length > before) return DEFAULT_LIMITS;
  return Object.freeze({ anonymous, plans: Object.freeze(plans) });
}

function override<T extends object>(
  name: string,
  defaults: T,
  given: unknown,
  fields: Readonly<Record<string, keyof T>>,
  problems: string[],
): T {
  if (given === undefined) return defaults;
  if (!isObject(given)) {
    problems.push(`PLAN_LIMITS.${name} must be an object of limits, for example {"hourly": 60}`);
    return defaults;
  }
  const result: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [field, value] of Object.entries(given)) {
    // Own keys only: a name such as toString or __proto__ must not be found on Object.prototype.
    const target = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (target === undefined) {
      problems.push(`PLAN_LIMITS.${name}.${field} is not a limit; use ${Object.keys(fields).join(', ')}`);
    } else if (value !== null && !(Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= maxOf(field))) {
      problems.push(`PLAN_LIMITS.${name}.${field} must be a whole number from 0 to ${maxOf(field)}, or null for unlimited; got ${JSON.stringify(value)}`);
    } else {
      result[target as string] = value;
    }
  }
  return Object.freeze(result) as T;
}

function maxOf(field: string): number {
  return field === 'monthly_documents' ? MAX_MONTHLY_DOCUMENTS : MAX_BURST_LIMIT;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
