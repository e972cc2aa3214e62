import { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.ts';

/** The Redis connection the counters share: one per process, opened by createRedisClient. */
export type RedisClient = Redis;

export interface RedisClientOptions {
  /**
   * Told about every connection error (refused, reset, timed out, auth). ioredis reports them as
   * 'error' events, and an 'error' event with no listener would crash the process.
   */
  readonly onError?: (error: Error) => void;
  /** A command with no reply by then rejects, so a request never waits on a stalled Redis. */
  readonly commandTimeoutMs?: number;
  /** One TCP/TLS connect attempt gives up after this long and the backoff tries again. */
  readonly connectTimeoutMs?: number;
  /** How long start-up waits for the first connection, across retries, before giving up. */
  readonly firstConnectTimeoutMs?: number;
}

export const REDIS_COMMAND_TIMEOUT_MS = 2_000;
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
export const REDIS_FIRST_CONNECT_TIMEOUT_MS = 10_000;
/** Reconnect delays double from 50 ms up to this, so a restarted Redis is back in use within ~2 s. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Opens the client the Redis counters use, and resolves once it is ready. It is set up to fail
 * fast rather than wait: with no connection a command rejects at once (no offline queue), a
 * command in flight when the connection drops is rejected rather than resent (a resent admission
 * could be counted twice), and any command rejects after commandTimeoutMs. Reconnection carries
 * on in the background for the life of the client.
 *
 * Waiting for the first connection (bounded) lets a server that starts alongside Redis come up,
 * while a wrong REDIS_URL still stops start-up with a message naming host and port, never the
 * password.
 */
export async function createRedisClient(url: string, options: RedisClientOptions = {}): Promise<RedisClient> {
  const parsed = new URL(url);
  const address = `${parsed.hostname}:${parsed.port === '' ? '6379' : parsed.port}`;
  const password = decodeURIComponent(parsed.password);
  const firstConnectTimeoutMs = options.firstConnectTimeoutMs ?? REDIS_FIRST_CONNECT_TIMEOUT_MS;

  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: options.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS,
    // Jitter keeps several instances from reconnecting in lockstep after a Redis restart.
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times - 1, 10), REDIS_MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 100),
  });
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    options.onError?.(error);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.removeListener('ready', onReady);
        reject(new Error(lastError?.message ?? `no answer within ${firstConnectTimeoutMs} ms`));
      }, firstConnectTimeoutMs);
      function onReady(): void {
        clearTimeout(timer);
        resolve();
      }
      client.once('ready', onReady);
    });
  } catch (error) {
    client.disconnect();
    // Redis's own messages do not echo the password; this holds even if one ever did.
    let reason = (error as Error).message;
    if (password !== '') reason = reason.replaceAll(password, '***');
    throw new Error(`Cannot connect to Redis at ${address}: ${reason}`);
  }
  return client;
}

/**
 * Closes the client for good: QUIT lets replies in flight arrive; a client that is not connected,
 * or does not answer within its command timeout, is dropped instead, which also stops reconnecting.
 */
export async function closeRedisClient(client: RedisClient): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through: the connection is unusable anyway.
    }
  }
  client.disconnect();
}

/**
 * The one answer for any failure of the Redis counters (down, timed out, refused): 503, because
 * admitting uncounted requests would lift every limit while Redis is away.
 */
export function redisUnreachable(cause: unknown): AppError {
  const error = new AppError('not_provisioned', 'The rate-limit store (Redis) is not reachable; try again shortly.');
  error.cause = cause;
  return error;
}
