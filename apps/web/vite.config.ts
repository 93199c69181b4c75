import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from '../../scripts/precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8031';

/**
 * API paths are PascalCase (`/Factory`, `/SendMsg/GetSendMsgs`, `/Login`) plus a few lower-case ones the
 * spec names; app pages are lower-case. Some spec pages share a PascalCase prefix (`/Board/Overview`), so a
 * browser navigation (Accept: text/html) always gets the app, as on the real server (DESIGN.md §4).
 */
const API_PATHS = '^/(?:[A-Z]|menuextend|docs)';
const keepNavigations = (req: IncomingMessage) =>
  req.headers.accept?.includes('text/html') ? '/index.html' : undefined;
const proxy: Record<string, ProxyOptions> = {
  [API_PATHS]: { target: API_TARGET, changeOrigin: false, bypass: keepNavigations },
};

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // antd and React are one large vendor chunk by nature; pages are split per route.
    chunkSizeWarningLimit: 2000,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
