import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileCatalogue, pseudoCatalogue } from './src/i18n/compileCatalogue.ts';
import { partOf } from './src/i18n/parts.ts';
import { PSEUDO_LOCALE } from './src/i18n/locales.ts';
import { shellWorker } from './src/offline/shellWorker.ts';
import { alertWorker, ALERT_KINDS, type AlertWords } from './src/offline/alertWorker.ts';

const CATALOG = 'virtual:tether-catalog/';
const ENGLISH_PART = 'virtual:tether-english/';
const I18N = fileURLToPath(new URL('src/i18n/i18n.ts', import.meta.url));

/**
 * `virtual:tether-catalog/<language>`: that language's messages (ICU, in
 * src/i18n/catalogs/<language>.json) compiled for Lingui's runtime at build time, so the page
 * never parses ICU. Each language other than English is its own chunk, loaded when chosen.
 * English, in the first load, leaves out the parts that load lazily (src/i18n/parts.ts):
 * importing `virtual:tether-english/<part>` adds that part's English where it is needed.
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'tether-compiled-catalogs',
    resolveId: (id) => (id.startsWith(CATALOG) || id.startsWith(ENGLISH_PART) ? `\0${id}` : null),
    load(id) {
      const catalogue = (language: string): Record<string, string> => {
        const file = fileURLToPath(new URL(`src/i18n/catalogs/${language}.json`, import.meta.url));
        this.addWatchFile(file);
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      };
      const only = (keep: (id: string) => boolean) =>
        compileCatalogue(Object.fromEntries(Object.entries(catalogue('en')).filter(([key]) => keep(key))));
      if (id.startsWith(`\0${ENGLISH_PART}`)) {
        const part = id.slice(ENGLISH_PART.length + 1);
        const messages = only((key) => partOf(key) === part);
        return `import { registerCatalogue } from ${JSON.stringify(I18N)};\nregisterCatalogue('en', ${JSON.stringify(messages)});`;
      }
      if (!id.startsWith(`\0${CATALOG}`)) return null;
      const language = id.slice(CATALOG.length + 1);
      const messages =
        language === 'en'
          ? only((key) => partOf(key) === undefined)
          : language === PSEUDO_LOCALE
            ? pseudoCatalogue(catalogue('en'))
            : compileCatalogue(catalogue(language));
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}

/**
 * `sw.js`: the service worker that keeps the app's shell (src/offline/shellWorker.ts), written
 * with the build's own file names, so that it keeps exactly this build and drops the one before.
 * The mock agent-server's code is left out: a real deployment never runs it.
 */
function shellWorkerFile(): Plugin {
  return {
    name: 'tether-shell-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const files = Object.values(bundle)
        .filter((file) => !file.fileName.endsWith('.map') && file.fileName !== 'sw.js')
        .filter((file) => !(file.type === 'chunk' && file.facadeModuleId?.includes('/mocks/')))
        .map((file) => `/${file.fileName}`);
      const shell = [...new Set(['/index.html', '/favicon.svg', '/manifest.webmanifest', ...files])].sort();
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 16);
      // Each language's catalogue, by its code: the worker keeps only the one spoken.
      const catalogues: Record<string, string> = {};
      for (const file of Object.values(bundle))
        if (file.type === 'chunk' && file.facadeModuleId?.startsWith(`\0${CATALOG}`))
          catalogues[file.facadeModuleId.slice(CATALOG.length + 1)] = `/${file.fileName}`;
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source:
          `(${shellWorker.toString()})(self, ${[shell, version, catalogues].map((v) => JSON.stringify(v)).join(', ')});\n` +
          `(${alertWorker.toString()})(self, ${JSON.stringify(alertWords())});\n`,
      });
    },
  };
}

/**
 * Away from a conversation the inbox is part of the first screen: its code (src/app/idleParts.ts,
 * and what that needs beyond the entry's own) is asked for with the page's scripts, by a line of
 * index.html that knows this build's file names. Asked for later, it came a round trip after the
 * list's read, and the list kept in this browser was never what painted first. On a
 * conversation's address it still waits for the first idle moment, after the rows.
 */
