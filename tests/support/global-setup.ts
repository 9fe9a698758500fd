// Vitest globalSetup for the browser project: serves dist/ (and the test fixture pages
// under /__test__/) with the strict CSP header, dist/ again under /plain-host/ with no header
// and under /no-wasm-host/ with a policy that refuses WebAssembly, and hands the URL to
// tests as inject('distUrl'). dist/ is built by `npm test` before Vitest starts; when running
// one file by hand, build first with `node scripts/build.mjs`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { STRICT_CSP } from '../../vite.config';
import { startStaticServer } from './static-server';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(`${DIST}index.html`)) {
    throw new Error('dist/ is not built: run `node scripts/build.mjs` (npm test does it) before the browser tests');
  }
  const { url, server } = await startStaticServer([
    { prefix: '/__test__/', directory: PAGES },
    // dist/ again, as a plain static host sends it: no header, the pages' meta tag alone.
    { prefix: '/plain-host/', directory: DIST, policy: null },
    // dist/ again, on a host whose policy refuses WebAssembly (header and meta tag both hold).
    { prefix: '/no-wasm-host/', directory: DIST, policy: withoutWasm(STRICT_CSP) },
    { prefix: '/', directory: DIST },
  ]);
  project.provide('distUrl', url);
  return () => new Promise<void>((done) => server.close(() => done()));
}

function withoutWasm(policy: string): string {
  const refused = policy.replace(" 'wasm-unsafe-eval'", '');
  if (refused === policy) throw new Error(`the policy no longer allows 'wasm-unsafe-eval': ${policy}`);
  return refused;
}
