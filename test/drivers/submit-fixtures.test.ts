import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { drivers } from '../../drivers/index.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { artifactBytes, FIXTURE_CONFIG, fixturesOf, GOLDEN_CLOCK } from '../helpers/fixtures.js';
import { bodyOf } from '../helpers/shape.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';

// Every fixture of every driver goes through the real HTTP API into a real SQLite file; what
// was stored must be byte-identical to its goldens (the goldens pass the official rules; they
// are made at the golden clock, as the adapter here runs, since a PDF carries its date). A
// chained driver's (VERIFACTU's) golden is the first record of its chain at the golden clock,
// so each of its fixtures goes to an adapter of its own with that clock; chains of several
// records are tested in test/drivers/verifactu*.test.ts. A signing driver's (FACE's) document is
// compared with its signature taken out, and the signature verified.

describe('POST /einvoicing/documents with every fixture', () => {
  let adapter: TestAdapter;
  before(async () => {
    // The goldens' clock: a PDF (ZUGFERD) carries its creation date.
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG }, clock: () => GOLDEN_CLOCK });
  });
  after(() => adapter.close());

  for (const driver of drivers) {
    for (const f of fixturesOf(driver)) {
      it(`${driver.model} ${f.name}`, async () => {
        // A chained driver's chain, and a numbering driver's sequence (SDI's progressive), start afresh per fixture.
        const own = (driver.chain || driver.sequence) && !f.expectedIssues ? await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG }, clock: () => GOLDEN_CLOCK }) : undefined;
        try {
          await check(own ?? adapter, f, !!driver.chain, !!driver.sign);
        } finally {
          await own?.close();
        }
      });
    }
  }

  async function check(adapter: TestAdapter, f: ReturnType<typeof fixturesOf>[number], chained: boolean, signed: boolean): Promise<void> {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: f.body });
    const body = await bodyOf(res);
    if (f.expectedIssues) {
      expect(res.status, JSON.stringify(body)).to.equal(400);
      const codes = new Set((body.errors as { message: string }[]).map((e) => /\[([A-Z][A-Z_]*-\d+)\]$/.exec(e.message)?.[1]));
      expect([...codes].sort()).to.deep.equal([...f.expectedIssues].sort());
      return;
    }
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.status).to.equal('ACCEPTED');
    const stored = (await adapter.runtime.store.documents.get(body.document_id));
    expect(stored?.statuses.map((s) => s.status)).to.deep.equal(['ACCEPTED']);
    // Every artifact is its golden, byte for byte (ZUGFERD: the PDF and its XML). A chained
    // driver's link adds artifacts render does not make (VERIFACTU's QR code PNG): only the first is compared.
    const artifacts = stored!.artifacts;
    expect(artifacts.length).to.be.at.least(1);
    for (const a of chained ? artifacts.slice(0, 1) : artifacts) {
      // FACE signs every document, SDI a public body's: the signing tests (face-*, sdi-transport) say which must be.
      if (signed && a.content.includes('<ds:Signature')) {
        // A signing driver's (FACE's) stored document is its golden with an enveloped signature
        // (made with whatever key the adapter has): the golden once the signature is taken out,
        // and a signature that verifies.
        expect(a.content.replace(/<ds:Signature[ >][\s\S]*<\/ds:Signature>/, ''), `${f.golden(a.mimeType, a.documentType)} differs from what was stored`).to.equal(readFileSync(f.golden(a.mimeType, a.documentType), 'utf8'));
        expect(signatureProblem(a.content)).to.equal(undefined);
        continue;
      }
      expect(artifactBytes(a).equals(readFileSync(f.golden(a.mimeType, a.documentType))), `${f.golden(a.mimeType, a.documentType)} differs from what was stored`).to.equal(true);
    }
  }
});
