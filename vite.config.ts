// Three builds share this file so they share one resolver setup:
//   `vite build`              the page (root web/, output dist/), served by `npm start`;
//   `vite build --mode embed` <astar-playground> as one self-contained ES module,
//                             dist/embed/astar-playground.js, with its hand-written
//                             declaration beside it (run after the page build, which
//                             empties dist/);
//   `vite build --mode cli`   the `astar` command, bundled for Node into dist/cli/astar.mjs
//                             (bin/astar.mjs loads it; Node 20 cannot run TypeScript itself);
//   `vite build --mode package` the npm package's entry (web/src/package/index.ts) as one
//                             self-contained ES module for Node 20+ and browsers,
//                             dist/package/index.js, with its hand-written declaration.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const DEFAULT_PORT = 5173;
const port = Number(process.env.PORT) || DEFAULT_PORT;
// Loopback only: the playground is a local tool, nothing should reach it from the network.
const server = { host: '127.0.0.1', port, strictPort: true };

/**
 * The Content-Security-Policy the playground, the element and the tutorial must work under:
 * no eval, no inline scripts or styles, wasm compilation allowed. This is its one definition:
 * the page build writes it into every page it ships as a meta tag (so it holds on any static
 * host), `npm start` also sends it as a header, the browser tests serve dist/ with it
 * (tests/support/static-server.ts) and a test checks README quotes it. A change that needs a
 * looser policy fails there rather than on someone's strict page.
 */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Writes STRICT_CSP as a meta tag into every HTML file of the page build's output: index.html
 * and the tutorial pages Vite copies unchanged from web/public/. The tag goes right after the
 * charset, before any script or stylesheet it must govern. (frame-ancestors and report-uri,
 * which a meta tag cannot carry, are not in the policy.)
 */
function contentSecurityPolicyMeta(): Plugin {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${STRICT_CSP}" />`;
  return {
    name: 'astar-csp-meta',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir!;
      const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
      for (const page of pages) {
        const file = join(outDir, page);
        const html = readFileSync(file, 'utf8');
        const charset = /<meta charset="utf-8" *\/?>/i.exec(html);
        if (!charset || /http-equiv="Content-Security-Policy"/i.test(html)) {
          this.error(`${page}: a page must open its head with <meta charset="utf-8" /> and carry no policy of its own (the build adds it)`);
        }
        const end = charset.index + charset[0].length;
        writeFileSync(file, `${html.slice(0, end)}\n    ${tag}${html.slice(end)}`);
      }
    },
  };
}

/** Ships a hand-written declaration (`source`, from the root) beside the module as `fileName`. */
function shippedDeclaration(source: string, fileName: string): Plugin {
  return {
    name: 'astar-shipped-declaration',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: readFileSync(fromRoot(source), 'utf8') });
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'cli') {
    return {
      root: fromRoot('.'),
      publicDir: false,
      build: {
        ssr: fromRoot('web/src/cli/main.ts'),
        outDir: fromRoot('dist/cli'),
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        rolldownOptions: { output: { entryFileNames: 'astar.mjs' } },
      },
      // One self-contained file: the CLI must not need node_modules at run time.
      ssr: { noExternal: true },
    };
  }
  if (mode === 'embed') {
    return {
      root: fromRoot('web'),
      publicDir: false,
      build: {
        outDir: fromRoot('dist/embed'),
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: true,
        // ONE file: the engine module already inlines the wasm and the stylesheet is
        // imported as text, so nothing else is emitted for a page author to host.
        lib: {
          entry: fromRoot('web/src/embed/astar-playground.ts'),
          formats: ['es'],
          fileName: () => 'astar-playground.js',
        },
      },
      plugins: [shippedDeclaration('web/src/embed/types/astar-playground.d.ts', 'astar-playground.d.ts')],
    };
  }
  if (mode === 'package') {
    return {
      root: fromRoot('web'),
      publicDir: false,
      build: {
        outDir: fromRoot('dist/package'),
        emptyOutDir: true,
        target: 'es2022',
        // ONE file with the wasm inlined, as the element: nothing to resolve beside it, in
        // Node or behind any bundler. No source map: it would double the tarball.
        lib: {
          entry: fromRoot('web/src/package/index.ts'),
          formats: ['es'],
          fileName: () => 'index.js',
        },
      },
      plugins: [shippedDeclaration('web/src/package/types/index.d.ts', 'index.d.ts')],
    };
  }
  return {
    root: fromRoot('web'),
    // Relative asset URLs so dist/ works from any path (a sub-folder or a tutorial site).
    base: './',
    build: {
      outDir: fromRoot('dist'),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
    },
    plugins: [contentSecurityPolicyMeta()],
    server,
    preview: { ...server, headers: { 'Content-Security-Policy': STRICT_CSP } },
  };
});
