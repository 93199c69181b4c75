import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { bundleListing } from '../../scripts/bundleListing';
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

/**
 * antd's own packages (@rc-component/*, its cssinjs) are plain ES modules whose package.json does not
 * say `sideEffects: false`, so a shell that uses antd's Dropdown got the whole of @rc-component/form
 * (through antd's form context) and every export of @rc-component/util. They have no import-time side
 * effects; saying so lets the build keep only what is used (issue 24: sign-in plus dashboard ≤ 300 KB).
 * Anything else keeps what its package.json says (undefined).
 */
const PURE_VENDOR =
  /[\\/]node_modules[\\/](?:@rc-component[\\/]|@ant-design[\\/](?:cssinjs|cssinjs-utils|fast-color|colors)[\\/])/;
const pureVendor = (id: string): boolean | undefined => (PURE_VENDOR.test(id) ? false : undefined);

export default defineConfig({
  root,
  plugins: [react(), bundleListing(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // antd and React are one large vendor chunk by nature; pages are split per route.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { treeshake: { moduleSideEffects: pureVendor } },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
