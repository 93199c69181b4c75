// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_KEY,
  cookieStore,
  createAuthStorage,
  memoryStore,
  TOKEN_KEY,
  USER_ID_KEY,
} from './storage';

describe('cookie store', () => {
  it('reads, writes and removes cookies', () => {
    const s = cookieStore(document);
    s.set(TOKEN_KEY, 'a b;c');
    s.set(USER_ID_KEY, '7');
    expect(s.get(TOKEN_KEY)).toBe('a b;c');
    expect(s.get(USER_ID_KEY)).toBe('7');
    s.remove(TOKEN_KEY);
    expect(s.get(TOKEN_KEY)).toBeNull();
    expect(s.get(USER_ID_KEY)).toBe('7');
  });
});

describe('cookie attributes', () => {
  /** A document that records what is written to document.cookie. */
  const recording = (protocol: string) => {
    const written: string[] = [];
    const doc = {
      location: { protocol },
      get cookie() {
        return '';
      },
      set cookie(v: string) {
        written.push(v);
      },
    } as unknown as Document;
    return { doc, written };
  };

  it('keeps the session cookies to this site, and to https when the page came over https', () => {
    const tls = recording('https:');
    cookieStore(tls.doc).set(TOKEN_KEY, 'tok');
    cookieStore(tls.doc).remove(TOKEN_KEY);
    for (const w of tls.written) {
      expect(w).toContain('SameSite=Strict');
      expect(w).toMatch(/; Secure$/);
    }
    const plain = recording('http:');
    cookieStore(plain.doc).set(TOKEN_KEY, 'tok');
    expect(plain.written).toEqual(['token=tok; path=/; SameSite=Strict']);
  });
});

describe('auth storage', () => {
  it('clearCredentials forgets token and authorization but keeps User_ID', () => {
    const kv = memoryStore({ [TOKEN_KEY]: 't', [AUTHORIZATION_KEY]: 'Bearer t', [USER_ID_KEY]: '1' });
    const a = createAuthStorage(kv);
    a.clearCredentials();
    expect(a.getToken()).toBeNull();
    expect(a.getAuthorization()).toBeNull();
    expect(a.getUserId()).toBe('1');
    a.clearAll();
    expect(a.getUserId()).toBeNull();
  });

  it('prefers the authorization value over the token for the header', () => {
    const a = createAuthStorage(memoryStore({ [TOKEN_KEY]: 'tok', [AUTHORIZATION_KEY]: 'Bearer auth' }));
    expect(a.authorizationHeader()).toBe('Bearer auth');
    a.setAuthorization('');
    expect(a.authorizationHeader()).toBe('Bearer tok');
    a.setToken('Bearer tok2');
    expect(a.authorizationHeader()).toBe('Bearer tok2');
    a.clearCredentials();
    expect(a.authorizationHeader()).toBeNull();
  });
});
