import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '../../src/apps/adapter/console/guards.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { expectAccessible, launchBrowser } from '../helpers/browser.js';
import { admin, expectStatus, germanEntity } from '../helpers/merchants.js';

// The console in headless Chromium: signing in with the admin key and with a merchant's key (who
// sees only its own), a wrong key, signing out, and the guards a browser meets (a forged
// cross-site form, a missing CSRF token, the Content-Security-Policy).

describe('console: sign-in, sessions and their guards (Chromium)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let browser: Browser;
  let context: BrowserContext;
  let merchantKey: string;
  let merchantKeyId: string;

  before(async function () {
    browser = await launchBrowser(this);
    adapter = await startTestAdapter({ env: { CONSOLE: 'true', AUTH_MAX_FAILURES: '4', AUTH_FAILURE_WINDOW: '600' } });
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('alpha-seller', 'DE111111111') }), 201);
    await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: 'alpha', display_name: 'Alpha site', business_entity_ids: ['alpha-seller'] } }), 201);
    const key = await expectStatus(admin(adapter, '/merchants/alpha/api-keys', { method: 'POST' }), 201);
    merchantKey = key.api_key as string;
    merchantKeyId = key.id as string;
  });
  after(async () => {
    await browser?.close();
    await adapter?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function signIn(key: string, path = '/console') {
    const page = await context.newPage();
    await page.goto(`${adapter.url}${path}`);
    expect(new URL(page.url()).pathname).to.equal('/console/sign-in');
    await page.getByLabel('Admin key or merchant API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
    return page;
  }

  it('signs the admin in: the overview with the queues and every entity, an HttpOnly SameSite=Strict cookie, no serious accessibility violation', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key);
    expect(new URL(page.url()).pathname).to.equal('/console');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Overview');
    expect(await page.locator('.sign-out span').textContent()).to.equal('Signed in as the operator (admin key)');
    expect(await page.getByRole('heading', { name: 'Queues' }).count()).to.equal(1);
    const attention = await page.getByRole('region', { name: 'Activations that need attention' }).locator('tbody tr td:first-child').allTextContents();
    expect(attention.length).to.be.greaterThan(1); // the demo's entities: the sandbox makes their activations PENDING
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'console_session');
    expect(cookie).to.include({ httpOnly: true, sameSite: 'Strict', path: '/console', secure: false });
    await expectAccessible(page);
  });

  it('signs a merchant in: its own entities only, and no queue that counts other merchants', async () => {
    const page = await signIn(merchantKey);
    expect(await page.locator('.sign-out span').textContent()).to.equal('Signed in as merchant alpha');
    expect(await page.getByRole('heading', { name: 'Queues' }).count()).to.equal(0);
    // alpha-seller's Peppol activation waits for an access point (PENDING): the only one listed.
    expect(await page.getByRole('region', { name: 'Activations that need attention' }).locator('tbody tr td:first-child').allTextContents()).to.deep.equal(['alpha-seller']);
    expect(await page.content()).not.to.contain('595e13fd-68b0-40c2-ade3-9780ce339d97');
  });

  it('answers a wrong key 401 with the reason next to the field, and keeps no cookie', async () => {
    const page = await context.newPage();
    await page.goto(`${adapter.url}/console/sign-in`);
    await expectAccessible(page);
    await page.getByLabel('Admin key or merchant API key').fill('not-a-key-of-this-adapter-0123456789');
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/console/sign-in') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(response.status()).to.equal(401);
    expect(await page.getByRole('alert').textContent()).to.contain('This key opens nothing here');
    expect(await page.getByLabel('Admin key or merchant API key').getAttribute('aria-invalid')).to.equal('true');
    expect((await context.cookies()).filter((c) => c.name === 'console_session')).to.deep.equal([]);
    // The SPI operator key is the billing platform's machine key: it opens no console.
    const spi = await fetch(`${adapter.url}/console/sign-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: adapter.key }), redirect: 'manual' });
    expect(spi.status).to.equal(401);
  });

  it('goes back to the page asked for after signing in, and never to another site', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key, '/console/nowhere?x=1');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/console/nowhere?x=1');
    const res = await fetch(`${adapter.url}/console/sign-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: adapter.runtime.adminApiKey.key, next: '//evil.example/console' }), redirect: 'manual' });
    expect(res.status).to.equal(303);
    expect(res.headers.get('location')).to.equal('/console');
  });

  it('signs out: the session ends for every copy of its cookie', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'console_session');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/console\/sign-in$/);
    await page.goto(`${adapter.url}/console`);
    expect(new URL(page.url()).pathname).to.equal('/console/sign-in');
    const replayed = await fetch(`${adapter.url}/console`, { headers: { cookie: `console_session=${cookie!.value}` }, redirect: 'manual' });
    expect(replayed.status).to.equal(302);
    expect(replayed.headers.get('location')).to.match(/^\/console\/sign-in\?next=/);
  });

  it('ends a merchant session when its key is revoked', async () => {
    const fresh = await expectStatus(admin(adapter, '/merchants/alpha/api-keys', { method: 'POST' }), 201);
    const page = await signIn(fresh.api_key as string);
    expect(await page.locator('.sign-out span').textContent()).to.equal('Signed in as merchant alpha');
    await expectStatus(admin(adapter, `/merchants/alpha/api-keys/${fresh.id as string}`, { method: 'DELETE' }), 204);
    await page.goto(`${adapter.url}/console`);
    expect(new URL(page.url()).pathname).to.equal('/console/sign-in');
    expect(merchantKeyId).to.not.equal(fresh.id);
  });

  it('refuses a forged cross-site form with 403 and leaves the session alone', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key);
    // Another origin (another port of the same host: the same site, so SameSite alone would send the cookie).
    const evil: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><form id="f" method="post" action="${adapter.url}/console/sign-out"><input name="csrf" value="guess"></form><script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    try {
      const forged = page.waitForResponse((r) => r.url().endsWith('/console/sign-out'));
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      expect((await forged).status()).to.equal(403);
      expect(await page.getByRole('alert').textContent()).to.contain('sent from another site');
    } finally {
      await new Promise((r) => evil.close(r));
    }
    await page.goto(`${adapter.url}/console`);
    expect(new URL(page.url()).pathname).to.equal('/console');
  });

  it('refuses a change without the session\'s CSRF token, and sets the strict Content-Security-Policy on every page', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'console_session');
    for (const body of ['csrf=wrong', 'nothing=here']) {
      const refused = await fetch(`${adapter.url}/console/sign-out`, { method: 'POST', headers: { cookie: `console_session=${cookie!.value}`, 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
      expect(refused.status, body).to.equal(403);
      expect(await refused.text(), body).to.contain('CSRF token');
    }
    // Behind a proxy that terminates TLS the Origin says https: the same host is this site.
    const host = new URL(adapter.url).host;
    const proxied = await fetch(`${adapter.url}/console/sign-in`, { method: 'POST', headers: { origin: `https://${host}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: adapter.runtime.adminApiKey.key }), redirect: 'manual' });
    expect(proxied.status).to.equal(303);
    const opaque = await fetch(`${adapter.url}/console/sign-in`, { method: 'POST', headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: adapter.runtime.adminApiKey.key }), redirect: 'manual' });
    expect(opaque.status).to.equal(403);
    for (const path of ['/console', '/console/sign-in', '/console/no-such-page']) {
      const res = await page.goto(`${adapter.url}${path}`);
      expect(res!.headers()['content-security-policy'], path).to.equal(CONTENT_SECURITY_POLICY);
      expect(res!.headers()['x-content-type-options'], path).to.equal('nosniff');
    }
    expect(CONTENT_SECURITY_POLICY).to.match(/default-src 'none'/).and.to.match(/frame-ancestors 'none'/).and.not.to.match(/unsafe-inline|unsafe-eval/);
  });

  // Last: it spends the address's wrong-key allowance (AUTH_MAX_FAILURES=4) that the tests above rely on.
  it('limits wrong keys as the API does (429 with Retry-After), and still signs a right key in', async () => {
    const post = (key: string) => fetch(`${adapter.url}/console/sign-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key }), redirect: 'manual' });
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await post(`wrong-key-number-${i}-0123456789abcdef0123`);
    expect(last!.status).to.equal(429);
    expect(Number(last!.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(await last!.text()).to.contain('Too many wrong keys from here');
    const right = await post(adapter.runtime.adminApiKey.key);
    expect(right.status).to.equal(303);
    expect(right.headers.get('set-cookie')).to.match(/^console_session=[A-Za-z0-9_-]{43}; path=\/console;/);
  });
});
