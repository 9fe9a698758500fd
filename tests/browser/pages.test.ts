// The built pages' security policy: under the strict CSP header; on a plain static host,
// where the meta tag the build writes is their only policy; and on a host that refuses
// WebAssembly. Also the test infrastructure itself: the visitPage command reports a built
// page's console errors and CSP violations.
import { commands } from 'vitest/browser';
import { describe, expect, inject, it, vi } from 'vitest';
import { showStartFailure } from '../../web/src/ui/fatal';
import { translate } from '../../web/src/ui/i18n';

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

// Runs a whole search on the full page (the speed slider to its end, instant, then Play),
// and reads a style from each of the page's ways of styling: its stylesheet (body margin),
// the playground's constructed stylesheet (the panes' grid) and a CSSOM property set from
// script (--map-aspect).
const RUN_SEARCH = `(async () => {
  const speed = document.querySelector('[data-control=speed]');
  speed.value = speed.max;
  speed.dispatchEvent(new Event('input', { bubbles: true }));
  document.querySelector('[data-action=play]').click();
  const status = () => document.querySelector('[data-region=status]').textContent;
  for (let i = 0; i < 200 && !/Path cost/.test(status()); i++) await new Promise((done) => setTimeout(done, 50));
  const panes = getComputedStyle(document.querySelector('.ap-panes'));
  return {
    status: status(),
    bodyMargin: getComputedStyle(document.body).margin,
    panes: panes.display,
    mapAspect: Number(panes.getPropertyValue('--map-aspect')) > 0,
  };
})()`;

// What the meta tag says, and where it stands.
const PAGE_POLICY = `(() => ({
  meta: [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map((m) => m.content),
  firstInHead: [...document.head.children].slice(0, 2).map((e) => e.getAttribute('charset') ?? e.getAttribute('http-equiv')),
}))()`;

const TUTORIAL_READY = `(() => {
  const elements = [...document.querySelectorAll('astar-playground')];
  return elements.length > 0 && elements.every((e) => e.shadowRoot?.querySelector('canvas')?.width > 0);
})()`;

describe('on a plain static host, the meta tag alone', () => {
  const plainHost = `${distUrl}plain-host/`;

  it('is the only policy: no header, and the pages carry it as their first tag after the charset', async () => {
    for (const page of ['index.html', 'tutorial/index.html', 'tutorial/zh-CN/index.html']) {
      const response = await fetch(`${plainHost}${page}`);
      expect(response.headers.get('content-security-policy')).toBeNull();
      // As served (the running page has CSSOM-set styles, which the policy allows).
      const served = new DOMParser().parseFromString(await response.text(), 'text/html');
      const inline = [...served.querySelectorAll('script:not([src]), style, [style]')].map((e) => e.outerHTML);
      expect(inline, page).toEqual([]);
      const result = await commands.visitPage(`${plainHost}${page}`, { evaluate: PAGE_POLICY });
      const { meta, firstInHead } = result.value as { meta: string[]; firstInHead: string[] };
      expect(meta, page).toHaveLength(1);
      expect(meta[0]).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(meta[0]).toContain("style-src 'self';");
      expect(meta[0]).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      expect(firstInHead).toEqual(['utf-8', 'Content-Security-Policy']);
    }
  });

  it('holds: an inline script and an inline style added to the page are refused', async () => {
    const result = await commands.visitPage(`${plainHost}index.html`, {
      waitForFunction: 'document.querySelector("canvas.ap-canvas")?.width > 100',
      evaluate: `(() => {
        const script = document.createElement('script');
        script.textContent = 'document.body.dataset.inlineRan = "yes"';
        document.head.append(script);
        const style = document.createElement('style');
        style.textContent = 'body { --inline-style: applied; }';
        document.head.append(style);
        return { ran: document.body.dataset.inlineRan ?? 'no', style: getComputedStyle(document.body).getPropertyValue('--inline-style') };
      })()`,
    });
    expect(result.value).toEqual({ ran: 'no', style: '' });
    expect(result.cspViolations.some((v) => v.includes('script-src'))).toBe(true);
    expect(result.cspViolations.some((v) => v.includes('style-src'))).toBe(true);
  });

  it('runs a search on the styled page with no CSP violation and no console error', async () => {
    const result = await commands.visitPage(`${plainHost}index.html`, {
      waitForFunction: 'document.querySelector("canvas.ap-canvas")?.width > 100',
      evaluate: RUN_SEARCH,
    });
    expect(result.value).toEqual({ status: expect.stringMatching(/Path cost/), bodyMargin: '0px', panes: 'grid', mapAspect: true });
    expect(result.cspViolations).toEqual([]);
    expect(result.consoleErrors).toEqual([]);
    expect(result.pageErrors).toEqual([]);
  });

  it('shows every tutorial diagram with no CSP violation and no console error', async () => {
    for (const page of ['tutorial/index.html', 'tutorial/zh-CN/index.html']) {
      const result = await commands.visitPage(`${plainHost}${page}`, {
        waitForFunction: TUTORIAL_READY,
        evaluate: 'document.querySelectorAll("astar-playground").length',
      });
      expect(result.value, page).toBeGreaterThan(0);
      expect(result.cspViolations, page).toEqual([]);
      expect(result.consoleErrors, page).toEqual([]);
      expect(result.pageErrors, page).toEqual([]);
    }
  });
});

describe('where WebAssembly cannot run', () => {
  it('a host whose policy refuses WebAssembly gets a plain message, not a compile error', async () => {
    const result = await commands.visitPage(`${distUrl}no-wasm-host/index.html`, {
      waitForFunction: 'document.querySelector(".ap-fatal") !== null',
      evaluate: 'document.querySelector(".ap-fatal").textContent',
    });
    expect(result.value).toBe(translate('en', 'error.wasmBlocked'));
    expect(result.cspViolations.some((v) => v.includes('script-src'))).toBe(true);
  });

  it('a browser without WebAssembly gets a plain message in the element', async () => {
    const result = await commands.visitPage(`${distUrl}__test__/no-webassembly.html`, {
      waitForFunction: 'document.querySelector("astar-playground")?.shadowRoot?.querySelector(".ap-fatal") != null',
      evaluate: 'document.querySelector("astar-playground").shadowRoot.querySelector(".ap-fatal").textContent',
    });
    expect(result.value).toBe(translate('en', 'error.noWasm'));
    expect(result.pageErrors).toEqual([]);
  });

  it('says so in Chinese too', () => {
    const container = document.createElement('div');
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    vi.stubGlobal('WebAssembly', undefined);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      showStartFailure(container, new TypeError('WebAssembly is not defined'));
    } finally {
      vi.unstubAllGlobals();
      languages.mockRestore();
      logged.mockRestore();
    }
    expect(container.textContent).toBe(translate('zh-CN', 'error.noWasm'));
  });
});
