// A tiny static file server for the browser tests: serves the built dist/ the way a real
// web host would, by default with the strict Content-Security-Policy header the product
// promises to work under, so tests prove that promise rather than the Vite dev server's
// looser setup. The policy itself is defined once, in vite.config.ts, which `npm start`
// serves with too. A mount may send another policy, or none: a plain static host, where
// the pages' own meta tag is all that holds.
// Test-only fixture pages (tests/support/pages/) are served under /__test__/, next to
// dist/, so they can load the built files by relative URL without being shipped in dist/.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { STRICT_CSP } from '../../vite.config';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8', // declarations are downloaded, never run
};

/** Where each URL prefix is served from; the first matching prefix wins. */
export interface Mount {
  prefix: string;
  directory: string;
  /** The Content-Security-Policy header sent with its files; default STRICT_CSP, null for none. */
  policy?: string | null;
}

/** The mount a URL path falls under: the first whose prefix matches. */
function mountOf(mounts: readonly Mount[], pathname: string): Mount | undefined {
  return mounts.find(({ prefix }) => pathname.startsWith(prefix));
}

/** Resolves a URL path inside one of the mounts, refusing anything that escapes it. */
function locate(mounts: readonly Mount[], pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const mount = mountOf(mounts, decoded);
  if (!mount) return null;
  const root = resolve(mount.directory);
  const file = resolve(root, normalize(`.${sep}${decoded.slice(mount.prefix.length)}`));
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    const stats = statSync(file);
    if (stats.isDirectory()) {
      const index = join(file, 'index.html');
      return statSync(index).isFile() ? index : null;
    }
    return stats.isFile() ? file : null;
  } catch {
    return null;
  }
}

export async function startStaticServer(mounts: readonly Mount[]): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const file = request.method === 'GET' || request.method === 'HEAD' ? locate(mounts, pathname) : null;
    const policy = mountOf(mounts, pathname)?.policy;
    if (policy !== null) response.setHeader('Content-Security-Policy', policy ?? STRICT_CSP);
    response.setHeader('Cache-Control', 'no-store');
    // The Vitest tester page is another origin; let it fetch files and read the CSP header.
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Security-Policy');
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`not found: ${pathname}\n`);
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}
