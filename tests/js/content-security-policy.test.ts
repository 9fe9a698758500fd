// The strict Content-Security-Policy has one definition (STRICT_CSP in vite.config.ts); the
// documents that quote it must quote that one. (The built pages are checked against it in
// tests/browser/pages.test.ts.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../../vite.config';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the strict Content-Security-Policy', () => {
  it('allows no inline script or style and no eval, only WebAssembly compilation', () => {
    expect(STRICT_CSP).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(STRICT_CSP).toContain("style-src 'self';");
    expect(STRICT_CSP).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  it.each(['README.md', 'tests/support/README.md'])('is quoted as it is defined in %s', (path) => {
    const quoted = read(path).match(/default-src [^`\n]*/g) ?? [];
    expect(quoted).toEqual([STRICT_CSP]);
  });
});
