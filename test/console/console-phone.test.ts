import { expect } from 'chai';
import type { Browser, BrowserContext } from 'playwright-core';
import { expectAccessible, launchBrowser, phoneProblems, PHONE, signInConsole } from '../helpers/browser.js';
import { consoleWithRefusedCallbacks, type ConsoleAdapter } from '../helpers/console-adapter.js';

// The console on a phone (390×844, a touch screen): every page reads without scrolling sideways
// (a wide table scrolls in its own frame), its text is 16 px or more, and what is tapped is big
// enough to tap.

describe('console: on a phone (Chromium)', function () {
  this.timeout(60_000);
  let world: ConsoleAdapter;
  let browser: Browser;
  let context: BrowserContext;

  before(async function () {
    browser = await launchBrowser(this);
    world = await consoleWithRefusedCallbacks('ZF-PHONE-1');
    context = await browser.newContext(PHONE);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await world?.close();
  });

  it('reads every page without scrolling sideways, in 16 px text, with targets big enough to tap', async () => {
    const { adapter, documentId } = world;
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key, context);
    const found: Record<string, string[]> = {};
    for (const path of ['/console', '/console/documents', `/console/documents/${documentId}`, '/console/outbox', '/console/outbox?queue=transmissions&state=done', '/console/entities', '/console/entities/new', '/console/entities/example-seller', '/console/entities/example-seller/drivers/EINVOICE', '/console/merchants', '/console/sign-in']) {
      expect((await page.goto(`${adapter.url}${path}`))?.status(), path).to.equal(200);
      const problems = await phoneProblems(page);
      if (problems.length) found[path] = problems;
      await expectAccessible(page);
    }
    expect(found).to.deep.equal({});
  });
});
