import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import type { RenderContext } from '../../src/spi/driver.js';
import { invoiceEl } from '../../src/formats/ubl/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { serialize } from '../../src/formats/xml/writer.js';
import type { PeppolModel } from '../../drivers/peppol/examine.js';
import type { SpiDocument } from '../../src/spi/document.js';
import { renderDocument } from '../helpers/render-document.js';
import { sign as cryptoSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sandboxIdentity } from '../../src/platform/crypto/signing-identity.js';
import { join } from 'node:path';
import { fixtureConfig, FIXTURES_DIR } from '../helpers/fixtures.js';
import { benchInvoice, grownFixture } from './bench-invoice.js';
import { viaFastXmlParser, viaXmlbuilder2 } from './serializers.js';

export interface RenderFigure {
  name: string;
  perSecond: number;
  msPerDoc: number;
  /** The XML syntax a 10-line invoice line measures (issue 45: each ≥ 5,000 docs/s). */
  syntax?: string;
}

/** The figure of one XML syntax's 10-line invoice, named for the target it is held to. */
const syntaxLine = (syntax: string, figure: RenderFigure): RenderFigure => ({ ...figure, syntax });

/**
 * A driver's work on a document (examine, then render: what a submission asks of it), each time
 * on a document object it has not seen, as a submission brings a new one: documents are parsed
 * in batches outside the timed part.
 */
async function measureFresh(name: string, text: string, fn: (doc: SpiDocument) => unknown, ms = 2000, size = 250): Promise<RenderFigure> {
  let n = 0;
  let timed = 0n;
  const batch = () => Array.from({ length: size }, () => JSON.parse(text) as SpiDocument);
  for (const d of batch()) await fn(d); // warm-up
  while (timed < BigInt(ms) * 1_000_000n) {
    const docs = batch();
    const start = process.hrtime.bigint();
    for (const d of docs) await fn(d);
    timed += process.hrtime.bigint() - start;
    n += docs.length;
  }
  const seconds = Number(timed) / 1e9;
  return { name, perSecond: n / seconds, msPerDoc: (seconds * 1000) / n };
}

/**
 * As measureFresh, with `inFlight` documents in flight at once, as concurrent submissions are: a
 * signature made on the thread pool (xades.ts) runs beside the next documents' render, on every core.
 */
async function measureInFlight(name: string, text: string, fn: (doc: SpiDocument) => Promise<unknown>, inFlight = 8, ms = 3000, size = 200): Promise<RenderFigure> {
  let n = 0;
  let timed = 0n;
  const run = async (docs: SpiDocument[]) => {
    let next = 0;
    await Promise.all(Array.from({ length: inFlight }, async () => {
      while (next < docs.length) await fn(docs[next++]!);
    }));
  };
  const batch = () => Array.from({ length: size }, () => JSON.parse(text) as SpiDocument);
  await run(batch()); // warm-up
  while (timed < BigInt(ms) * 1_000_000n) {
    const docs = batch();
    const start = process.hrtime.bigint();
    await run(docs);
    timed += process.hrtime.bigint() - start;
    n += docs.length;
  }
  const seconds = Number(timed) / 1e9;
  return { name, perSecond: n / seconds, msPerDoc: (seconds * 1000) / n };
}

/** The lines run.ts holds to issue 45's signed target (≥ 1,000 docs/s), read by name. */
export const SIGNED_FACTURAE_IN_FLIGHT = 'FACE render + sign, 8 in flight: signed Facturae (XAdES-EPES, RSA-2048)';
export const SIGNED_FATTURAPA_IN_FLIGHT = 'SDI render + sign, 8 in flight: signed FatturaPA FPA12 (XAdES-BES, RSA-2048)';