function inboxPreload(): Plugin {
  return {
    name: 'tether-inbox-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (name: string, into = new Set<string>()) => {
          if (into.has(name)) return into;
          into.add(name);
          for (const imported of byName.get(name)?.imports ?? []) closure(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const inbox = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/idleParts.ts'));
        if (!entry || !inbox) throw new Error("The inbox's chunk, or the entry, is missing from the build");
        const loaded = closure(entry.fileName);
        const wanted = [...closure(inbox.fileName)].filter((name) => !loaded.has(name));
        const scripts = wanted.map((name) => `/${name}`);
        const styles = wanted.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
        const links = [
          ...scripts.map((href) => ({ rel: 'modulepreload', href })),
          ...styles.map((name) => ({ rel: 'preload', as: 'style', href: `/${name}` })),
        ];
        return [
          {
            tag: 'script',
            // Before the stylesheet: a script after it would wait for it to load.
            injectTo: 'head-prepend',
            children:
              `if (location.pathname.indexOf('/conversations/') < 0)` +
              `${JSON.stringify(links)}.forEach(function (attributes) {` +
              `document.head.appendChild(Object.assign(document.createElement('link'), attributes));` +
              `});`,
          },
        ];
      },
    },
  };
}

/**
 * `TETHER_PREVIEW_UNCOMPRESSED=1 vite preview` serves the build as it is. Vite's preview gzips
 * every answer, on every request: on loopback that only spends CPU, the journeys' most of all,
 * which ask for the build some 20,000 times a run (the vendor script: 10 ms of CPU a request
 * gzipped, 2.4 ms as it is). The bench keeps the gzip a deployment has.
 */
function uncompressedPreview(): Plugin {
  return {
    name: 'tether-uncompressed-preview',
    configurePreviewServer(server) {
      if (!process.env.TETHER_PREVIEW_UNCOMPRESSED) return;
      // Before Vite's own middlewares, its compression among them: asked for nothing else, it
      // answers as the file is.
      server.middlewares.use((request, _response, next) => {
        delete request.headers['accept-encoding'];
        next();
      });
    },
  };
}

/**
 * The page's style sheet is asked for before any script of the head runs. Named where Vite puts
 * it, at the head's end, it was asked for only once those scripts had run (their first read of
 * this browser's storage among them): 10 to 56 ms after the page had come, while it blocks the
 * first paint and the kept look's script (the bench's second opening, 2026-12-02).
 */
function styleSheetFirst(): Plugin {
  return {
    name: 'tether-style-sheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(html);
        if (!sheet) throw new Error("The page's style sheet is missing from index.html");
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: sheet[1] },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * The look this browser kept of a conversation (index.html, conversation/copy/keptPaint.ts) is
 * painted before the app's script is compiled or run: both hold the main thread (its evaluation
 * alone 70 ms and more), the browser paints nothing meanwhile, and a kept paint ready at 80 ms
 * was seen only after them, at about 300 ms. So the entry and its imports are not named by the
 * HTML's own tags: a first line asks for them at once when no paint is kept for the address
 * (the cold opening loses nothing), or once the paint is on screen; the entry runs then, or
 * after KEPT_PAINT_WAIT_MS at the latest.
 */
const KEPT_PAINT_WAIT_MS = 100;

