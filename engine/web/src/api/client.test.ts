import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientConfig, buildQueryString, createApiClient } from './client';
import { ApiError } from './errors';
import { AUTHORIZATION_KEY, createAuthStorage, memoryStore, TOKEN_KEY } from './storage';

interface Call {
  url: string;
  init: RequestInit;
  resolve(res: Response): void;
  reject(e: unknown): void;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
const ok = (Data: unknown = null, extra: object = {}) => json({ Code: 0, Message: '', Data, ...extra });

/** A fetch whose answers the test hands out one by one, so that overlapping calls can be arranged. */
function setup(overrides: Partial<ApiClientConfig> = {}, stored: Record<string, string> = {}) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(
    (url: string | URL | Request, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({ url: String(url), init, resolve, reject });
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const kv = memoryStore(stored);
  const storage = createAuthStorage(kv);
  const effects = {
    errorToast: vi.fn(),
    replaceLocation: vi.fn(),
    showOverlay: vi.fn(),
    hideOverlay: vi.fn(),
    log: vi.fn(),
  };
  let lang = 'zh';
  const client = createApiClient({
    fetch: fetchFn as unknown as typeof fetch,
    storage,
    effects,
    language: () => lang,
    ...overrides,
  });
  return { client, calls, fetchFn, kv, storage, effects, setLang: (l: string) => (lang = l) };
}

const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

describe('request headers', () => {
  it('sends the stored authorization value as the Authorization header', async () => {
    const t = setup({}, { [AUTHORIZATION_KEY]: 'Bearer abc' });
    const p = t.client.get('/Factory');
    expect(header(t.calls[0], 'Authorization')).toBe('Bearer abc');
    t.calls[0].resolve(ok([]));
    await p;
  });

  it('adds the Bearer scheme to a bare stored value and falls back to the token', async () => {
    const t = setup({}, { [TOKEN_KEY]: 'xyz' });
    void t.client.get('/Factory');
    expect(header(t.calls[0], 'Authorization')).toBe('Bearer xyz');
  });

  it('sends no Authorization header when nothing is stored', () => {
    const t = setup();
    void t.client.get('/Factory');
    expect(header(t.calls[0], 'Authorization')).toBeUndefined();
  });

  it('always asks for JSON and sends the current language', () => {
    const t = setup();
    void t.client.get('/A');
    t.setLang('en');
    void t.client.get('/B');
    expect(header(t.calls[0], 'Accept')).toBe('application/json');
    expect(header(t.calls[0], 'Accept-Language')).toBe('zh');
    expect(header(t.calls[1], 'Accept-Language')).toBe('en');
  });

  it('sends bodies as JSON, never on GET', () => {
    const t = setup();
    void t.client.post('/Factory', { Factory_Name: 'A' });
    expect(t.calls[0].init.method).toBe('POST');
    expect(t.calls[0].init.body).toBe('{"Factory_Name":"A"}');
    expect(header(t.calls[0], 'Content-Type')).toBe('application/json');
    void t.client.request('/Factory', { method: 'GET', body: { x: 1 } });
    expect(t.calls[1].init.body).toBeUndefined();
  });
});

describe('paths', () => {
  it('ensures a leading slash and adds the configured prefix', () => {
    const t = setup({ prefix: 'api' });
    void t.client.get('Factory');
    void t.client.get('/Users/5');
    expect(t.calls[0].url).toBe('/api/Factory');
    expect(t.calls[1].url).toBe('/api/Users/5');
  });

  it('uses no prefix by default and skips it when asked (POST /Login)', () => {
    const t = setup();
    void t.client.get('Factory');
    expect(t.calls[0].url).toBe('/Factory');
    t.client.configure({ prefix: '/api/' });
    void t.client.post('/Login', { a: 1 }, { noPrefix: true });
    void t.client.post('/Users', { a: 1 });
    expect(t.calls[1].url).toBe('/Login');
    expect(t.calls[2].url).toBe('/api/Users');
  });

  it('gives the address of a call for links the browser follows itself', () => {
    const t = setup({ prefix: '/api' });
    expect(t.client.url('Factory/Export', { KeyWord: '厂', Page: undefined })).toBe(
      '/api/Factory/Export?KeyWord=%E5%8E%82',
    );
  });
  it('builds query strings, skipping empty values and joining lists', () => {
    expect(
      buildQueryString({ Page: 1, KeyWord: '', X: undefined, Y: null, State__in: [1, 2], Name__like: 'a&b' }),
    ).toBe('?Page=1&State__in=1%2C2&Name__like=a%26b');
    expect(buildQueryString({})).toBe('');
  });
});

describe('answers', () => {
  it('resolves the envelope on Code 0 and keeps Paging', async () => {
    const t = setup();
    const p = t.client.get('/Factory', { Page: 1 });
    t.calls[0].resolve(ok([{ ID: 1 }], { Paging: { TotalCount: 1, Page: 1, PageSize: 20 } }));
    await expect(p).resolves.toMatchObject({ Code: 0, Data: [{ ID: 1 }], Paging: { TotalCount: 1 } });
  });

  it('data() resolves with Data only', async () => {
    const t = setup();
    const p = t.client.data('/Factory/1');
    t.calls[0].resolve(ok({ ID: 1 }));
    await expect(p).resolves.toEqual({ ID: 1 });
  });

  it('stores an answer authorization header as the token', async () => {
    const t = setup();
    const p = t.client.get('/Base/GetLoginInfo');
    t.calls[0].resolve(ok(null, {}));
    await p;
    expect(t.kv.get(TOKEN_KEY)).toBeNull();
    const q = t.client.get('/Base/GetLoginInfo');
    t.calls[1].resolve(json({ Code: 0, Message: '', Data: null }, 200, { Authorization: 'Bearer new' }));
    await q;
    expect(t.kv.get(TOKEN_KEY)).toBe('Bearer new');
  });

  it('Code 1 with a 2xx status toasts the server message as it is and rejects', async () => {
    const t = setup();
    const p = t.client.post('/Factory', {});
    t.calls[0].resolve(json({ Code: 1, Message: '工厂编码已存在', Data: null }));
    const e = await p.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      kind: 'business',
      status: 200,
      code: 1,
      shown: true,
      message: '工厂编码已存在',
    });
    expect(t.effects.errorToast).toHaveBeenCalledExactlyOnceWith('工厂编码已存在');
    expect(t.effects.replaceLocation).not.toHaveBeenCalled();
  });

  it('quiet: a Code 1 is rejected without the toast, for the caller to show', async () => {
    const t = setup();
    const p = t.client.post('/UserOftenMenu/Collection', { Menu_ID: 1 }, { quiet: true });
    t.calls[0].resolve(json({ Code: 1, Message: '菜单不存在', Data: null }, 404));
    await expect(p).rejects.toMatchObject({ kind: 'business', shown: false, message: '菜单不存在' });
    expect(t.effects.errorToast).not.toHaveBeenCalled();
  });

  it.each([400, 404, 409, 413])(
    'Code 1 with HTTP %i toasts the message without a status in front',
    async (status) => {
      const t = setup();
      const p = t.client.put('/Factory', { Factory_ID: 1, Version: 1 });
      t.calls[0].resolve(json({ Code: 1, Message: 'stale', Data: null }, status));
      await expect(p).rejects.toMatchObject({ kind: 'business', status });
      expect(t.effects.errorToast).toHaveBeenCalledExactlyOnceWith('stale');
    },
  );

  it('HTTP 401 clears token and authorization and replaces the location with /login', async () => {
    const t = setup({}, { [TOKEN_KEY]: 't', [AUTHORIZATION_KEY]: 'Bearer t', User_ID: '7' });
    const p = t.client.get('/Factory');
    t.calls[0].resolve(json({ Code: 401, Message: 'expired', Data: null }, 401));
    await expect(p).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(t.kv.get(TOKEN_KEY)).toBeNull();
    expect(t.kv.get(AUTHORIZATION_KEY)).toBeNull();
    expect(t.effects.replaceLocation).toHaveBeenCalledExactlyOnceWith('/login');
    expect(t.effects.errorToast).not.toHaveBeenCalled();
  });

  it('HTTP 401 without an envelope is handled the same way', async () => {
    const t = setup({}, { [TOKEN_KEY]: 't' });
    const p = t.client.get('/Factory');
    t.calls[0].resolve(new Response('Unauthorized', { status: 401 }));
    await expect(p).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(t.kv.get(TOKEN_KEY)).toBeNull();
    expect(t.effects.replaceLocation).toHaveBeenCalledWith('/login');
  });

  it('body Code 401 under HTTP 200 also signs out', async () => {
    const t = setup({}, { [TOKEN_KEY]: 't', [AUTHORIZATION_KEY]: 'Bearer t' });
    const p = t.client.post('/X', {});
    t.calls[0].resolve(json({ Code: 401, Message: 'no', Data: null }));
    await expect(p).rejects.toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(t.kv.get(TOKEN_KEY)).toBeNull();
    expect(t.kv.get(AUTHORIZATION_KEY)).toBeNull();
    expect(t.effects.replaceLocation).toHaveBeenCalledWith('/login');
  });

  it('network errors are logged and rejected without a toast', async () => {
    const t = setup();
    const p = t.client.get('/Factory');
    t.calls[0].reject(new TypeError('Failed to fetch'));
    await expect(p).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(t.effects.log).toHaveBeenCalled();
    expect(t.effects.errorToast).not.toHaveBeenCalled();
  });

  it.each([
    [403, 403, 'forbidden'],
    [500, 500, 'server'],
    [200, 500, 'server'],
    [200, 7, 'http'],
  ])(
    'HTTP %i with Code %i is logged, its message toasted once, and rejected as %s',
    async (status, Code, kind) => {
      const t = setup();
      const p = t.client.get('/Factory');
      t.calls[0].resolve(json({ Code, Message: 'm', Data: null }, status));
      await expect(p).rejects.toMatchObject({ kind, status, code: Code, shown: true });
      expect(t.effects.log).toHaveBeenCalled();
      expect(t.effects.errorToast).toHaveBeenCalledExactlyOnceWith('m');
      expect(t.effects.replaceLocation).not.toHaveBeenCalled();
    },
  );

  it('a refused action (403) shows the server message, e.g. a dialog that stays open (issue 25 bug 5)', async () => {
    const t = setup();
    const p = t.client.post('/WorkPlan/ApplyLock', { ID: 1 });
    t.calls[0].resolve(json({ Code: 403, Message: '没有权限执行此操作', Data: null }, 403));
    await expect(p).rejects.toMatchObject({ kind: 'forbidden', shown: true });
    expect(t.effects.errorToast).toHaveBeenCalledExactlyOnceWith('没有权限执行此操作');
  });

  it('quiet: a 403 is rejected without the toast too', async () => {
    const t = setup();
    const p = t.client.get('/X', undefined, { quiet: true });
    t.calls[0].resolve(json({ Code: 403, Message: 'no', Data: null }, 403));
    await expect(p).rejects.toMatchObject({ kind: 'forbidden', shown: false });
    expect(t.effects.errorToast).not.toHaveBeenCalled();
  });

  it('an answer that is not an envelope is logged and rejected', async () => {
    const t = setup();
    const p = t.client.get('/Factory');
    t.calls[0].resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(p).rejects.toMatchObject({ kind: 'server', status: 502 });
    expect(t.effects.log).toHaveBeenCalled();
  });
});

