// The built tutorial pages (dist/tutorial/, English and 简体中文), opened the way a reader
// gets them: served with the strict Content-Security-Policy. Every diagram must come up as a
// working <astar-playground>, with the options its attributes ask for and in the page's
// language, without a single CSP violation, console error or uncaught error, and every link
// on the page must lead somewhere. (What each diagram shows is checked against the text in
// tests/js/tutorial-maps.test.ts.)
import { commands } from 'vitest/browser';
import { describe, expect, inject, it } from 'vitest';

const distUrl = inject('distUrl');

const PAGES = [
  { path: 'tutorial/index.html', language: 'en' },
  { path: 'tutorial/zh-CN/index.html', language: 'zh-CN' },
] as const;

interface ShownDiagram {
  id: string;
  attributes: Record<string, string>;
  /** Canvas backing size and CSS size, or null when the element has no canvas. */
  canvas: [number, number, number, number] | null;
  options: { algorithm: string; diagonal: string; weight: number; heuristic?: string } | null;
  language: string | null;
  errorMessage: string | null;
  playingOrDone: boolean;
}

interface PageReport {
  lang: string;
  diagrams: ShownDiagram[];
  /** Same-origin links and stylesheets of the page with the HTTP status of each. */
  links: [string, number][];
  /** The embed snippet as the reader copies it, and the status of the script address it names. */
  snippet: { text: string; scriptStatus: number | null };
}

// Polled until every element has mounted its playground and sized its canvas.
const ALL_READY = `(() => {
  const elements = [...document.querySelectorAll('astar-playground')];
  return elements.length > 0 && elements.every((e) => e.playground?.store && e.shadowRoot?.querySelector('canvas')?.width > 0);
})()`;

const REPORT = `(async () => {
  const diagrams = [...document.querySelectorAll('astar-playground')].map((e) => {
    const canvas = e.shadowRoot?.querySelector('canvas');
    const box = canvas?.getBoundingClientRect();
    const store = e.playground?.store;
    return {
      id: e.id,
      attributes: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])),
      canvas: canvas ? [canvas.width, canvas.height, Math.round(box.width), Math.round(box.height)] : null,
      options: store ? { ...store.options } : null,
      language: store?.language ?? null,
      errorMessage: store?.message?.kind === 'error' ? store.message.key + ': ' + (store.message.detail ?? '') : null,
      playingOrDone: Boolean(store && (store.playing || store.timeline.finished)),
    };
  });
  const hrefs = [...document.querySelectorAll('a[href], link[href]')].map((a) => a.href).filter((h) => h.startsWith(location.origin));
  const links = await Promise.all([...new Set(hrefs)].map(async (h) => [h.slice(location.origin.length), (await fetch(h)).status]));
  const snippetText = document.querySelector('#embed ~ pre code, section[aria-labelledby="embed"] pre code')?.textContent ?? '';
  const script = /src="([^"]*)"/.exec(snippetText)?.[1];
  const scriptStatus = script ? (await fetch(script)).status : null;
  return { lang: document.documentElement.lang, diagrams, links, snippet: { text: snippetText, scriptStatus } };
})()`;

// The colours the page's swatches name (.swatch-open → --open), from the page and from
// the first diagram's own stylesheet; the open and closed swatches mix theirs with --floor.
const SWATCH_COLOURS = `(() => {
  const used = [...new Set([...document.querySelectorAll('main .swatch')].flatMap((s) => [...s.classList].filter((c) => c.startsWith('swatch-')).map((c) => c.slice(7))))];
  const names = [...used, 'floor'];
  // As the browser resolves them ("rgb(…)"), since the built stylesheet may shorten #ffffff to #fff.
  const probe = document.body.appendChild(document.createElement('span'));
  const resolve = (colour) => { probe.style.color = ''; probe.style.color = colour; return colour && getComputedStyle(probe).color; };
  const read = (element) => Object.fromEntries(names.map((n) => [n, resolve(getComputedStyle(element).getPropertyValue('--' + n).trim())]));
  return { names, page: read(document.documentElement), diagram: read(document.querySelector('astar-playground').shadowRoot.querySelector('.ap-root')) };
})()`;

