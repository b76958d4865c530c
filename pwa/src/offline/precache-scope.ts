// What the service worker precaches: what the kiosk can open, not what only the back-office or a
// player's phone opens. The build's chunk graph is walked from the entry, following
// static imports and lazy imports except those into a folder behind a lazy boundary (pwa/src/admin,
// pwa/src/payment); a chunk or style sheet not reached that way is dropped from the precache
// manifest and cached at runtime when first opened (runtime-caching.ts, 'lazy-chunks'). Read at
// build time by vite.config.ts; nothing here runs in the browser.
import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';

/** What the walk needs of a Rollup/Rolldown output chunk. */
export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Style sheets Vite emitted for the chunk. */
  css: string[];
}

/** Lazy chunks of these folders are opened on their own pages, never by the kiosk. */
export const LAZY_BOUNDARIES = [/\/pwa\/src\/admin\//, /\/pwa\/src\/payment\//];

const behindBoundary = (chunk: ChunkNode | undefined, boundaries: RegExp[]) =>
  !!chunk?.facadeModuleId && boundaries.some((b) => b.test(chunk.facadeModuleId!.replace(/\\/g, '/')));

/** Files of chunks (and their style sheets) the kiosk never loads. */
export function filesOnlyBehindBoundaries(chunks: ChunkNode[], boundaries: RegExp[] = LAZY_BOUNDARIES): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byFile.get(fileName);
    if (!chunk || reached.has(fileName)) return;
    reached.add(fileName);
    chunk.imports.forEach(visit);
    chunk.dynamicImports.filter((f) => !behindBoundary(byFile.get(f), boundaries)).forEach(visit);
  };
  chunks.filter((c) => c.isEntry).forEach((c) => visit(c.fileName));
  const kioskCss = new Set(chunks.filter((c) => reached.has(c.fileName)).flatMap((c) => c.css));
  const dropped = new Set<string>();
  for (const chunk of chunks) {
    if (reached.has(chunk.fileName)) continue;
    dropped.add(chunk.fileName);
    chunk.css.filter((f) => !kioskCss.has(f)).forEach((f) => dropped.add(f));
  }
  return dropped;
}

/**
 * A Vite plugin that reads the chunk graph of the build, and the workbox manifest transform that
 * drops what it found (the service worker is generated after the bundle is written).
 */
export function precacheScope(boundaries: RegExp[] = LAZY_BOUNDARIES): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let dropped = new Set<string>();
  let seen = false;
  const plugin: Plugin = {
    name: 'courtreplay:precache-scope',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkNode[] = Object.values(bundle).flatMap((out) =>
        out.type === 'chunk'
          ? [
              {
                fileName: out.fileName,
                isEntry: out.isEntry,
                facadeModuleId: out.facadeModuleId,
                imports: out.imports,
                dynamicImports: out.dynamicImports,
                css: [...(out.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      dropped = filesOnlyBehindBoundaries(chunks, boundaries);
      seen = true;
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    // Without the graph the precache would silently hold the back-office again: fail the build.
    if (!seen) throw new Error('precache-scope: the chunk graph was not read before the service worker was generated');
    return { manifest: entries.filter((e) => !dropped.has(e.url.replace(/^\//, ''))), warnings: [] };
  };
  return { plugin, manifestTransform };
}
