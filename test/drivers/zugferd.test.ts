import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zugferdDriver } from '../../drivers/zugferd/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import type { ConfigFile } from '../../src/platform/config/config-file-schema.js';
import type { Artifact } from '../../src/spi/driver.js';
import type { ZugferdSettings } from '../../drivers/zugferd/settings.js';
import { PNG } from 'pngjs';
import { errorsOf } from '../../src/spi/issues.js';
import { loadAdapterConfig } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { drivers } from '../../drivers/index.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { configErrorLines } from '../helpers/config-error.js';
import { fixtureConfig, fixtureConfigCopy, FIXTURE_CONFIG, FIXTURES_DIR, fixturesOf, GOLDEN_CLOCK } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { attachmentsOf, requirePoppler, textOf } from '../helpers/poppler.js';
import { bodyOf } from '../helpers/shape.js';
import { SMTP_PASSWORD, startSmtp } from '../helpers/smtp.js';
import { tempDir } from '../helpers/temp-dir.js';

// ZUGFERD through the adapter: the hybrid PDF and its XML served by /download and the signed
// links (the XML inside the PDF is the XML served, byte for byte), mailed as a PDF, rendered the
// same for the same document and clock, and its settings checked at start.

const registry = createRegistry(drivers);
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'zugferd', `${name}.json`), 'utf8')) as Record<string, any>;

/** What a submission stores for a document: examined once by intake, its model rendered at `now`. */
async function rendered(doc: unknown, config: ConfigFile, now: Date): Promise<Artifact[]> {
  const { driver, ctx, examination } = await intake(doc, config, registry);
  expect(errorsOf(examination.issues)).to.deep.equal([]);
  return driver.render(examination.model, { ...ctx, now, documentId: 'any' });
}

const scenario = (doc: Record<string, any>) => `country=${doc.country}&transaction_type=${doc.transaction_type}&model=ZUGFERD&document_type=${doc.document_type}`;

interface Downloaded {
  mime_type: string;
  document_url: string;
  document_content: string;
}

