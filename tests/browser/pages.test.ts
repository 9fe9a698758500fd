// The test infrastructure itself: dist/ is served with the strict CSP header, and the
// visitPage command reports a built page's console errors and CSP violations.
import { commands } from 'vitest/browser';
import { describe, expect, inject, it } from 'vitest';

const distUrl = inject('distUrl');

describe('the built page under the strict CSP', () => {
  it('is served with the CSP header', async () => {
    const response = await fetch(`${distUrl}index.html`);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('starts the playground with no console errors and no CSP violations', async () => {
    const result = await commands.visitPage(`${distUrl}index.html`, {
      waitForFunction: 'document.querySelector("canvas.ap-canvas")?.width > 100',
      evaluate: 'document.querySelector("[data-region=status]")?.textContent',
    });
    expect(result.value).toMatch(/Expanded 0/);
    expect(result.consoleErrors).toEqual([]);
    expect(result.pageErrors).toEqual([]);
    expect(result.cspViolations).toEqual([]);
  });

  it('links to a tutorial that is in the build', async () => {
    const result = await commands.visitPage(`${distUrl}index.html`, {
      waitForFunction: 'document.querySelector("a[data-control=tutorial]") !== null',
      evaluate: 'document.querySelector("a[data-control=tutorial]").href',
    });
    const response = await fetch(String(result.value));
    expect(response.ok).toBe(true);
    expect(await response.text()).toContain('<astar-playground');
  });

  it('reports the violations of a page that breaks the policy', async () => {
    const result = await commands.visitPage(`${distUrl}__test__/csp-breaker.html`, {
      waitForFunction: 'document.readyState === "complete"',
      evaluate: 'document.body.dataset.inlineRan ?? "no"',
    });
    // The inline script is blocked, so it never marks the body, and the block is reported.
    expect(result.value).toBe('no');
    expect(result.cspViolations.some((v) => v.includes('script-src'))).toBe(true);
  });
});