function keptPaintFirst(): Plugin {
  return {
    name: 'tether-kept-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(html);
        const entry = Object.values(bundle ?? {}).find((file) => file.type === 'chunk' && file.isEntry);
        if (!entryTag || !entry || entry.type !== 'chunk')
          throw new Error("The entry's script is missing from index.html");
        const scripts = [entry.fileName, ...entry.imports].map((name) => `/${name}`);
        const preloads = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;
        const stripped = html
          .replace(preloads, (tag, href: string) => (scripts.includes(href) ? '' : tag))
          .replace(
            entryTag[0],
            `<script type="module">await Promise.race([window.__tetherAppMayRun, ` +
              `new Promise((resolve) => setTimeout(resolve, ${KEPT_PAINT_WAIT_MS}))]); ` +
              `window.__tetherLetAppRun(); import(${JSON.stringify(entryTag[1])});</script>\n`,
          );
        return {
          html: stripped,
          tags: [
            {
              tag: 'script',
              // Before the stylesheet: a script after it would wait for it to load.
              injectTo: 'head-prepend',
              children:
                `(function () {var scripts = ${JSON.stringify(scripts)}; var go;` +
                `window.__tetherAppMayRun = new Promise(function (resolve) { go = resolve; });` +
                `window.__tetherLetAppRun = function () { if (!go) return;` +
                `scripts.forEach(function (href) { var link = document.createElement('link');` +
                `link.rel = 'modulepreload'; link.crossOrigin = 'anonymous'; link.href = href;` +
                `document.head.appendChild(link); }); go(); go = undefined; };` +
                `try { var kept = JSON.parse(localStorage.getItem('tether.paints') || '[]');` +
                `var address = location.pathname + location.search;` +
                `if (kept.some(function (entry) { return entry.path === address; })) return;` +
                `} catch (error) {} window.__tetherLetAppRun(); })();`,
            },
          ],
        };
      },
    },
  };
}

/**
 * The words of the worker's notifications in every language (a push carries none): each kind's
 * words as the alert settings name it, and the line that says which server.
 */
function alertWords(): AlertWords {
  const folder = fileURLToPath(new URL('./src/i18n/catalogs/', import.meta.url));
  const words: Record<string, AlertWords[string]> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const catalogue = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>;
    const said = Object.fromEntries(
      ALERT_KINDS.map((kind) => [kind, catalogue[`alerts.kind.${kind}`] ?? '']),
    );
    words[file.replace(/\.json$/, '')] = {
      ...said,
      body: catalogue['alerts.push.body'] ?? '',
    } as AlertWords[string];
  }
  return words;
}

const NODE_TESTS = ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'e2e/real/*.test.ts', 'relay/**/*.test.ts'];
/** The rules' tests that ask for a DOM: `// @vitest-environment jsdom` in their first lines. */
const OWN_DOM_TESTS = ['src', 'mocks', 'relay', 'e2e/real'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(folder, file))
    .filter((file) => readFileSync(file, 'utf8').slice(0, 200).includes('@vitest-environment jsdom')),
);

export default defineConfig({
  plugins: [
    react(),
    compiledCatalogs(),
    shellWorkerFile(),
    inboxPreload(),
    keptPaintFirst(),
    styleSheetFirst(),
    uncompressedPreview(),
  ],
  // The mock agent-server reads no cookies: msw's cookie jar is replaced (see mocks/noCookieJar.ts).
  resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('mocks/noCookieJar.ts', import.meta.url)) } },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|zustand|wouter|marked|@openhands|use-sync-external-store)[\\/]/,
            },
            // Modules of the first load that lazy parts share too: one chunk rather than four
            // small ones, each with its own request and gzip overhead.
            {
              name: 'core',
              test: /src[\\/](agent-server[\\/](client|protocol)|conversation[\\/](eventOrder|conversationTags|resources[\\/](server|events)))\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    // Every core: Vitest's default leaves one free, which on CI's two cores is half the machine.
    maxWorkers: '100%',
    // Rules and components speak English in their tests, as on the first screen.
    setupFiles: ['src/i18n/english.ts'],
    // Threads, not processes: a file's worker starts faster (the unit tests: 68 s → 50 s on two
    // cores).
    pool: 'threads',
    // Rules, transport and mocks run in Node; only components (.tsx) and the few rules' tests
    // that ask for one (`@vitest-environment jsdom`) pay for a DOM (jsdom).
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The files of a worker share their modules: each file's imports were most of its
          // time (50 s → 38 s). A DOM's files keep modules of their own, as a module may hold
          // what it read of an earlier file's window (its storage).
          isolate: false,
          include: NODE_TESTS,
          exclude: OWN_DOM_TESTS,
        },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx', ...OWN_DOM_TESTS] },
      },
    ],
  },
});
