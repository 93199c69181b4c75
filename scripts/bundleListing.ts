/**
 * What each chunk of the web build is made of: with `BUNDLE_LISTING=1 npm run build`, writes
 * `apps/web/dist/.vite/modules.json` (chunk file → its modules and their rendered bytes, before
 * minification) for `npx tsx scripts/webChunks.ts`, which says why a page loads what it loads.
 */
import type { Plugin } from 'vite';

export interface ChunkListing {
  file: string;
  name: string;
  /** Static imports (files) and dynamic imports (module ids). */
  imports: string[];
  dynamicImports: string[];
  modules: { id: string; bytes: number; importers: string[]; dynamicImporters: string[] }[];
}

export function bundleListing(): Plugin {
  return {
    name: 'mes-bundle-listing',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (process.env.BUNDLE_LISTING !== '1') return;
      const chunks: ChunkListing[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          file: out.fileName,
          name: out.name,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          modules: Object.entries(out.modules)
            .map(([id, m]) => {
              const info = this.getModuleInfo(id);
              return {
                id,
                bytes: m.renderedLength,
                importers: [...(info?.importers ?? [])],
                dynamicImporters: [...(info?.dynamicImporters ?? [])],
              };
            })
            .sort((a, b) => b.bytes - a.bytes),
        });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}
