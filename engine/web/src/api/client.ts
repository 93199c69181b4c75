import type { Envelope } from '@mes/model';
import { ApiError } from './errors';
import type { AuthStorage } from './storage';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  method?: Method;
  query?: Query;
  body?: unknown;
  /** false exempts the call from cancelling / sharing with an identical pending call. */
  interrupt?: boolean;
  /** Skip the configured prefix (POST /Login goes without it). */
  noPrefix?: boolean;
  /** Caller's cancellation (TanStack Query passes one). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** true: a refused call is rejected without the error toast (the caller shows its own warning). */
  quiet?: boolean;
  /** false: no loading overlay for this non-GET (background bookkeeping the user did not ask for). */
  overlay?: boolean;
}

/** Side effects live outside the client so that every rule can be tested without a browser. */
export interface ApiEffects {
  errorToast(text: string): void;
  /** location.replace: the 401 rule must not leave a history entry. */
  replaceLocation(path: string): void;
  showOverlay(): void;
  hideOverlay(): void;
  log(...args: unknown[]): void;
}

export interface ApiClientConfig {
  fetch: typeof fetch;
  storage: AuthStorage;
  effects: ApiEffects;
  /** Current UI language, sent as Accept-Language so that server messages come back in it. */
  language: () => string;
  /** Path prefix (e.g. `/api`); empty by default since one origin serves both the app and the API. */
  prefix?: string;
  /** Origin of the API; empty for same origin. */
  baseUrl?: string;
  /** Spec part 1 §9: the overlay closes 1000 ms after the answer. */
  overlayCloseDelayMs?: number;
}

/** The message list is polled; a full-screen overlay every five minutes would be absurd. */
export const OVERLAY_EXEMPT_PATHS = ['/SendMsg/GetSendMsgs'];
export const LOGIN_PATH = '/login';

export function ensureLeadingSlash(p: string): string {
  return p.startsWith('/') ? p : `/${p}`;
}

