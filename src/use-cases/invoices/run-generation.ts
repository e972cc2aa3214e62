import type { IdempotencyTie } from '../idempotency/kept-generation.ts';
import { commitGeneration } from './commit-generation.ts';
import { deliverGeneration } from './deliver-generation.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { GenerationInput } from './generation-items.ts';
import type { GenerationPolicy, GenerationResult, GenerationRun } from './generation-policy.ts';
import { resumeGeneration } from './resume-generation.ts';

/**
 * The one generation pipeline for an account, one invoice or a batch (the policy tells them
 * apart): committed anew (commit-generation.ts), or, when the key's earlier request committed it
 * and died before answering, resumed from the key's record (resume-generation.ts); then its
 * documents are made and it is announced (deliver-generation.ts).
 */
export async function runGeneration(deps: GenerationDeps, run: GenerationRun, inputs: readonly GenerationInput[], policy: GenerationPolicy, tie: IdempotencyTie | undefined): Promise<GenerationResult> {
  const resumes = tie?.resumes;
  const committed = tie !== undefined && resumes !== undefined && resumes.kind === policy.keeps
    ? await resumeGeneration(deps, run, inputs, policy, { ...tie, resumes })
    : await commitGeneration(deps, run, inputs, policy, tie);
  return deliverGeneration(deps, run, policy, committed);
}
