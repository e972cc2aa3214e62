import pino, { type Logger } from 'pino';

export interface AccessLogEntry {
  readonly reqId: string;
  readonly method: string;
  /** Without the query string (it may hold a link signature), at most 200 characters. */
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
}

export type AccessLog = (entry: AccessLogEntry) => void;

const PINO_INFO_LEVEL = 30;

/** Lines gathered in one event-loop turn are written at once, or sooner past this many characters. */
const MAX_PENDING_CHARS = 64 * 1024;

/**
 * The one log line per request, written to the logger's own stream in the logger's own format
 * (level, time, the logger's bindings, msg "request"), so it reads like any other pino line.
 *
 * Why not `request.log.info(...)`: with this fixed shape, building the line by hand costs a
 * fraction of pino's generic path. pino.symbols is pino's published way to reach the stream and
 * bindings. Values that could hold arbitrary characters go through JSON.stringify.
 *
 * Why batched: each write to stdout is a system call, and switching the line off measured ~11 % of
 * a generation's CPU under load (docs/performance.md). Under load one event-loop turn finishes
 * several requests, so their lines are joined and written once, at the end of that turn
 * (setImmediate): a line is never held longer than the turn that produced it, so nothing waits for
 * a buffer to fill and a crash loses at most that turn's lines. Other log lines (errors, the
 * outbox's sign-up links) still go straight through pino; within one turn they may come out before
 * the access lines of requests that finished earlier in it — each line carries its own time.
 */
export function createAccessLog(logger: Logger): AccessLog {
  if (!logger.isLevelEnabled('info')) return () => {};
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): unknown };
  const bindings = internals[pino.symbols.chindingsSym] as string;
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const lines = pending;
    pending = '';
    stream.write(lines);
  };
  return (entry) => {
    pending += `{"level":${PINO_INFO_LEVEL},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(entry.reqId)},"method":${JSON.stringify(entry.method)},"path":${JSON.stringify(entry.path)},"status":${entry.status},"duration_ms":${entry.durationMs},"msg":"request"}\n`;
    if (pending.length >= MAX_PENDING_CHARS) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
