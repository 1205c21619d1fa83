import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { FACTURAE_POLICY } from '../../../drivers/face/sign.js';
import { sandboxIdentity } from '../../../src/platform/crypto/signing-identity.js';
import { signatureProblem } from '../../../src/formats/xml/verify-signature.js';
import { signXades, type XadesOptions } from '../../../src/formats/xml/xades.js';
import { FIXTURES_DIR, GOLDEN_CLOCK } from '../../helpers/fixtures.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../../helpers/validate-ubl.js';

// The XAdES signer writes its signature as text, canonical already, and digests the document in
// its canonical form read from the text (src/formats/xml/xades.ts): every Facturae and FatturaPA
// golden signed so verifies with xml-crypto (verify-signature.ts: core validation, which parses
// and canonicalizes on its own), and with the official rules (facturae-sig; the FatturaPA XSD,
// which takes the ds:Signature), and a byte changed in the document or in what the signature
// covers breaks it. A document whose root declares a default namespace and more prefixes shows
// that each signed subtree is digested with every namespace it inherits.

const identity = sandboxIdentity();
const goldens = (folder: string) =>
  readdirSync(join(FIXTURES_DIR, folder))
    .filter((f) => f.endsWith('.xml'))
    .map((f) => ({ name: `${folder}/${f}`, xml: readFileSync(join(FIXTURES_DIR, folder, f), 'utf8') }));
const facturae: Omit<XadesOptions, 'identity'> = { policy: FACTURAE_POLICY, signingTime: GOLDEN_CLOCK, claimedRole: 'emisor <&> "x"', dataObject: { description: 'Factura electrónica', mimeType: 'text/xml' }, idSeed: 'doc-1' };
const fatturapa: Omit<XadesOptions, 'identity'> = { signingTime: GOLDEN_CLOCK, dataObject: { description: 'FatturaPA', mimeType: 'text/xml' }, idSeed: 'doc-1' };
const withoutSignature = (xml: string) => xml.replace(/<ds:Signature[ >][\s\S]*<\/ds:Signature>/, '');

/** The document with the first character of its first element's text changed. */
function tampered(xml: string): string {
  const m = /<[^/?][^>]*>[^<\s]/.exec(xml)!;
  const at = m.index + m[0].length - 1;
  return xml.slice(0, at) + (xml[at] === 'a' ? 'b' : 'a') + xml.slice(at + 1);
}

describe('XAdES signature made without a DOM (xades.ts)', function () {
  this.timeout(120_000);
  const signed: { name: string; xml: string; signed: string; kind: 'facturae' | 'fatturapa' }[] = [];
  before(async () => {
    for (const g of goldens('face')) signed.push({ ...g, signed: await signXades(g.xml, { identity, ...facturae }), kind: 'facturae' });
    for (const g of goldens('sdi')) signed.push({ ...g, signed: await signXades(g.xml, { identity, ...fatturapa }), kind: 'fatturapa' });
  });

  it('signs every Facturae and FatturaPA golden so that xml-crypto verifies it, and minus the signature it is the golden', () => {
    expect(signed.filter((s) => s.kind === 'facturae').length).to.be.greaterThan(3);
    expect(signed.filter((s) => s.kind === 'fatturapa').length).to.be.greaterThan(3);
    for (const s of signed) {
      expect(signatureProblem(s.signed), s.name).to.equal(undefined);
      expect(withoutSignature(s.signed), s.name).to.equal(s.xml);
    }
  });

  it('is broken by one byte changed in the document, in the SignedProperties or in the SignedInfo', () => {
    for (const s of signed) {
      expect(tampered(s.signed).length).to.equal(s.signed.length);
      expect(signatureProblem(tampered(s.signed)), `${s.name} document`).to.match(/^the signature does not verify/);
      expect(signatureProblem(s.signed.replace('<xades:SigningTime>2025', '<xades:SigningTime>2024')), `${s.name} time`).to.match(/^the signature does not verify/);
      expect(signatureProblem(s.signed.replace('Id="Reference-', 'Id="Referencf-')), `${s.name} SignedInfo`).to.match(/^the signature does not verify/);
    }
  });

  it('digests each signed subtree with the namespaces it inherits: a root with a default namespace and more prefixes', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<r:Doc xmlns="urn:default" xmlns:r="urn:root" xmlns:z="urn:z" xmlns:a="urn:a" z:k="1" b="2">\n  <Item a:n="x&#9;y">1 &gt; 0 &amp; more&#13;</Item>\n  <empty/>\n</r:Doc>\n';
    const out = await signXades(xml, { identity, ...fatturapa });
    expect(signatureProblem(out)).to.equal(undefined);
    expect(withoutSignature(out)).to.equal(xml);
  });

  it('answers before the RSA signature is made: the private-key operation runs on the thread pool, off the event loop', async () => {
    const pending = signXades(signed[0]!.xml, { identity, ...facturae });
    expect(pending).to.be.instanceOf(Promise);
    expect(await pending).to.equal(signed[0]!.signed);
  });

  it('is the same bytes for one key, clock and id seed', async () => {
    const [first] = signed;
    expect(await signXades(first!.xml, { identity, ...facturae })).to.equal(first!.signed);
  });

  it('passes the official rules: facturae-sig for the Facturae, the FatturaPA XSD for the FatturaPA; a changed Facturae fails its reference', function () {
    if (!validatorAvailable()) this.skip();
    const dir = tempDir('xades-');
    const write = (name: string, content: string) => {
      const file = join(dir, name.replace('/', '-'));
      writeFileSync(file, content);
      return file;
    };
    const of = (kind: string) => signed.filter((s) => s.kind === kind).map((s) => write(s.name, s.signed));
    const facturaeFiles = of('facturae');
    const first = signed.find((s) => s.kind === 'facturae')!;
    const altered = write('altered.xml', first.signed.replace('<InvoiceTotal>', '<InvoiceTotal>1'));
    const results = [...validateFiles([...facturaeFiles, altered], 'facturae-sig'), ...validateFiles(of('fatturapa'), 'fatturapa')];
    for (const r of results.filter((x) => x.file !== altered)) expect(r.fatal, `${r.file}: ${JSON.stringify(r.errors)}`).to.equal(0);
    expect(results.find((r) => r.file === altered)!.errors.map((e) => e.id)).to.include('FACTURAE-SIG-REFERENCE');
  });
});
