// Two projects, one run: `node` tests the engine and CLI in Node; `browser` runs the page's
// tests in the system Chromium (Debian's /usr/bin/chromium), since no browser may be downloaded.
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

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
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
