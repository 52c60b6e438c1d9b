import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { shellPaths } from './src/layout/shell-paths';

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
        // The pages, the query cache and class merge they wait for (router.tsx) and the dashboard's start data (main.tsx).
        const starts = chunks.filter((chunk) => ['logged-in-pages', 'query-client', 'class-merge', 'start-data'].includes(chunk.name));
        if (!entry || starts.length === 0) return [];
        const loadedWithEntry = new Set([entry.fileName, ...entry.imports]);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || loadedWithEntry.has(fileName)) return;
          files.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const chunk of starts) visit(chunk.fileName);
        const styles = [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const links = [...[...files].map((file) => ['modulepreload', `/${file}`]), ...styles.map((file) => ['stylesheet', `/${file}`])];
        // Vite's loader finds these stylesheets in place later and does not add them twice.
        const script = `if(sessionStorage.getItem("token")&&${JSON.stringify(shellPaths)}.includes(location.pathname))for(const[r,h]of ${JSON.stringify(links)}){const l=document.createElement("link");l.rel=r;l.href=h;document.head.appendChild(l)}`;
        // First in <head>: an inline script after a stylesheet would wait for it.
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLoggedInPages()],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
