// Three builds share this file so they share one resolver setup:
//   `vite build`              the page (root web/, output dist/), served by `npm start`;
//   `vite build --mode embed` <astar-playground> as one self-contained ES module,
//                             dist/embed/astar-playground.js, with its hand-written
//                             declaration beside it (run after the page build, which
//                             empties dist/);
//   `vite build --mode cli`   the `astar` command, bundled for Node into dist/cli/astar.mjs
//                             (bin/astar.mjs loads it; Node 20 cannot run TypeScript itself).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const DEFAULT_PORT = 5173;
const port = Number(process.env.PORT) || DEFAULT_PORT;
// Loopback only: the playground is a local tool, nothing should reach it from the network.
const server = { host: '127.0.0.1', port, strictPort: true };

/**
 * The Content-Security-Policy the playground, the element and the tutorial must work under:
 * no eval and no inline scripts, wasm compilation allowed. `npm start` serves dist/ with it,
 * and so do the browser tests (tests/support/static-server.ts), so a change that needs a
 * looser policy fails there rather than on someone's strict page.
 */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/** Ships the element's hand-written declaration beside the module. */
function embedDeclaration(): Plugin {
  return {
    name: 'astar-embed-declaration',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'astar-playground.d.ts',
        source: readFileSync(fromRoot('web/src/embed/types/astar-playground.d.ts'), 'utf8'),
      });
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
      plugins: [embedDeclaration()],
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
    server,
    preview: { ...server, headers: { 'Content-Security-Policy': STRICT_CSP } },
  };
});
