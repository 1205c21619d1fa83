import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import axe from 'axe-core';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { packageRoot } from '../../src/lib/paths.js';

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

/** A phone in the hand: 390×844 CSS pixels (an iPhone 12 to 15), touch, the mobile viewport meta honoured. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } as const;

/**
 * What makes the page hard to use on a phone, as sentences: the page itself scrolling sideways
 * (and what sticks out), text under 16 px (the size below which phones zoom into a field), and
 * targets too small to tap: 44 px high for the navigation, buttons and fields, 24 px (WCAG 2.5.8)
 * for any other link outside running text.
 */
export async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    // getAttribute: a form's `id` property is its field named "id", when it has one.
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.getAttribute('id') ? `#${e.getAttribute('id')}` : ''}${e.getAttribute('class') ? `.${e.getAttribute('class')!.split(' ').join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
    /** Whether `e` sits in a box that scrolls sideways on its own (a wide table's frame, the XML). */
    const inScroller = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    if (root.scrollWidth > root.clientWidth) {
      const out = Array.from(document.body.querySelectorAll('*')).filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5 && !inScroller(e));
      problems.push(`the page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen: ${out.slice(0, 3).map(name).join(', ')}`);
    }
    const fontOf = (e: Element) => parseFloat(getComputedStyle(e).fontSize);
    if (fontOf(document.body) < 16) problems.push(`the text is ${fontOf(document.body)} px`);
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    for (const e of Array.from(document.querySelectorAll('input:not([type="hidden"]), select, textarea, button'))) if (visible(e) && fontOf(e) < 16) problems.push(`${name(e)} is in ${fontOf(e)} px text`);
    for (const e of Array.from(document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, summary'))) {
      if (!visible(e) || e.classList.contains('skip')) continue;
      const r = e.getBoundingClientRect();
      const primary = e.tagName === 'A' ? e.closest('nav') !== null : e.tagName !== 'SUMMARY';
      // A link in a sentence is sized by its line (WCAG 2.5.8's inline exception).
      if (!primary && getComputedStyle(e).display === 'inline' && e.parentElement?.closest('p, dd, li, caption') !== null) continue;
      const least = primary ? 44 : 24;
      if (r.height < least - 0.5 || r.width < 24 - 0.5) problems.push(`${name(e)} is ${Math.round(r.width)}×${Math.round(r.height)} px (at least ${least} px high to tap)`);
    }
    return problems;
  });
}

/** UPDATE_SCREENSHOTS=1 rewrites the README's screenshots of the console (docs/images/console-*.png). */
export const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** A laptop's screen: what the README's screenshots show, one CSS pixel a pixel (the browser context's default scale). */
export const LAPTOP = { width: 1280, height: 800 } as const;

/** Above this a screenshot is too heavy for a README. */
const SCREENSHOT_LIMIT_BYTES = 200 * 1024;

/** The size a PNG says it is, from its IHDR chunk (which the format puts first). */
export function pngSize(png: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature || png.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * The page as a laptop shows it, for the README: docs/images/console-<name>.png. Only
 * UPDATE_SCREENSHOTS=1 writes the file (the page differs run to run: dates, ids); every run
 * checks that the committed one is there, a PNG of the laptop's screen, and small, so a
 * screenshot the README shows cannot go missing. The page is put at the laptop's size either way,
 * so a test runs the same whether it writes or not.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const file = join(packageRoot, 'docs', 'images', `console-${name}.png`);
  await page.setViewportSize(LAPTOP);
  if (UPDATE_SCREENSHOTS) {
    mkdirSync(dirname(file), { recursive: true });
    // A frame's PDF viewer draws its pages after the load: a moment for it, only when writing.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  }
  const refresh = 'npm run screenshots writes it';
  expect(existsSync(file), `docs/images/console-${name}.png is missing: ${refresh}`).to.equal(true);
  expect(pngSize(readFileSync(file)), `docs/images/console-${name}.png: ${refresh}`).to.deep.equal(LAPTOP);
  expect(statSync(file).size, `docs/images/console-${name}.png in bytes`).to.be.below(SCREENSHOT_LIMIT_BYTES);
}
