import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { consoleWithRefusedCallbacks, type ConsoleAdapter } from '../helpers/console-adapter.js';
import { admin, expectStatus } from '../helpers/merchants.js';

// The console with the keyboard alone (Tab, Shift+Tab, Enter; never a click): the skip link
// first, then the navigation in order; signing in; retrying a failed callback from the outbox;
// no page that traps the focus; and a focus ring that shows where the focus is.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Focused {
  /** The element as a person names it: its tag and its text or label. */
  name: string;
  /** Whether the browser shows it as focused from the keyboard (:focus-visible). */
  visible: boolean;
  /** Its outline (the focus ring), e.g. "solid 3px". */
  ring: string;
  /** Whether it sits within the window (a skip link moved off screen is no use). */
  onScreen: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const e = document.activeElement!;
    const label = e.getAttribute('aria-label') ?? (e.id ? document.querySelector(`label[for="${e.id}"]`)?.textContent : undefined) ?? e.textContent ?? '';
    const style = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    return {
      name: `${e.tagName.toLowerCase()} ${label.trim().replace(/\s+/g, ' ').slice(0, 40)}`.trim(),
      visible: e.matches(':focus-visible'),
      ring: style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`,
      onScreen: r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight,
    };
  });
}

async function tab(page: Page, shift = false): Promise<Focused> {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  return focused(page);
}

/** Tabs until the focus is on what `name` matches (or fails after `limit` presses). */
async function tabTo(page: Page, name: RegExp, limit = 40): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    const now = await tab(page);
    if (name.test(now.name)) return now;
    seen.push(now.name);
  }
  throw new Error(`${limit} presses of Tab never reached ${name}: ${seen.join(' → ')}`);
}

describe('console: with the keyboard alone (Chromium)', function () {
  this.timeout(60_000);
  let world: ConsoleAdapter;
  let browser: Browser;
  let context: BrowserContext;

  before(async function () {
    browser = await launchBrowser(this);
    world = await consoleWithRefusedCallbacks('ZF-KEYS-1');
  });
  after(async () => {
    await browser?.close();
    await world?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Signed in with the keyboard: the key typed into the field the page focuses, then Tab to the button and Enter. */
  async function signIn(path = '/console'): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${world.adapter.url}${path}`);
    expect(new URL(page.url()).pathname).to.equal('/console/sign-in');
    expect((await focused(page)).name).to.equal('input Admin key or merchant API key');
    await page.keyboard.type(world.adapter.runtime.adminApiKey.key);
    expect((await tab(page)).name).to.equal('button Sign in');
    await Promise.all([page.waitForURL((url) => url.pathname !== '/console/sign-in'), page.keyboard.press('Enter')]);
    return page;
  }

  it('signs in with the keyboard and comes back to the page asked for', async () => {
    const { adapter, documentId } = world;
    const page = await signIn(`/console/documents/${documentId}`);
    expect(new URL(page.url()).pathname).to.equal(`/console/documents/${documentId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Document ZF-KEYS-1');
    // Shift+Tab from the key field reaches the skip link first of all, as Tab does on a fresh page.
    await page.goto(`${adapter.url}/console/sign-in`);
    expect((await tab(page, true)).name).to.equal('a E-invoicing adapter');
    expect((await tab(page, true)).name).to.equal('a Skip to the content');
  });

  it('puts the skip link first, on screen and ringed, and it moves the focus into the page\'s main content', async () => {
    const page = await signIn();
    await page.goto(`${world.adapter.url}/console/documents`);
    const skip = await tab(page);
    expect(skip).to.deep.equal({ name: 'a Skip to the content', visible: true, ring: 'solid 3px', onScreen: true });
    await page.keyboard.press('Enter');
    expect((await focused(page)).name).to.match(/^main /);
    // The next Tab is the first field of the page, past the banner and the navigation.
    expect((await tab(page)).name).to.equal('input Invoice number');
  });

  it('reaches the navigation in order, every stop with a visible focus ring', async () => {
    const page = await signIn();
    const stops: Focused[] = [];
    for (let i = 0; i < 8; i++) stops.push(await tab(page));
    expect(stops.map((s) => s.name)).to.deep.equal(['a Skip to the content', 'a E-invoicing adapter', 'a Overview', 'a Documents', 'a Outbox', 'a Entities', 'a Merchants', 'button Sign out']);
    for (const stop of stops) expect(stop, stop.name).to.include({ visible: true, onScreen: true }).and.to.have.property('ring').that.matches(/^solid [2-9]px$/);
    // Enter on a link follows it.
    await page.keyboard.press('Shift+Tab');
    await Promise.all([page.waitForURL(/\/console\/merchants$/), page.keyboard.press('Enter')]);
  });

  it('retries a failed callback from the outbox with Tab and Enter, through its confirmation', async () => {
    const { adapter, documentId } = world;
    const [failed] = ((await expectStatus(admin(adapter, '/outbox/callbacks?state=failed'), 200)).callbacks as Json[]).filter((c) => c.document_id === documentId);
    const page = await signIn('/console/outbox');
    const retry = await tabTo(page, /^a Retry$/);
    expect(retry).to.include({ visible: true, onScreen: true });
    await Promise.all([page.waitForURL(new RegExp(`/console/outbox/callbacks/${failed!.id}/retry$`)), page.keyboard.press('Enter')]);
    const confirm = await tabTo(page, /^button Retry callback/);
    expect(confirm).to.deep.equal({ name: `button Retry callback ${failed!.id}`, visible: true, ring: 'solid 3px', onScreen: true });
    await Promise.all([page.waitForURL(/\/retry$/), page.waitForResponse((r) => r.request().method() === 'POST'), page.keyboard.press('Enter')]);
    expect(await page.getByRole('status').textContent()).to.equal(`Callback ${failed!.id} was retried: it is retrying now.`);
  });

  it('traps the focus nowhere: Tab goes through every page to its last link, the PDF\'s frame included', async () => {
    const { adapter, documentId } = world;
    const page = await signIn();
    for (const path of ['/console', '/console/documents', `/console/documents/${documentId}`, '/console/outbox']) {
      await page.goto(`${adapter.url}${path}`);
      expect((await tabTo(page, /^a \/openapi\.json$/, 80)).onScreen, path).to.equal(true);
    }
  });
});
