// Two builds share this file so they share one resolver setup:
//   `vite build`             the page (root web/, output dist/), served by `npm start`;
//   `vite build --mode cli`  the `astar` command, bundled for Node into dist/cli/astar.mjs
//                            (bin/astar.mjs loads it; Node 20 cannot run TypeScript itself).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const DEFAULT_PORT = 5173;
const port = Number(process.env.PORT) || DEFAULT_PORT;
// Loopback only: the playground is a local tool, nothing should reach it from the network.
const server = { host: '127.0.0.1', port, strictPort: true };

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
    preview: server,
  };
});
