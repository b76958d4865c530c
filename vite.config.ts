import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheScope } from './pwa/src/offline/precache-scope.ts';
import { offlineRuntimeCaching } from './pwa/src/offline/runtime-caching.ts';

const serverPort = process.env.PORT ?? '8080';
// The version a kiosk reports in its heartbeat: the package version and, in a git
// checkout, the commit it was built from.
const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
})();
const appVersion = commit ? `${packageVersion}+${commit}` : packageVersion;
// The back-office and the phone-only payment pages stay out of the kiosk's precache.
const kioskPrecache = precacheScope();

// Builds pwa/ into pwa/dist, which the sync server serves. In dev, /api, the share pages and the
// recorder's download are proxied to the server started by `npm run dev`.
export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/d/': `http://127.0.0.1:${serverPort}`,
      '/downloads/': `http://127.0.0.1:${serverPort}`,
      '/media/': `http://127.0.0.1:${serverPort}`,
    },
  },
  plugins: [
    react(),
    kioskPrecache.plugin,
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'CourtReplay',
        short_name: 'CourtReplay',
        description: 'Pick, pay for and receive your replay clips from the court.',
        start_url: '/box',
        scope: '/',
        display: 'fullscreen',
        orientation: 'any',
        theme_color: '#07110e',
        background_color: '#07110e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
      workbox: {
        clientsClaim: true,
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        manifestTransforms: [kioskPrecache.manifestTransform],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/c\//, /^\/d\//, /^\/downloads\//, /^\/media\//, /^\/p\//],
        // CMS media and the chunks left out of the precache (admin, payment pages), cached as they
        // are first used (pwa/src/offline/runtime-caching.ts).
        runtimeCaching: offlineRuntimeCaching,
      },
    }),
  ],
});
