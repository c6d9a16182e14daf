/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * react-router's package exports only its development build (warnings and
 * checks included); a production bundle takes the production build it ships
 * beside it (about a third smaller).
 */
const reactRouterProduction = `${dirname(createRequire(import.meta.url).resolve('react-router/package.json'))}/dist/production/index.mjs`;

/**
 * i18next-icu (hoisted to the root node_modules) would find the root's intl-messageformat, an older
 * copy another tool brought; the app's messages are formatted by the one this workspace declares.
 */
const intlMessageFormat = createRequire(import.meta.url).resolve('intl-messageformat');

/** Dark surface behind the app; also the manifest's theme and background colour. */
const THEME_COLOR = '#121218';

// The SPA lives under /vbc/ (docs/contracts.md §2) and is served by the API server with a
// strict CSP: no inline scripts, no third-party requests (so the system font
// stack and locally rendered QR codes).
const API_SERVER = process.env.VBC_API_SERVER ?? 'http://localhost:8080';

export default defineConfig(({ mode, isSsrBuild }) => ({
  base: '/vbc/',
  // `vite build --ssr src/ssr/render-card.tsx`: the card's server renderer, one self-contained
  // module tree for Node in dist-ssr/ (the server loads it; nothing there is served).
  ssr: { noExternal: true },
  // The server renderer is a production build too: the same React, MUI and emotion code paths
  // (and so the same class names) as the browser's.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  resolve: {
    alias: [
      { find: /^intl-messageformat$/, replacement: intlMessageFormat },
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // The theme has no CSS variables (src/theme.ts), so MUI's CSS-variables theme builder is never called.
            {
              find: /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/,
              replacement: fileURLToPath(new URL('./src/build/no-css-vars-theme.ts', import.meta.url)),
            },
            // Ripples are off app-wide (src/theme.ts), so ButtonBase never mounts its TouchRipple.
            { find: /^\.\/TouchRipple\.mjs$/, replacement: fileURLToPath(new URL('./src/build/no-touch-ripple.ts', import.meta.url)) },
          ]
        : []),
    ],
  },
  plugins: [react(), ...(isSsrBuild ? [] : [precompress(), pwa()])],
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', sourcemap: false, minify: false }
    : {
        manifest: true,
        // Every browser the app targets supports <link rel="modulepreload">.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The app, and the few hundred bytes a server-rendered card page starts with (src/card-boot.ts).
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            'card-boot': fileURLToPath(new URL('./src/card-boot.ts', import.meta.url)),
          },
          treeshake: {
            // @emotion/react imports 'hoist-non-react-statics' bare (for withTheme, which MUI never uses);
            // that CJS package and its react-is copy have no side effects, so they may drop out.
            moduleSideEffects: (id: string) =>
              /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) ? false : undefined,
          },
        },
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 400,
      },
  // `npm run dev -w @vbc/web` beside a running server (npm start): API, files and the hub go to it.
  server: {
    proxy: {
      '/api': API_SERVER,
      '/ds': API_SERVER,
      '/personalHub': { target: API_SERVER, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/i18n-setup.ts'],
    expect: { requireAssertions: true },
  },
}));

/** The installed app: manifest and service worker. */
function pwa() {
  return VitePWA({
    // docs/contracts.md §2: the service worker is at /vbc/service-worker.js. Our own worker (src/sw/): offline
    // pages and data, push notifications and their clicks; the build injects its file list.
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'service-worker.ts',
    registerType: 'prompt',
    injectRegister: null,
    manifest: {
      name: 'V.B.C.',
      short_name: 'V.B.C.',
      description: 'Your virtual business card: share it by link or QR code.',
      id: '/vbc/',
      start_url: '/vbc/',
      scope: '/vbc/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The worker saves icons at install, and the scripts only when a signed-in page asks
      // (a card visitor should not download the whole app).
      globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
      globIgnores: ['**/service-worker.js'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}
