// `npm start`: set up, build what the page needs (the WebAssembly engine and the page),
// then serve the built page on the loopback address. The native build (tests, tools) is for
// `npm test` and `npm run build`: a first start does not wait for it.
import { join } from 'node:path';
import { setup } from './setup.mjs';
import { buildWasm, buildWeb } from './build.mjs';
import { ROOT, StepError, main, say } from './shell.mjs';

await main('start', async () => {
  await setup();
  await buildWasm();
  await buildWeb();

  // vite.config.ts's preview sends its STRICT_CSP as a header, besides the meta tag the
  // build wrote into each page: the playground is served as strictly as it will be anywhere.
  const { preview } = await import('vite');
  let server;
  try {
    server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } catch (error) {
    const inUse = /port .* is already in use/i.test(String(error?.message));
    throw new StepError(
      inUse
        ? `${error.message}; choose another port, for example: PORT=5174 npm start`
        : `could not start the web server: ${error?.message ?? error}`,
    );
  }
  const url = server.resolvedUrls?.local[0];
  say('start', `the playground is served at ${url}`);
  say('start', 'press Ctrl+C to stop');
});