/** Calls `fn` for about `ms` milliseconds after a warm-up; returns calls per second. */
function measure(name: string, fn: () => unknown, ms = 2000): RenderFigure {
  const warm = Date.now() + 300;
  while (Date.now() < warm) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(ms) * 1_000_000n;
  while (process.hrtime.bigint() < end) {
    for (let i = 0; i < 20; i++) fn();
    n += 20;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { name, perSecond: n / seconds, msPerDoc: (seconds * 1000) / n };
}

export async function renderFigures(): Promise<RenderFigure[]> {
  const registry = createRegistry(drivers);
  const body = benchInvoice();
  const config = fixtureConfig();
  const { driver, ctx, examination } = await intake(body, config, registry);
  const rctx: RenderContext = { ...ctx, now: new Date(), documentId: 'bench' };
  const model = (examination.model as PeppolModel).ubl as SemanticInvoice;
  // A fresh document object per call, as a submission always brings a new one. The JSON.parse
  // it costs is measured on its own.
  const text = JSON.stringify(body);
  // The same invoice through EINVOICE, in UBL and in CII (plain EN 16931): the semantic layer
  // is shared, so these should stay within reach of PEPPOL's figure.
  const einvoice = async (documentType: string) => {
    const t = JSON.stringify({ ...body, model: 'EINVOICE', document_type: documentType });
    const i = await intake(JSON.parse(t), config, registry);
    const c: RenderContext = { ...i.ctx, now: new Date(), documentId: 'bench' };
    return { t, render: (d: SpiDocument) => renderDocument(i.driver, d, c) };
  };
  const ubl = await einvoice('ubl-invoice');
  const cii = await einvoice('cii-invoice');
  // ZUGFERD: the same invoice as CII and as the PDF/A-3 that embeds it (EN 16931, the fixtures' logo).
  const zugferdText = JSON.stringify({ ...body, model: 'ZUGFERD', document_type: 'cii-invoice' });
  const zugferd = await intake(JSON.parse(zugferdText), config, registry);
  const zctx: RenderContext = { ...zugferd.ctx, now: new Date(), documentId: 'bench' };
  // A driver's own fixture, intaken once, rendered per fresh document; an invoice grown to ten
  // lines (issue 45 measures a 10-line invoice), a lifecycle message as it is.
  const fixtureBench = async (folder: string, file: string, grow = true) => {
    const fixture = JSON.parse(readFileSync(join(FIXTURES_DIR, folder, file), 'utf8')) as Record<string, any>;
    const t = JSON.stringify(grow ? grownFixture(fixture) : fixture);
    const i = await intake(JSON.parse(t), config, registry);
    const c: RenderContext = { ...i.ctx, now: new Date(), documentId: 'bench' };
    return { t, render: (d: SpiDocument) => renderDocument(i.driver, d, c), sign: (d: SpiDocument) => renderDocument(i.driver, d, c, { sign: true }) };
  };
  // KSEF: FA(3) from the same semantic layer (a Polish seller: the fixtures' domestic 23 % + 8 % invoice, to 10 lines).
  const ksef = await fixtureBench('ksef', 'domestic-23-8.json');
  // FACE: Facturae from the same semantic layer, then signed XAdES-EPES (RSA-2048, the sandbox's key).
  const face = await fixtureBench('face', 'b2g-dir3-centres.json');
  // The signed line keeps the fixture's 2 lines: its figure is the signature's, measured as before.
  const faceAsIs = await fixtureBench('face', 'b2g-dir3-centres.json', false);
  // NEMHANDEL: OIOUBL through the UBL writers' OIOUBL dialect (the fixtures' public-sector invoice, to 10 lines).
  const nemhandel = await fixtureBench('nemhandel', 'public-sector-gln.json');
  // SDI: FatturaPA from the same semantic layer (the fixtures' 22 + 10 + 4 % business invoice, to 10 lines).
  const sdi = await fixtureBench('sdi', 'b2b-rates-22-10-4.json');
  // SDI signed: an invoice to a public body (FPA12) is always signed, XAdES-BES (the sandbox's key); as is, like FACE's signed line.
  const sdiSigned = await fixtureBench('sdi', 'b2g-fpa12.json', false);
  // CTC_FR: the French delta on the same semantic layer (20 + 5.5 %, to 10 lines), as UBL and as CDAR.
  const ctcFr = await fixtureBench('ctc-fr', 'domestic-en16931-ubl.json');
  const cdar = await fixtureBench('ctc-fr', 'response-210-rejected.json', false);
  // NAV: InvoiceData from the same semantic layer (27 + 5 %, to 10 lines, HUF).
  const nav = await fixtureBench('nav', 'domestic-27.json');
  // What a signed document cannot go below: its one RSA signature, with the sandbox's key.
  const key = sandboxIdentity().privateKey;
  const signedInfo = Buffer.from('x'.repeat(2500));
  const rsaAlone = () => new Promise((resolve, reject) => cryptoSign('sha256', signedInfo, key, (err, value) => (err ? reject(err) : resolve(value))));
  return [
    syntaxLine('PEPPOL UBL', await measureFresh('PEPPOL examine + render, BIS 3 UBL (10 lines): validate + map + serialize (no intake)', text, (d) => renderDocument(driver, d, rctx))),
    syntaxLine('EINVOICE UBL', await measureFresh('EINVOICE render, UBL (en16931, 10 lines)', ubl.t, ubl.render)),
    syntaxLine('EINVOICE CII', await measureFresh('EINVOICE render, CII (en16931, 10 lines)', cii.t, cii.render)),
    await measureFresh('ZUGFERD render: the hybrid PDF/A-3 + its CII (PDFs/s)', zugferdText, (d) => renderDocument(zugferd.driver, d, zctx), 3000, 20),
    syntaxLine('KSEF FA(3)', await measureFresh('KSEF render, FA(3) (10 lines, Polish rates)', ksef.t, ksef.render)),
    syntaxLine('FACE Facturae', await measureFresh('FACE render, Facturae 3.2.2 unsigned (10 lines)', face.t, face.render)),
    await measureFresh('FACE render + sign: the .xsig (XAdES-EPES, RSA-2048)', faceAsIs.t, faceAsIs.sign, 3000, 20),
    await measureInFlight(SIGNED_FACTURAE_IN_FLIGHT, faceAsIs.t, faceAsIs.sign),
    syntaxLine('NEMHANDEL OIOUBL', await measureFresh('NEMHANDEL render, OIOUBL 2.1 (10 lines, a public buyer)', nemhandel.t, nemhandel.render)),
    syntaxLine('SDI FatturaPA', await measureFresh('SDI render, FatturaPA 1.2.2 FPR12 (10 lines, 22/10/4 %)', sdi.t, sdi.render)),
    await measureFresh('SDI render + sign: FatturaPA FPA12 (XAdES-BES, RSA-2048)', sdiSigned.t, sdiSigned.sign, 3000, 20),
    await measureInFlight(SIGNED_FATTURAPA_IN_FLIGHT, sdiSigned.t, sdiSigned.sign),
    await measureInFlight('RSA-2048 signature alone, 8 in flight (crypto.sign on the thread pool): the ceiling of the signed lines', '{}', () => rsaAlone()),
    syntaxLine('CTC_FR UBL', await measureFresh('CTC_FR render, UBL EN 16931 with the BR-FR data (10 lines, 20/5.5 %)', ctcFr.t, ctcFr.render)),
    await measureFresh('CTC_FR render, a CDAR lifecycle message (210 Refusée)', cdar.t, cdar.render),
    syntaxLine('NAV InvoiceData', await measureFresh('NAV render, InvoiceData (10 lines, 27/5 %, HUF)', nav.t, nav.render)),
    await measureFresh('intake + render (what a submission does before storing)', text, async (d) => {
      const i = await intake(d, config, registry);
      return i.driver.render(i.examination.model, rctx);
    }),
    measure('JSON.parse of the request body (for scale)', () => JSON.parse(text)),
    measure('serialize only: string writer (src/formats/xml/writer.ts)', () => serialize(invoiceEl(model))),
    measure('serialize only: xmlbuilder2', () => viaXmlbuilder2(invoiceEl(model))),
    measure('serialize only: fast-xml-parser XMLBuilder', () => viaFastXmlParser(invoiceEl(model))),
  ];
}
