import { test as base, expect } from '@playwright/test';

export interface GuardOptions {
  /** Console errors that a test expects (e.g. the browser's own line for a 404 answer). */
  allowedConsoleErrors: RegExp[];
}

/**
 * Playwright's trace recorder fetches blob: images (our upload preview) from
 * inside the page to store them, which our CSP (connect-src 'self') refuses.
 * That line comes from the test tooling, not from the app.
 */
const TOOLING_CONSOLE_ERRORS = [/^Connecting to 'blob:.*violates the following Content Security Policy directive: "connect-src 'self'"/];

/**
 * Every test fails on a console error or an uncaught page error that it did
 * not expect, so quiet breakage is caught.
 */
export const test = base.extend<GuardOptions & { consoleGuard: void }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if ([...allowedConsoleErrors, ...TOOLING_CONSOLE_ERRORS].some((pattern) => pattern.test(text))) return;
        problems.push(`console.error: ${text} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'unexpected errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The line Chromium logs for any answer with status 404 (a missing Pin or page is expected to give one). */
export const NOT_FOUND_CONSOLE_LINE = /the server responded with a status of 404/;
