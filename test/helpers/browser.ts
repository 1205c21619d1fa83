import { existsSync } from 'node:fs';
import axe from 'axe-core';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// A real browser for the console's tests: Debian's chromium (CHROMIUM_PATH elsewhere), driven by
// playwright-core, which downloads nothing. `.ci/run` installs the package; a machine without it
// skips these tests with a note, except under CI, where they must run.

function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  return path && existsSync(path) ? path : undefined;
}

/** In a `before` hook: the browser, or the suite skipped without Chromium (failed under CI, `CI=true`). */
export async function launchBrowser(ctx: Mocha.Context): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    if (process.env.CI) throw new Error('Chromium is required under CI: .ci/run installs Debian\'s chromium (or set CHROMIUM_PATH)');
    console.warn('      (skipped: install Debian\'s chromium, or set CHROMIUM_PATH, to run the console in a browser)');
    ctx.skip();
  }
  // --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/**
 * The page's accessibility violations by axe-core (WCAG 2 A/AA rules and best practices) of
 * `serious` or `critical` impact. Evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy (no script at all) does not govern.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => (globalThis as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.length }));
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page), `axe-core on ${page.url()}`).to.deep.equal([]);
}

/** A new page (in `context`, else a context of its own) signed in to the console at `base` with `key`, on the overview. */
export async function signInConsole(browser: Browser, base: string, key: string, context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext())).newPage();
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('Admin key or merchant API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console$/);
  return page;
}
