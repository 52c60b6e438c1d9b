import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shellPageChunks, shellStartChunks } from './src/app/start/shell-paths';
import { pureDomainConstants } from './vite-plugins/pure-domain-constants';
import { chunksLoadedWith } from './vite-plugins/route-chunks';

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * A logged-in user opening a page (a reload, a link from a mail): index.html asks for the shell's
 * chunks while the entry script still downloads, instead of after it ran. Login-page visitors load
 * nothing extra. The server allows exactly this inline script by its hash (security-headers.ts).
 */
function preloadLoggedInPages(): Plugin {
  return {
    name: 'bauakte-preload-logged-in-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output): output is BuiltChunk & typeof output => output.type === 'chunk') as unknown as BuiltChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return [];
        const loadedWithEntry = new Set([entry.fileName, ...entry.imports]);
        /** The named chunks and all they import, but what the entry or `known` already brings. */
        const filesOf = (names: string[], known: ReadonlySet<string>) =>
          chunksLoadedWith(
            (fileName) => byFile.get(fileName)?.imports,
            chunks.filter((each) => names.includes(each.name)).map((chunk) => chunk.fileName),
            new Set([...known, ...loadedWithEntry]),
          );
        const linksOf = (preloaded: ReadonlySet<string>) => {
          const styles = [...preloaded].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [...[...preloaded].map((file) => ['modulepreload', `/${file}`]), ...styles.map((file) => ['stylesheet', `/${file}`])];
        };
        const shellFiles = filesOf([...shellStartChunks], new Set());
        if (shellFiles.size === 0) return [];
        const links = linksOf(shellFiles);
        // Each page's own chunks, by the page's chunk name; the path picks one (shell-paths.ts).
        const pageChunkNames = [...new Set(Object.values(shellPageChunks))];
        const pageFiles = new Map(pageChunkNames.map((name) => [name, filesOf([name], shellFiles)]));
        const pageLinks = Object.fromEntries([...pageFiles].map(([name, files]) => [name, linksOf(files)]));
        // A plan link (/projectOverview?plan=…, a notice mail's) opens the viewer at once: its code and the
        // start that fetches the plan's first image (main.tsx) come with the overview's, not after the entry ran.
        const overviewFiles = pageFiles.get(shellPageChunks['/projectOverview'] ?? '') ?? new Set<string>();
        const planLinks = linksOf(filesOf(['plan-link-start', 'plan-viewer-with-pins'], new Set([...shellFiles, ...overviewFiles])));
        // A chat link (?chat=…, a notice mail's) opens the chat over the page: its code comes with the page's.
        const chatLinks = linksOf(filesOf(['chat-dialog'], shellFiles));
        const add = 'const l=document.createElement("link");l.rel=r;l.href=h;document.head.appendChild(l)';
        // Vite's loader finds these stylesheets in place later and does not add them twice.
        const script =
          `{const c=(sessionStorage.getItem("token")||localStorage.getItem("bauakte.rememberedToken"))&&${JSON.stringify(shellPageChunks)}[location.pathname];` +
          `if(typeof c==="string"){const p=${JSON.stringify(pageLinks)};` +
          `for(const[r,h]of ${JSON.stringify(links)}.concat(p[c])){${add}}` +
          `if(/[?&]plan=/.test(location.search))for(const[r,h]of ${JSON.stringify(planLinks)}){${add}}` +
          `if(/[?&]chat=/.test(location.search))for(const[r,h]of ${JSON.stringify(chatLinks)}){${add}}}}`;
        // First in <head>: an inline script after a stylesheet would wait for it.
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * React Router's package points every bundler at its development build: its exports name no
 * production condition. The built app takes the production build beside it, the same router
 * without the development warnings and checks; tests and the dev server keep the development one.
 */
function reactRouterProductionBuild(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  const productionEntry = join(dirname(packageJson), 'dist/production/index.mjs');
  return {
    name: 'bauakte-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: productionEntry }] } }),
  };
}

/** The chunks of the password strength's word lists, named so that the service worker leaves them out. */
const passwordDictionaryChunk = 'password-dictionary';

/** The chunk the two dashboards share, named after its grid rather than after whichever of its modules comes first. */
const dashboardGridChunk = 'dashboard-grid';

function chunkFileName(chunk: { name: string; moduleIds: string[] }): string {
  const dictionaryOnly = chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\/@zxcvbn-ts\/(language-|dictionary-compression)/.test(id));
  if (dictionaryOnly) return `assets/${passwordDictionaryChunk}-[hash].js`;
  const holdsGrid = chunk.moduleIds.some((id) => id.endsWith('/features/dashboard/dashboard-grid.tsx'));
  return `assets/${holdsGrid ? dashboardGridChunk : '[name]'}-[hash].js`;
}

/** The theme colour of styles.css (--color-primary), which index.html's theme-color names too. */
const themeColor = '#1d4f91';

/**
 * The installable app: its manifest and a Workbox service worker that precaches the app shell (the
 * hashed scripts and styles, index.html for every app route, icons), so the app opens without a
 * connection after one visit. The API and the live channel are never cached by it: with no
 * runtime caching, requests to /api and /ws go to the network as if there were no worker, so the
 * worker's cache never holds one person's data. A new version waits until the user chooses
 * 'Neu laden' (platform/offline/app-update-*); the page registers the worker itself after load.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Bauakte',
      short_name: 'Bauakte',
      description: 'Das Portal für Architektinnen, Architekten und ihre Kundschaft: Projekte, Gebäudedaten, Pläne und Nachrichten – auch auf der Baustelle.',
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: themeColor,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,webmanifest}'],
      // The password strength's word lists (over 1 MB) serve only forms that need the server anyway.
      globIgnores: [`assets/${passwordDictionaryChunk}-*`],
      navigateFallback: '/index.html',
      // Pages the server makes itself (the API docs) and everything of the API and the live channel.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
      // The PDF worker and the plan viewer are large but belong to the shell the site visit needs.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

/** scripts/build.mjs's first build, which only tells what each chunk holds (vite-plugins/route-chunks.ts). */
const chunkPlanMode = 'chunk-plan';

export default defineConfig(({ mode }) => ({
  plugins: [reactRouterProductionBuild(), pureDomainConstants(), react(), tailwindcss(), preloadLoggedInPages(), mode === chunkPlanMode ? [] : installableApp()],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { chunkFileNames: chunkFileName } },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
}));
