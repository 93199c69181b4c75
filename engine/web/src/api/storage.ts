/**
 * Where the session's credentials live. Spec part 1 §4 keeps them in cookies (sign-out removes the
 * User_ID, token and Authorization cookies), so the browser store is cookie-based; tests and non-browser
 * callers get an in-memory store.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const TOKEN_KEY = 'token';
export const AUTHORIZATION_KEY = 'Authorization';
export const USER_ID_KEY = 'User_ID';

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const m = new Map(Object.entries(initial));
  return {
    get: (k) => m.get(k) ?? null,
    set: (k, v) => void m.set(k, v),
    remove: (k) => void m.delete(k),
  };
}

/**
 * The attributes of every cookie the client writes: sent to this site only (Strict: no other
 * site's link or form carries the session), and over https only when the page came over https.
 */
export function cookieAttributes(protocol: string): string {
  return `path=/; SameSite=Strict${protocol === 'https:' ? '; Secure' : ''}`;
}

export function cookieStore(doc: Document = document): KeyValueStore {
  const attributes = () => cookieAttributes(doc.location?.protocol ?? '');
  return {
    get(key) {
      const prefix = `${encodeURIComponent(key)}=`;
      for (const part of doc.cookie.split(';')) {
        const p = part.trim();
        if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
      }
      return null;
    },
    set(key, value) {
      doc.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes()}`;
    },
    remove(key) {
      doc.cookie = `${encodeURIComponent(key)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes()}`;
    },
  };
}

export interface AuthStorage {
  getToken(): string | null;
  setToken(value: string): void;
  getAuthorization(): string | null;
  setAuthorization(value: string): void;
  getUserId(): string | null;
  setUserId(value: string): void;
  /** What a 401 does: forget the token and the authorization value (User_ID stays, as in the spec). */
  clearCredentials(): void;
  /** Sign-out: forget everything the session stored. */
  clearAll(): void;
  /** The Authorization header to send, or null when nothing is stored. */
  authorizationHeader(): string | null;
}

export function createAuthStorage(store: KeyValueStore): AuthStorage {
  return {
    getToken: () => store.get(TOKEN_KEY),
    setToken: (v) => store.set(TOKEN_KEY, v),
    getAuthorization: () => store.get(AUTHORIZATION_KEY),
    setAuthorization: (v) => store.set(AUTHORIZATION_KEY, v),
    getUserId: () => store.get(USER_ID_KEY),
    setUserId: (v) => store.set(USER_ID_KEY, v),
    clearCredentials() {
      store.remove(TOKEN_KEY);
      store.remove(AUTHORIZATION_KEY);
    },
    clearAll() {
      store.remove(TOKEN_KEY);
      store.remove(AUTHORIZATION_KEY);
      store.remove(USER_ID_KEY);
    },
    authorizationHeader() {
      // The authorization value wins; a token refreshed by the server (answer header) is the fallback.
      const v = store.get(AUTHORIZATION_KEY) || store.get(TOKEN_KEY);
      if (!v) return null;
      return /^\S+\s+\S/.test(v) ? v : `Bearer ${v}`;
    },
  };
}

let shared: AuthStorage | undefined;

/** The browser's credential store, shared by the API client and (issue 3) the sign-in page. */
export function authStorage(): AuthStorage {
  shared ??= createAuthStorage(typeof document === 'undefined' ? memoryStore() : cookieStore());
  return shared;
}