export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    const s = Array.isArray(v) ? v.join(',') : String(v);
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(s)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface ApiClient {
  /** Resolves with the whole envelope (lists need Paging) when Code is 0. */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  get<T = unknown>(
    path: string,
    query?: Query,
    options?: Omit<RequestOptions, 'method' | 'query'>,
  ): Promise<Envelope<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<Envelope<T>>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<Envelope<T>>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<Envelope<T>>;
  /** Same as request but resolves with Data only. */
  data<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  configure(patch: Partial<Pick<ApiClientConfig, 'prefix' | 'baseUrl'>>): void;
  /** The address of a call, for what the browser fetches itself (a download link, an image). */
  url(path: string, query?: Query): string;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const cfg = { overlayCloseDelayMs: 1000, prefix: '', baseUrl: '', ...config };
  const pendingGets = new Map<string, AbortController>();
  const pendingWrites = new Map<string, Promise<Envelope<unknown>>>();
  let overlayCount = 0;

  function urlOf(path: string, options: RequestOptions): string {
    const prefix = options.noPrefix || !cfg.prefix ? '' : ensureLeadingSlash(cfg.prefix).replace(/\/+$/, '');
    return `${cfg.baseUrl}${prefix}${ensureLeadingSlash(path)}${buildQueryString(options.query)}`;
  }

  function openOverlay(): () => void {
    overlayCount++;
    if (overlayCount === 1) cfg.effects.showOverlay();
    return () =>
      setTimeout(() => {
        overlayCount--;
        if (overlayCount === 0) cfg.effects.hideOverlay();
      }, cfg.overlayCloseDelayMs);
  }

  function onUnauthorized(): void {
    cfg.storage.clearCredentials();
    cfg.effects.replaceLocation(LOGIN_PATH);
  }

  async function send<T>(url: string, method: Method, options: RequestOptions, signal?: AbortSignal) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': cfg.language(),
      ...options.headers,
    };
    const auth = cfg.storage.authorizationHeader();
    if (auth) headers.Authorization = auth;
    const hasBody = options.body !== undefined && method !== 'GET';
    if (hasBody) headers['Content-Type'] = 'application/json';

    let res: Response;
    try {
      res = await cfg.fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal,
      });
    } catch (e) {
      if (signal?.aborted) throw new ApiError('aborted', 'aborted', 0);
      cfg.effects.log('[api] network error', method, url, e);
      throw new ApiError('network', e instanceof Error ? e.message : String(e), 0);
    }

    const token = res.headers.get('authorization');
    if (token) cfg.storage.setToken(token);

    let body: Envelope<T> | undefined;
    try {
      const parsed: unknown = await res.json();
      if (parsed && typeof parsed === 'object' && 'Code' in parsed) body = parsed as Envelope<T>;
    } catch {
      // Not JSON (a proxy's error page): judged below by the status alone.
      if (signal?.aborted) throw new ApiError('aborted', 'aborted', res.status);
    }

    if (res.status === 401 || body?.Code === 401) {
      onUnauthorized();
      throw new ApiError('unauthorized', body?.Message ?? res.statusText, res.status, body?.Code);
    }
    if (body?.Code === 0 && res.ok) return body;
    // the server's message is meant for the user as it is: no status in front of it (issue 25)
    if (body?.Code === 1) {
      if (options.quiet) throw new ApiError('business', body.Message, res.status, 1, false);
      cfg.effects.errorToast(body.Message);
      throw new ApiError('business', body.Message, res.status, 1, true);
    }
    cfg.effects.log('[api] request failed', method, url, res.status, body ?? '(no envelope)');
    const kind =
      res.status === 403 || body?.Code === 403
        ? 'forbidden'
        : res.status >= 500 || body?.Code === 500
          ? 'server'
          : 'http';
    // a refusal (403) or a failure the server explained is shown here, once, for every caller: a
    // dialog that stays open after a refused call must not leave the user guessing
    const told = !!body?.Message && !options.quiet;
    if (told && body) cfg.effects.errorToast(body.Message);
    throw new ApiError(
      kind,
      body?.Message || res.statusText || `HTTP ${res.status}`,
      res.status,
      body?.Code,
      told,
    );
  }

  function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const method = options.method ?? 'GET';
    const url = urlOf(path, options);
    const interrupt = options.interrupt !== false;

    if (method === 'GET') {
      const controller = new AbortController();
      if (interrupt) {
        pendingGets.get(url)?.abort();
        pendingGets.set(url, controller);
      }
      const external = options.signal;
      if (external) {
        if (external.aborted) controller.abort();
        else external.addEventListener('abort', () => controller.abort(), { once: true });
      }
      return send<T>(url, method, options, controller.signal).finally(() => {
        if (pendingGets.get(url) === controller) pendingGets.delete(url);
      });
    }

    const key = `${method} ${url} ${options.body === undefined ? '' : JSON.stringify(options.body)}`;
    if (interrupt) {
      const pending = pendingWrites.get(key);
      if (pending) return pending as Promise<Envelope<T>>;
    }
    const exempt =
      options.overlay === false || OVERLAY_EXEMPT_PATHS.includes(ensureLeadingSlash(path.split('?')[0]));
    const closeOverlay = exempt ? () => {} : openOverlay();
    const p = send<T>(url, method, options, options.signal).finally(() => {
      closeOverlay();
      if (pendingWrites.get(key) === p) pendingWrites.delete(key);
    });
    if (interrupt) pendingWrites.set(key, p as Promise<Envelope<unknown>>);
    return p;
  }

  return {
    request,
    get: (path, query, options) => request(path, { ...options, method: 'GET', query }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    data: async <T>(path: string, options?: RequestOptions) => (await request<T>(path, options)).Data,
    configure(patch) {
      Object.assign(cfg, patch);
    },
    url: (path, query) => urlOf(path, { query }),
  };
}
