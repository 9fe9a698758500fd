// Types for what tests/support gives the browser tests: the URL from the global setup and
// the visitPage command (documented in commands.ts).
import type { VisitOptions, VisitResult } from './commands';

declare module 'vitest' {
  interface ProvidedContext {
    /** Base URL (ending in "/") of dist/ served with the strict CSP; fixture pages are under __test__/. */
    distUrl: string;
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    visitPage(url: string, options?: VisitOptions): Promise<VisitResult>;
  }
}