describe('ZUGFERD over HTTP: /download serves the PDF and the XML it embeds', function () {
  let adapter: TestAdapter;
  before(async function () {
    requirePoppler(this);
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
  });
  after(() => adapter?.close());

  for (const f of fixturesOf(zugferdDriver).filter((x) => !x.expectedIssues)) {
    it(`${f.name}: the embedded XML is the application/xml download, byte for byte`, async () => {
      const doc = f.body as Record<string, any>;
      const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
      const id = (await bodyOf(res)).document_id as string;
      expect(res.status).to.equal(200);
      const all = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/download?${scenario(doc)}`));
      expect(all.documents.map((d: Downloaded) => d.mime_type)).to.deep.equal(['application/pdf', 'application/xml']);
      const [pdf, xml] = (all.documents as Downloaded[]).map((d) => Buffer.from(d.document_content, 'base64'));
      const embedded = [...attachmentsOf(pdf!).values()];
      expect(embedded).to.have.length(1);
      expect(embedded[0]!.equals(xml!)).to.equal(true);
    });
  }

  it('filters by mime_type, and the signed links serve the same bytes with their content types', async () => {
    const doc = fixture('spec-invoice-en16931');
    doc.id = 'ZF-LINKS-1';
    const id = (await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: doc }))).document_id as string;
    for (const mime of ['application/pdf', 'application/xml']) {
      const only = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/download?${scenario(doc)}&mime_type=${mime}`));
      expect(only.documents.map((d: Downloaded) => d.mime_type)).to.deep.equal([mime]);
      const link = new URL(only.documents[0].document_url);
      const file = await fetch(`${adapter.url}${link.pathname}${link.search}`);
      expect(file.status).to.equal(200);
      expect(file.headers.get('content-type')).to.contain(mime);
      expect(file.headers.get('content-disposition')).to.equal(`attachment; filename="ZF-LINKS-1-cii-invoice.${mime === 'application/pdf' ? 'pdf' : 'xml'}"`);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(only.documents[0].document_content, 'base64'))).to.equal(true);
    }
    const wrong = await adapter.call(`/einvoicing/documents/${id}/download?${scenario(doc)}&mime_type=image/png`);
    expect(wrong.status).to.equal(400);
    expect((await bodyOf(wrong)).errors[0].message).to.contain('application/pdf, application/xml');
  });

  it('BASIC: warns of what its XML cannot hold, which the PDF still shows, and keeps the buyer’s mailbox as its electronic address', async () => {
    const doc = fixture('non-latin-basic');
    doc.id = 'ZF-BASIC-1';
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
    const body = await bodyOf(res);
    expect(res.status).to.equal(200);
    const stored = (await adapter.runtime.store.documents.get(body.document_id))!;
    expect(JSON.stringify(stored.statuses[0])).to.contain('ZUGFERD-080');
    const xml = stored.artifacts[1]!.content;
    expect(xml).to.not.contain('DefinedTradeContact');
    expect(xml).to.not.contain('TaxPointDate');
    expect(xml).to.contain('<ram:URIID schemeID="EM">logistirio@agorastis.example</ram:URIID>');
    const text = textOf(Buffer.from(stored.artifacts[0]!.content, 'base64'));
    expect(text).to.contain('Service comptabilité');
    expect(text).to.match(/VAT point date\s+2025-05-02/);
  });

  it('prints a long note and the longest item name whole', async () => {
    const doc = fixture('several-rates-en16931');
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    doc.note = words(700).slice(0, 5000);
    doc.lines[1].description = `Long name ${words(300)}`.slice(0, 1000);
    const [pdf] = await rendered(doc, fixtureConfig(), GOLDEN_CLOCK);
    const text = textOf(Buffer.from(pdf!.content, 'base64'), false).replace(/\s+/g, ' ');
    expect(text).to.contain(doc.note);
    expect(text).to.contain(doc.lines[1].description);
  });
});

