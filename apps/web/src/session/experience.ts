import {
  type ApiClient,
  AUTHORIZATION_KEY,
  authStorage,
  type KeyValueStore,
  TOKEN_KEY,
} from '@mes/engine-web/api';
import { EXPERIENCE_TOKEN_COOKIE, LOCK_COOKIE, shellCookies } from './cookies';

export interface ExperienceValues {
  lockState: string | null;
  experienceToken: string | null;
}

/** Spec part 1 §4: only a visitor sent by an experience page, with lockState or experienceToken in the query. */
export function experienceValues(referrer: string, search: string): ExperienceValues | null {
  if (!/experience/i.test(referrer)) return null;
  const q = new URLSearchParams(search);
  const lockState = q.get('lockState');
  const experienceToken = q.get('experienceToken');
  if (lockState === null && !experienceToken) return null;
  return { lockState, experienceToken };
}

/** Stores the values: the token becomes the session's credentials, lockState the lock cookie. */
export function storeExperience(v: ExperienceValues, cookies: KeyValueStore): void {
  if (v.lockState !== null) cookies.set(LOCK_COOKIE, v.lockState);
  if (v.experienceToken) {
    cookies.set(EXPERIENCE_TOKEN_COOKIE, v.experienceToken);
    cookies.set(TOKEN_KEY, v.experienceToken);
    cookies.set(AUTHORIZATION_KEY, `Bearer ${v.experienceToken}`);
  }
}

/**
 * The experience entry: stores the values, learns whose token it is (the guard wants a User_ID cookie)
 * and reloads at the root. Resolves true when the page is being reloaded.
 */
export async function experienceEntry(api: ApiClient): Promise<boolean> {
  const v = experienceValues(document.referrer, window.location.search);
  if (!v) return false;
  storeExperience(v, shellCookies());
  if (v.experienceToken) {
    try {
      const me = await api.data<{ User_ID: number } | null>('/Base/GetLoginInfo');
      if (me?.User_ID) authStorage().setUserId(String(me.User_ID));
    } catch {
      // a token the server refuses: the root then asks for a sign-in
    }
  }
  window.location.replace('/');
  return true;
}