describe.each(PAGES)('the tutorial at $path', ({ path, language }) => {
  let report: PageReport | undefined;
  let errors: { consoleErrors: string[]; pageErrors: string[]; cspViolations: string[] } | undefined;

  const visit = async () => {
    if (!report) {
      const result = await commands.visitPage(`${distUrl}${path}`, { waitForFunction: ALL_READY, evaluate: REPORT, timeoutMs: 30000 });
      report = result.value as PageReport;
      errors = result;
    }
    return { report: report!, errors: errors! };
  };

  it('renders every diagram under the strict CSP with no violation, console error or page error', async () => {
    const { report, errors } = await visit();
    expect(report.lang).toBe(language);
    expect(report.diagrams.length).toBeGreaterThanOrEqual(4);
    for (const diagram of report.diagrams) {
      expect(diagram.canvas, diagram.id).not.toBeNull();
      const [backingWidth, backingHeight, cssWidth, cssHeight] = diagram.canvas!;
      expect(Math.min(backingWidth, backingHeight, cssWidth, cssHeight), `${diagram.id} canvas size`).toBeGreaterThan(100);
      expect(diagram.errorMessage, diagram.id).toBeNull();
    }
    expect(errors.cspViolations).toEqual([]);
    expect(errors.consoleErrors).toEqual([]);
    expect(errors.pageErrors).toEqual([]);
  }, 60000);

  it('shows each diagram with the options its attributes ask for, in the page’s language', async () => {
    const { report } = await visit();
    for (const { id, attributes, options, language: shownLanguage } of report.diagrams) {
      expect(options, id).not.toBeNull();
      if (attributes.algorithm) expect(options!.algorithm, id).toBe(attributes.algorithm);
      if (attributes.diagonal) expect(options!.diagonal, id).toBe(attributes.diagonal);
      if (attributes.weight) expect(options!.weight, id).toBe(Number(attributes.weight));
      expect(shownLanguage, id).toBe(language);
    }
    const autoplaying = report.diagrams.filter((d) => 'autoplay' in d.attributes);
    expect(autoplaying.length).toBeGreaterThan(0);
    for (const diagram of autoplaying) expect(diagram.playingOrDone, diagram.id).toBe(true);
  }, 60000);

  it.each(['light', 'dark'] as const)('names each colour as the diagrams draw it, with a swatch of the same colour (%s)', async (colorScheme) => {
    // The prose says "the blue dot", "the orange path"… next to a swatch; the swatch's
    // colour must be the one the diagrams use for that thing, in either colour scheme.
    const result = await commands.visitPage(`${distUrl}${path}`, { waitForFunction: ALL_READY, evaluate: SWATCH_COLOURS, colorScheme, timeoutMs: 30000 });
    const { names, page, diagram } = result.value as { names: string[]; page: Record<string, string>; diagram: Record<string, string> };
    expect(names).toEqual(expect.arrayContaining(['open', 'closed', 'path', 'start', 'goal', 'floor']));
    for (const name of names) {
      expect(page[name], `--${name}`).toMatch(/^rgb/);
      expect(page[name], `--${name}`).toBe(diagram[name]);
    }
  }, 60000);

  it('gives an embed snippet that works pasted anywhere: the script by its full address, a current link', async () => {
    const { report } = await visit();
    const { text, scriptStatus } = report.snippet;
    expect(text).toMatch(new RegExp(`src="${distUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}embed/astar-playground\\.js"`));
    expect(scriptStatus).toBe(200);
    expect(text).toMatch(/map="v2=/);
  }, 60000);

  it('links only to pages and files that exist', async () => {
    const { report } = await visit();
    const paths = report.links.map(([href]) => href);
    // The playground, the other language and the stylesheet at least.
    expect(paths).toEqual(expect.arrayContaining(['/index.html', '/tutorial/tutorial.css']));
    expect(paths).toContain(language === 'en' ? '/tutorial/zh-CN/index.html' : '/tutorial/index.html');
    for (const [href, status] of report.links) expect(status, href).toBe(200);
  }, 60000);
});
