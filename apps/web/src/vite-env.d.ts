/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional path prefix of the API (spec part 1 §7), e.g. `/api` behind a reverse proxy. */
  readonly VITE_API_PREFIX?: string;
}
