// Two projects, one run: `node` tests the engine and CLI in Node; `browser` runs the page's
// tests in the system Chromium (Debian's /usr/bin/chromium), since no browser may be downloaded.
// The browser tests need dist/ built (`node scripts/build.mjs`; `npm test` does it first).
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's future native config loader (plain Node ESM) resolves no
// extensionless paths, and warns about them on every run until then.
import { visitPage } from './tests/support/commands.ts';

const CHROMIUM_FLAGS = [
  '--no-sandbox', // CI runs as root, where Chromium refuses to start sandboxed
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['tests/js/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // Serves dist/ with the strict CSP header; tests get its URL from inject('distUrl').
          globalSetup: ['tests/support/global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS },
            }),
            instances: [{ browser: 'chromium' }],
            // Whole built pages in their own tab (tests/support/commands.ts).
            commands: { visitPage },
          },
        },
      },
    ],
  },
});