describe('repeated calls', () => {
  it('a repeated GET to the same URL aborts the earlier pending one', async () => {
    const t = setup();
    const first = t.client.get('/Factory', { Page: 1 });
    const second = t.client.get('/Factory', { Page: 1 });
    expect(t.calls[0].init.signal?.aborted).toBe(true);
    await expect(first).rejects.toMatchObject({ kind: 'aborted' });
    t.calls[1].resolve(ok(['second']));
    await expect(second).resolves.toMatchObject({ Data: ['second'] });
    expect(t.effects.log).not.toHaveBeenCalled();
  });

  it('GETs to different URLs do not cancel each other', async () => {
    const t = setup();
    const a = t.client.get('/Factory', { Page: 1 });
    const b = t.client.get('/Factory', { Page: 2 });
    expect(t.calls[0].init.signal?.aborted).toBe(false);
    t.calls[0].resolve(ok('a'));
    t.calls[1].resolve(ok('b'));
    await expect(a).resolves.toMatchObject({ Data: 'a' });
    await expect(b).resolves.toMatchObject({ Data: 'b' });
  });

  it('a settled GET is not aborted by a later one', async () => {
    const t = setup();
    const a = t.client.get('/Factory');
    t.calls[0].resolve(ok('a'));
    await a;
    void t.client.get('/Factory');
    expect(t.calls[0].init.signal?.aborted).toBe(false);
  });

  it('interrupt: false exempts a GET from cancelling and from being cancelled', async () => {
    const t = setup();
    const a = t.client.get('/Factory', undefined, { interrupt: false });
    const b = t.client.get('/Factory', undefined, { interrupt: false });
    const c = t.client.get('/Factory');
    expect(t.calls.map((c) => c.init.signal?.aborted)).toEqual([false, false, false]);
    for (const [i, call] of t.calls.entries()) call.resolve(ok(i));
    await expect(Promise.all([a, b, c])).resolves.toHaveLength(3);
  });

  it("the caller's signal cancels a GET", async () => {
    const t = setup();
    const ctl = new AbortController();
    const p = t.client.get('/Factory', undefined, { signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('a repeated non-GET to the same URL and body returns the pending promise', async () => {
    const t = setup();
    const a = t.client.post('/Factory', { Factory_Name: 'A' });
    const b = t.client.post('/Factory', { Factory_Name: 'A' });
    expect(b).toBe(a);
    expect(t.fetchFn).toHaveBeenCalledTimes(1);
    t.calls[0].resolve(ok({ Factory_ID: 1 }));
    await expect(b).resolves.toMatchObject({ Data: { Factory_ID: 1 } });
    // once settled, the same call goes out again
    void t.client.post('/Factory', { Factory_Name: 'A' });
    expect(t.fetchFn).toHaveBeenCalledTimes(2);
  });

  it('non-GETs with another body, URL or method are separate calls', () => {
    const t = setup();
    void t.client.post('/Factory', { Factory_Name: 'A' });
    void t.client.post('/Factory', { Factory_Name: 'B' });
    void t.client.put('/Factory', { Factory_Name: 'A' });
    void t.client.post('/Job', { Factory_Name: 'A' });
    expect(t.fetchFn).toHaveBeenCalledTimes(4);
  });

  it('interrupt: false sends a repeated non-GET again', () => {
    const t = setup();
    const a = t.client.post('/Factory', { x: 1 }, { interrupt: false });
    const b = t.client.post('/Factory', { x: 1 }, { interrupt: false });
    expect(b).not.toBe(a);
    expect(t.fetchFn).toHaveBeenCalledTimes(2);
  });

  it('a non-GET is never aborted by a repeated one', () => {
    const t = setup();
    void t.client.delete('/Factory/1');
    void t.client.delete('/Factory/1');
    expect(t.calls[0].init.signal?.aborted ?? false).toBe(false);
  });
});

describe('timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has no timeout: a slow answer still arrives', async () => {
    const t = setup();
    const p = t.client.get('/Slow');
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(t.calls[0].init.signal?.aborted).toBe(false);
    t.calls[0].resolve(ok('late'));
    await expect(p).resolves.toMatchObject({ Data: 'late' });
  });

  it('shows the overlay on a non-GET and hides it 1000 ms after the answer', async () => {
    const t = setup();
    const p = t.client.post('/Factory', {});
    expect(t.effects.showOverlay).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.effects.hideOverlay).not.toHaveBeenCalled();
    t.calls[0].resolve(ok());
    await p;
    await vi.advanceTimersByTimeAsync(999);
    expect(t.effects.hideOverlay).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.effects.hideOverlay).toHaveBeenCalledTimes(1);
  });

  it('hides the overlay after a failed call too', async () => {
    const t = setup();
    const p = t.client.delete('/Factory/1').catch(() => 'failed');
    t.calls[0].resolve(json({ Code: 1, Message: 'in use', Data: null }, 409));
    await expect(p).resolves.toBe('failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.effects.hideOverlay).toHaveBeenCalledTimes(1);
  });

  it('shows no overlay for GETs nor for the message list call', async () => {
    const t = setup();
    void t.client.get('/Factory');
    void t.client.get('/SendMsg/GetSendMsgs', { Page: 1, PageSize: 15 });
    void t.client.post('/SendMsg/GetSendMsgs', { Status: 1 });
    void t.client.post('SendMsg/GetSendMsgs?Status=1');
    expect(t.effects.showOverlay).not.toHaveBeenCalled();
  });

  it('shows no overlay for a background call that opts out', async () => {
    const t = setup();
    const p = t.client.post('/UserOftenMenu', { Menu_ID: 4 }, { overlay: false });
    t.calls[0].resolve(ok());
    await p;
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.effects.showOverlay).not.toHaveBeenCalled();
    expect(t.effects.hideOverlay).not.toHaveBeenCalled();
  });

  it('keeps one overlay open until the last of overlapping calls is answered', async () => {
    const t = setup();
    const a = t.client.post('/A', {});
    const b = t.client.post('/B', {});
    expect(t.effects.showOverlay).toHaveBeenCalledTimes(1);
    t.calls[0].resolve(ok());
    await a;
    await vi.advanceTimersByTimeAsync(1500);
    expect(t.effects.hideOverlay).not.toHaveBeenCalled();
    t.calls[1].resolve(ok());
    await b;
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.effects.hideOverlay).toHaveBeenCalledTimes(1);
  });

  it('a shared repeated non-GET opens no second overlay', async () => {
    const t = setup();
    const a = t.client.put('/X', { a: 1 });
    void t.client.put('/X', { a: 1 });
    expect(t.effects.showOverlay).toHaveBeenCalledTimes(1);
    t.calls[0].resolve(ok());
    await a;
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.effects.hideOverlay).toHaveBeenCalledTimes(1);
  });
});