describe('ZUGFERD rendering', () => {
  const config = fixtureConfig();
  const render = (doc: unknown, now: Date) => rendered(doc, config, now);

  it('gives the same bytes for the same document and clock, and dates the PDF by the clock', async () => {
    const doc = fixture('several-rates-en16931');
    const a = await render(doc, GOLDEN_CLOCK);
    const b = await render(doc, GOLDEN_CLOCK);
    expect(a[0]!.content).to.equal(b[0]!.content);
    const later = await render(doc, new Date('2026-03-04T05:06:07Z'));
    expect(later[1]!.content, 'the XML does not depend on the clock').to.equal(a[1]!.content);
    const pdf = Buffer.from(later[0]!.content, 'base64').toString('latin1');
    expect(pdf).to.contain('/CreationDate (D:20260304050607Z)');
    expect(pdf).to.contain('<xmp:CreateDate>2026-03-04T05:06:07Z</xmp:CreateDate>');
  });

  it('reads the same whatever the process set before: the non-Latin golden after a PDF with the ligature ﬃ, and as a process’s first PDF', async function () {
    requirePoppler(this);
    this.timeout(60_000); // a second process loads the adapter's modules
    const golden = readFileSync(join(FIXTURES_DIR, 'zugferd', 'non-latin-basic.pdf'));
    // U+FB03 is the glyph DejaVu Sans sets "ffi" with: its code points must not follow into "Łódź office".
    const ligature = fixture('several-rates-en16931');
    ligature.lines[0].description = 'O\ufb03ce chairs, Ελληνικά, Русский';
    await render(ligature, GOLDEN_CLOCK);
    const after = Buffer.from((await render(fixture('non-latin-basic'), GOLDEN_CLOCK))[0]!.content, 'base64');
    expect(after.equals(golden), 'the golden bytes').to.equal(true);
    expect(textOf(after, false)).to.contain('Łódź office');
    // The same document in a process that renders nothing before it.
    const dist = (path: string) => JSON.stringify(new URL(`../../${path}`, import.meta.url).href);
    const first = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { readFileSync } from 'node:fs';
         const { intake } = await import(${dist('src/apps/adapter/services/intake.js')});
         const { createRegistry } = await import(${dist('src/driver-kit/registry.js')});
         const { drivers } = await import(${dist('drivers/index.js')});
         const { fixtureConfig, GOLDEN_CLOCK } = await import(${dist('test/helpers/fixtures.js')});
         const doc = JSON.parse(readFileSync(${JSON.stringify(join(FIXTURES_DIR, 'zugferd', 'non-latin-basic.json'))}, 'utf8'));
         const { driver, ctx, examination } = await intake(doc, fixtureConfig(), createRegistry(drivers));
         process.stdout.write(driver.render(examination.model, { ...ctx, now: GOLDEN_CLOCK, documentId: 'first' })[0].content);`,
      ],
      { encoding: 'utf8', maxBuffer: 16 << 20 },
    );
    expect(first.stderr).to.equal('');
    expect(Buffer.from(first.stdout, 'base64').equals(golden), 'the golden bytes, rendered first').to.equal(true);
  });

  it('gives two documents two trailer /IDs', async () => {
    const one = fixture('several-rates-en16931');
    const two = { ...one, id: 'INV-OTHER-ZF' };
    const idOf = (artifacts: { content: string }[]) => /\/ID \[<([0-9a-f]+)>/.exec(Buffer.from(artifacts[0]!.content, 'base64').toString('latin1'))?.[1];
    const first = idOf(await render(one, GOLDEN_CLOCK));
    expect(first).to.match(/^[0-9a-f]{32}$/);
    expect(idOf(await render(two, GOLDEN_CLOCK))).to.not.equal(first);
  });

  it('renders the examined model with the logo the prepared settings hold for the entity', async () => {
    const { driver, ctx, examination } = await intake(fixture('several-rates-en16931'), config, registry);
    const settings = ctx.settings as ZugferdSettings;
    expect(ctx.entity.id).to.equal('example-seller');
    expect(PNG.sync.read(settings.logos['example-seller']!).width, 'the logo read at start').to.be.above(0);
    const rctx = { ...ctx, now: GOLDEN_CLOCK, documentId: 'logo' };
    const images = (artifacts: Artifact[]) => Buffer.from(artifacts[0]!.content, 'base64').toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    const withLogo = driver.render(examination.model, rctx);
    const without = driver.render(examination.model, { ...rctx, settings: { ...settings, logos: {} } });
    expect([images(withLogo), images(without)]).to.deep.equal([1, 0]);
    expect(without[1]!.content, 'the XML does not depend on the logo').to.equal(withLogo[1]!.content);
  });

  it('writes the profile’s Factur-X XMP properties and file name', async () => {
    const xmp = async (name: string) => Buffer.from((await render(fixture(name), GOLDEN_CLOCK))[0]!.content, 'base64').toString('latin1');
    for (const [name, level, file, version] of [
      ['non-latin-basic', 'BASIC', 'factur-x.xml', '1.0'],
      ['spec-invoice-en16931', 'EN 16931', 'factur-x.xml', '1.0'],
      ['discounts-extended', 'EXTENDED', 'factur-x.xml', '1.0'],
      ['spec-invoice-xrechnung', 'XRECHNUNG', 'xrechnung.xml', '3.0'],
    ] as const) {
      const text = await xmp(name);
      expect(text, name).to.contain(`<fx:ConformanceLevel>${level}</fx:ConformanceLevel>`);
      expect(text, name).to.contain(`<fx:DocumentFileName>${file}</fx:DocumentFileName>`);
      expect(text, name).to.contain(`<fx:Version>${version}</fx:Version>`);
      expect(text, name).to.contain('<pdfaid:part>3</pdfaid:part>');
      expect(text, name).to.match(/\/AFRelationship \/Alternative/);
    }
  });
});

describe('ZUGFERD settings, checked at start', () => {
  const load = (edit: (yaml: string) => string) => configErrorLines(() => loadAdapterConfig(fixtureConfigCopy('adapter-zugferd-', edit), registry));

  it('refuses MINIMUM and BASIC WL, which are not invoices, naming each setting', () => {
    const lines = load((y) => y.replace('vendeur-exemple: { profile: basic }', 'vendeur-exemple: { profile: minimum, B2G: basicwl }').replace('  ZUGFERD:\n', '  ZUGFERD:\n    profile: basicwl\n'));
    expect(lines).to.have.length(3);
    expect(lines[0]).to.match(/drivers\.ZUGFERD\.profile: basicwl is not an invoice in law .*choose basic, en16931, extended or xrechnung$/);
    expect(lines[1]).to.match(/drivers\.ZUGFERD\.entities\.vendeur-exemple\.profile: minimum is not an invoice in law/);
    expect(lines[2]).to.match(/drivers\.ZUGFERD\.entities\.vendeur-exemple\.B2G: basicwl is not an invoice in law/);
  });

  it('refuses a logo it cannot read or that is not a PNG', () => {
    const dir = tempDir('logo-');
    const notPng = join(dir, 'logo.jpg');
    writeFileSync(notPng, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]));
    const missing = load((y) => y.replace('logo_file: zugferd/logo-example-seller.png', 'logo_file: zugferd/no-such-logo.png'));
    expect(missing).to.have.length(1);
    expect(missing[0]).to.match(/drivers\.ZUGFERD\.entities\.example-seller\.logo_file: cannot read .*no-such-logo\.png: ENOENT$/);
    const wrong = load((y) => y.replace('logo_file: zugferd/logo-example-seller.png', `logo_file: ${notPng}`));
    expect(wrong[0]).to.match(/logo_file: .*logo\.jpg is not a PNG image/);
  });
});

describe('ZUGFERD by e-mail', () => {
  it('mails the hybrid PDF, byte for byte what /download serves, to the buyer’s contact email', async () => {
    const smtp = await startSmtp();
    process.env.ZUGFERD_TEST_SMTP_PASSWORD = SMTP_PASSWORD;
    const email = { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'invoices@seller.example', password_env: 'ZUGFERD_TEST_SMTP_PASSWORD', from: 'invoices@seller.example' };
    const config = fixtureConfigCopy('adapter-zugferd-mail-', (y) => `${y}    email:\n      example-seller: ${JSON.stringify(email)}\n`);
    const adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config } });
    try {
      const doc = fixture('several-rates-en16931');
      doc.id = 'ZF-MAIL-1';
      doc.accounting_customer_party.contact = { email: 'ap@buyer.example' };
      const id = (await bodyOf(await adapter.call('/einvoicing/documents', { method: 'POST', json: doc }))).document_id as string;
      const status = await eventually(async () => {
        const s = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
        return s.status === 'SUCCESS' || s.status === 'FAILED' ? s : undefined;
      }, 15_000, 'the mail to be delivered');
      expect(status.status).to.equal('SUCCESS');
      const mail = smtp.received.find((r) => r.mail.subject === 'Invoice ZF-MAIL-1')!;
      expect(mail.to).to.deep.equal(['ap@buyer.example']);
      expect(mail.mail.text).to.contain('Factur-X / ZUGFeRD');
      expect(mail.mail.attachments).to.have.length(1);
      const attachment = mail.mail.attachments[0]!;
      expect(attachment.filename).to.equal('ZF-MAIL-1.pdf');
      expect(attachment.contentType).to.equal('application/pdf');
      const downloaded = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/download?${scenario(doc)}&mime_type=application/pdf`));
      expect(attachment.content.equals(Buffer.from(downloaded.documents[0].document_content, 'base64'))).to.equal(true);
    } finally {
      await adapter.close();
      await new Promise<void>((r) => smtp.server.close(() => r()));
      delete process.env.ZUGFERD_TEST_SMTP_PASSWORD;
    }
  });
});
