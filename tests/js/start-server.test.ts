// The server `npm start` runs (vite preview of dist/, vite.config.ts): a site of several
// pages. A folder's address without its final slash is sent to the one with it, where the
// page's relative links resolve; an address that names nothing is a 404, not the playground.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';

let server: PreviewServer;
let origin: string;
beforeAll(async () => {
  server = await preview({ configFile: new URL('../../vite.config.ts', import.meta.url).pathname, logLevel: 'silent', preview: { port: 0, strictPort: false } });
  origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
});
afterAll(() => server?.close());

const get = (path: string) => fetch(`${origin}${path}`, { redirect: 'manual' });

describe('the npm start server', () => {
  it('sends a folder without its final slash on to the folder, query kept', async () => {
    for (const [path, to] of [['/tutorial', '/tutorial/'], ['/tutorial/zh-CN', '/tutorial/zh-CN/'], ['/tutorial?lang=x', '/tutorial/?lang=x']]) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(to);
    }
  });

  it('serves the pages at their folders, and a 404 for what is not there', async () => {
    expect((await (await get('/tutorial/')).text())).toMatch(/<html[^>]*lang="en"/);
    expect((await (await get('/tutorial/zh-CN/')).text())).toMatch(/<html[^>]*lang="zh-CN"/);
    expect((await get('/')).status).toBe(200);
    for (const path of ['/nonexistent', '/tutorial/foo', '/..%2f..%2fetc/passwd']) expect((await get(path)).status, path).toBe(404);
  });
});
