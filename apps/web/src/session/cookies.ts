import { authStorage, cookieStore, type KeyValueStore } from '@mes/engine-web/api';

/** Cookies of the shell (spec part 1 §4); the credentials themselves live in engine/web's auth storage. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const LOCK_COOKIE = 'lockState';
/** Where the user was when the screen locked, to return there after unlocking. */
export const LOCK_RETURN_COOKIE = 'lockReturn';
export const CAROUSEL_COOKIE = 'carousel';
export const EXPERIENCE_TOKEN_COOKIE = 'experienceToken';

let store: KeyValueStore | undefined;
export function shellCookies(): KeyValueStore {
  store ??= cookieStore();
  return store;
}

/** For tests: a store of their own instead of document.cookie. */
export function setShellCookieStore(s: KeyValueStore): void {
  store = s;
}

const LOCKED = new Set(['1', 'true', 'locked']);

export function isLocked(s: KeyValueStore = shellCookies()): boolean {
  return LOCKED.has((s.get(LOCK_COOKIE) ?? '').toLowerCase());
}

export function lock(returnTo: string, s: KeyValueStore = shellCookies()): void {
  s.set(LOCK_COOKIE, '1');
  if (returnTo && !returnTo.startsWith('/lockPage')) s.set(LOCK_RETURN_COOKIE, returnTo);
}

/** Clears the lock and says where to go back to. */
export function unlock(s: KeyValueStore = shellCookies()): string {
  const back = s.get(LOCK_RETURN_COOKIE);
  s.remove(LOCK_COOKIE);
  s.remove(LOCK_RETURN_COOKIE);
  return back?.startsWith('/') && !back.startsWith('//') ? back : '/dashboard';
}

/** Open (true) or collapsed, as the user left it; open by default. */
export function sidebarOpened(s: KeyValueStore = shellCookies()): boolean {
  return s.get(SIDEBAR_COOKIE) !== '0';
}

export function saveSidebarOpened(open: boolean, s: KeyValueStore = shellCookies()): void {
  s.set(SIDEBAR_COOKIE, open ? '1' : '0');
}

/** Sign-out forgets the User_ID, token, Authorization and carousel cookies (and any lock). */
export function clearSessionCookies(s: KeyValueStore = shellCookies()): void {
  authStorage().clearAll();
  for (const k of [CAROUSEL_COOKIE, LOCK_COOKIE, LOCK_RETURN_COOKIE, EXPERIENCE_TOKEN_COOKIE]) s.remove(k);
}
