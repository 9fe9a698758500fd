// The `visitPage` browser command: opens a URL in a NEW Playwright page of the browser
// context the tests run in, so a test can check a whole built page (with the headers it is
// really served with) rather than modules imported into the Vitest tester page.
//
//   import { commands } from 'vitest/browser';
//   const result = await commands.visitPage(`${inject('distUrl')}index.html`, {
//     waitForFunction: 'document.querySelector("canvas") !== null', // JS expression, polled
//     evaluate: 'document.title',                                    // JS expression, returned
//     timeoutMs: 15000,
//     colorScheme: 'dark',                                           // optional
//   });
//   result.value; result.consoleErrors; result.pageErrors; result.cspViolations;
//
// Console errors, uncaught page errors and Content-Security-Policy violations (the page's
// `securitypolicyviolation` events and the console's CSP reports) are collected from the
// moment the page starts loading. The page is always closed before the command returns.
// The expressions are evaluated by Playwright over the DevTools protocol, which the page's
// own CSP does not govern, so visiting a strict-CSP page needs no 'unsafe-eval'.
import type { BrowserCommand } from 'vitest/node';

export interface VisitOptions {
  /** A JS expression polled in the page until it is truthy. */
  waitForFunction?: string;
  /** A JS expression whose (JSON-serialisable) value is returned. */
  evaluate?: string;
  /** Limit for loading and for waitForFunction; default 20 s. */
  timeoutMs?: number;
  /** The colour scheme the page sees (prefers-color-scheme); default the browser's (light). */
  colorScheme?: 'light' | 'dark';
}

export interface VisitResult {
  value: unknown;
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

const VIOLATIONS = '__visitPageCspViolations';
const POLL_MS = 50;

// Runs before any of the page's scripts; records every violation the page reports.
const RECORD_VIOLATIONS = `
  window.${VIOLATIONS} = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.${VIOLATIONS}.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' (' + (event.sourceFile || '') + ':' + event.lineNumber + ')');
  });
`;

export const visitPage: BrowserCommand<[url: string, options?: VisitOptions], VisitResult> = async (context, url, options = {}) => {
  const timeout = options.timeoutMs ?? 20000;
  const page = await context.context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    // "Failed to load resource" names no file; the location does.
    const where = message.location().url;
    const text = where && !message.text().includes(where) ? `${message.text()} (${where})` : message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) cspViolations.push(text);
    if (message.type() === 'error') consoleErrors.push(text);
  });
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? String(error)));
  try {
    await page.addInitScript({ content: RECORD_VIOLATIONS });
    if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme });
    await page.goto(url, { timeout, waitUntil: 'load' });
    if (options.waitForFunction) {
      const expression = options.waitForFunction;
      const deadline = Date.now() + timeout;
      // Polled from here rather than with page.waitForFunction, so a failure says which
      // condition never held, together with the errors the page reported meanwhile.
      while (!(await page.evaluate(expression))) {
        if (Date.now() > deadline) {
          throw new Error(`visitPage ${url}: timed out after ${timeout} ms waiting for ${expression}; `
            + `console errors: ${JSON.stringify(consoleErrors)}; page errors: ${JSON.stringify(pageErrors)}; `
            + `CSP: ${JSON.stringify(cspViolations)}`);
        }
        await page.waitForTimeout(POLL_MS);
      }
    }
    const value: unknown = options.evaluate === undefined ? undefined : await page.evaluate(options.evaluate);
    const recorded = await page.evaluate(`window.${VIOLATIONS} ?? []`) as string[];
    cspViolations.push(...recorded);
    return { value, consoleErrors, pageErrors, cspViolations };
  } finally {
    await page.close();
  }
};
