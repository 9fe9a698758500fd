#!/usr/bin/env node
// The `astar` command (package.json "bin"). The CLI is TypeScript (web/src/cli/), which
// Node 20 cannot run, so `npm run build` bundles it, the wasm engine included, into
// dist/cli/astar.mjs; this file only finds that bundle and runs it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli/astar.mjs', import.meta.url);

// `astar ... | head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

if (!existsSync(bundle)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  console.error(`astar: the CLI is not built yet; run \`npm run build\` in ${root}`);
  process.exitCode = 1;
} else {
  const { main } = await import(bundle.href);
  process.exitCode = await main(process.argv.slice(2));
}
