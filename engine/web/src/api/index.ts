import i18n from 'i18next';
import { type ApiClient, createApiClient } from './client';
import { overlayStore } from './overlay';
import { authStorage } from './storage';

export * from './client';
export * from './errors';
export { LoadingOverlay } from './LoadingOverlay';
export { overlayStore } from './overlay';
export * from './storage';

/** The browser's client; tests build their own with createApiClient and fakes. */
export const api: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: authStorage(),
  language: () => (i18n.language?.startsWith('en') ? 'en' : 'zh'),
  effects: {
    // antd comes when a toast is first shown: the sign-in page, which loads no antd, shows its errors itself
    errorToast: (text) => void import('./toast').then((m) => m.errorToast(text)),
    replaceLocation: (path) => window.location.replace(path),
    showOverlay: overlayStore.show,
    hideOverlay: overlayStore.hide,
    log: (...args) => console.error(...args),
  },
});
