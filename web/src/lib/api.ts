/** What the service answers: the parsed JSON body when there is one, else the raw response. */
export interface ApiResult<T> {
  readonly ok: boolean;
  readonly status: number;
  readonly body: T | undefined;
  /** error.message of a refusal, or a sentence for a network failure: always fit to show. */
  readonly message: string;
  readonly response: Response | undefined;
  readonly headers: Headers | undefined;
}

interface ErrorBody {
  success?: false;
  error?: { code?: string; message?: string };
}

export interface ApiOptions {
  readonly json?: unknown;
  /** Sends Authorization: Bearer (the dashboard's webhook calls, which the spec keeps key-only). */
  readonly bearer?: string;
  readonly signal?: AbortSignal;
  /** Read the body as a Blob instead of JSON when the answer succeeds (file downloads). */
  readonly asBlob?: boolean;
  /** Send no cookie, so the service answers as it would a visitor (the generator's e-invoice check). */
  readonly anonymous?: boolean;
  /** A file's bytes as the body, with its media type (a received e-invoice); instead of json. */
  readonly file?: { readonly body: Blob; readonly type: string };
  /** The media type asked for; JSON unless set (a refusal is JSON whatever is asked). */
  readonly accept?: string;
}

const UNREACHABLE = 'The service could not be reached. Check your connection and try again.';

/**
 * One call to this origin's API. The session cookie goes along (same origin); the browser adds the
 * Origin header the service checks on unsafe cookie-authenticated requests.
 */
export async function api<T>(method: string, path: string, options: ApiOptions = {}): Promise<ApiResult<T | Blob>> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.file !== undefined) headers['content-type'] = options.file.type;
  if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: options.anonymous === true ? 'omit' : 'same-origin',
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      ...(options.file === undefined ? {} : { body: options.file.body }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, status: 0, body: undefined, message: UNREACHABLE, response: undefined, headers: undefined };
  }
  if (response.ok && options.asBlob === true) {
    return { ok: true, status: response.status, body: await response.blob(), message: '', response, headers: response.headers };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message = response.ok ? '' : ((body as ErrorBody | undefined)?.error?.message ?? `The service answered ${response.status}; try again.`);
  return { ok: response.ok, status: response.status, body: body as T, message, response, headers: response.headers };
}

/** JSON calls, typed. */
export function apiJson<T>(method: string, path: string, options: Omit<ApiOptions, 'asBlob'> = {}): Promise<ApiResult<T>> {
  return api<T>(method, path, options) as Promise<ApiResult<T>>;
}
