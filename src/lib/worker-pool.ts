import { Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  readonly size: number;
  /** A job that takes longer fails and its worker is replaced. */
  readonly timeoutMs: number;
  /** Jobs waiting for a worker beyond this many are refused at once. */
  readonly maxQueued: number;
  /** Told why a job failed (the caller only ever sees the pool's own error). */
  readonly onFailure?: (reason: string) => void;
  /** Heap bounds of each worker: a job that needs more ends its worker, not the process. */
  readonly resourceLimits?: { readonly maxOldGenerationSizeMb: number; readonly maxYoungGenerationSizeMb?: number };
}

/** What the owner of a particular pool may choose; that pool supplies the defaults. */
export type WorkerPoolChoices = Partial<Pick<WorkerPoolOptions, 'size' | 'timeoutMs' | 'maxQueued' | 'onFailure'>>;

/** What a pool's worker answers: first `{ready: true}`, then one reply per job, by its id. */
export type WorkerReply<Result> = { readonly id: number } & ({ readonly ok: true } & Result | { readonly ok: false; readonly error: string });

/** How a pool tells its callers that a job failed or that the queue is full. */
export interface WorkerPoolErrors {
  readonly failed: () => Error;
  /** A job that exceeded the time bound; `failed` when not given. */
  readonly timedOut?: () => Error;
  /** A job whose worker died under it (out of memory, a crash); `failed` when not given. */
  readonly died?: () => Error;
  readonly busy: (maxQueued: number) => Error;
}

export interface WorkerPool<Job, Result> {
  run(job: Job): Promise<Result>;
  close(): Promise<void>;
}

interface Pending<Job, Result> {
  readonly id: number;
  readonly job: Job;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: Error) => void;
}

interface Slot<Job, Result> {
  worker: Worker;
  ready: boolean;
  current: Pending<Job, Result> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Worker threads that take one job at a time from one queue: slow work (a PDF render, a rule-set
 * run) stays off the event loop. A job that fails, times out or outlives its worker rejects with
 * the pool's own error, no internals; a worker that timed out or died is replaced.
 */
export function createWorkerPool<Job extends object, Result>(workerUrl: URL, options: WorkerPoolOptions, errors: WorkerPoolErrors): WorkerPool<Job, Result> {
  const queue: Array<Pending<Job, Result>> = [];
  const slots: Array<Slot<Job, Result>> = [];
  let nextId = 1;
  let closed = false;

  const fail = (pending: Pending<Job, Result>, reason: string, error: () => Error = errors.failed) => {
    options.onFailure?.(reason);
    pending.reject(error());
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.current !== undefined) continue;
      const pending = queue.shift()!;
      slot.current = pending;
      slot.timer = setTimeout(() => {
        const timedOut = slot.current;
        slot.current = undefined;
        replace(slot);
        if (timedOut !== undefined) fail(timedOut, `job exceeded ${options.timeoutMs} ms`, errors.timedOut);
      }, options.timeoutMs);
      slot.worker.postMessage({ ...pending.job, id: pending.id });
    }
  };

  const start = (): Slot<Job, Result> => {
    const worker = new Worker(workerUrl, options.resourceLimits === undefined ? {} : { resourceLimits: { ...options.resourceLimits } });
    const slot: Slot<Job, Result> = { worker, ready: false, current: undefined, timer: undefined };
    slot.worker.on('message', (message: WorkerReply<Result> | { ready: true }) => {
      if ('ready' in message) {
        slot.ready = true;
        dispatch();
        return;
      }
      const pending = slot.current;
      if (pending === undefined || pending.id !== message.id) return;
      clearTimeout(slot.timer);
      slot.current = undefined;
      if (message.ok) pending.resolve(message as Result);
      else fail(pending, message.error);
      dispatch();
    });
    const onDeath = (reason: string) => {
      if (closed || !slots.includes(slot)) return;
      const pending = slot.current;
      slot.current = undefined;
      clearTimeout(slot.timer);
      replace(slot);
      if (pending !== undefined) fail(pending, reason, errors.died);
    };
    slot.worker.on('error', (error) => onDeath(`worker error: ${error.message}`));
    slot.worker.on('exit', (code) => onDeath(`worker exited with ${code}`));
    return slot;
  };

  const replace = (slot: Slot<Job, Result>) => {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots[index] = start();
    void slot.worker.terminate();
  };

  for (let i = 0; i < options.size; i += 1) slots.push(start());

  return {
    run(job: Job): Promise<Result> {
      if (closed) return Promise.reject(errors.failed());
      if (queue.length >= options.maxQueued) return Promise.reject(errors.busy(options.maxQueued));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(errors.failed());
      await Promise.all(slots.map(async (slot) => {
        clearTimeout(slot.timer);
        if (slot.current !== undefined) slot.current.reject(errors.failed());
        await slot.worker.terminate();
      }));
    },
  };
}
