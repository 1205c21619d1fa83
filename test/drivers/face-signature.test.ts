import { expect } from 'chai';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreparedFaceSettings } from '../../drivers/face/sign.js';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { loadAdapterConfig } from '../../src/driver-kit/driver-settings.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';
import { makeTestPki } from '../helpers/certificates.js';
import { renderDocument } from '../helpers/render-document.js';
import { fixtureConfigCopy, fixturesOf, GOLDEN_CLOCK, type Fixture } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../helpers/validate-ubl.js';

// Every FACE golden signed as the adapter stores it, with a certificate made at test time (a
// PKCS#12 file whose passphrase is read from a file, as an operator configures it): the signed
// document minus its signature is the golden byte for byte, the signature verifies with the
// certificate it names, the official validator's XAdES layer (--rules facturae-sig) passes it,
// and a document altered after signing fails both.

const registry = createRegistry(drivers);
const face = registry.all.find((d) => d.model === 'FACE')!;
const pki = makeTestPki(['suministros']);
const SIGNED_AT = new Date(Math.floor(Date.now() / 1000) * 1000);

function configWith(certificate: string): string {
  return fixtureConfigCopy('face-sig-', (yaml) => yaml.replace('  FACE:\n', `  FACE:\n    certificates:\n      suministros-ejemplo: ${certificate}\n`));
}

describe('FACE signature: XAdES-EPES with the entity\'s certificate (Facturae signature policy v3.1)', function () {
  this.timeout(120_000);
  const passphraseFile = join(tempDir('face-pass-'), 'passphrase.txt');
  writeFileSync(passphraseFile, `${pki.passphrase}\n`);
  const { config } = loadAdapterConfig(configWith(`{ pkcs12_file: ${pki.client('suministros').p12}, passphrase_file: ${passphraseFile} }`), registry);
  const signed: { f: Fixture; xsig: string; golden: string }[] = [];
  before(async () => {
    for (const f of fixturesOf(face).filter((x) => !x.expectedIssues)) {
      const { doc, driver, ctx } = await intake(f.body, config, registry);
      const renderCtx = { ...ctx, now: GOLDEN_CLOCK, documentId: `golden-${f.name}` };
      const [unsigned] = await renderDocument(driver, doc, renderCtx);
      // Signed now, within the validity of the certificate just made (the golden does not depend on the clock).
      const [artifact] = await driver.sign!([unsigned!], { ...renderCtx, now: SIGNED_AT });
      signed.push({ f, xsig: artifact!.content, golden: unsigned!.content });
    }
  });

  it('signs every golden: minus its ds:Signature it is the golden, and the signature verifies with the configured certificate', () => {
    const configured = new X509Certificate(readFileSync(pki.client('suministros').cert));
    for (const { f, xsig, golden } of signed) {
      expect(xsig.replace(/<ds:Signature[ >][\s\S]*<\/ds:Signature>/, ''), f.name).to.equal(golden);
      expect(signatureProblem(xsig), f.name).to.equal(undefined);
      const embedded = new X509Certificate(Buffer.from(/<ds:X509Certificate>([^<]+)</.exec(xsig)![1]!, 'base64'));
      expect(embedded.fingerprint256, f.name).to.equal(configured.fingerprint256);
      expect(xsig, f.name).to.contain(`<xades:SigningTime>${SIGNED_AT.toISOString().replace('.000Z', 'Z')}</xades:SigningTime>`);
      expect(xsig, f.name).to.contain('<xades:ClaimedRole>emisor</xades:ClaimedRole>');
    }
  });

  it('keeps the identity it read at start as an ordinary member of the prepared settings, which sign uses', () => {
    const settings = config.drivers!.FACE as PreparedFaceSettings;
    const configured = new X509Certificate(readFileSync(pki.client('suministros').cert));
    expect([...settings.signers.keys()]).to.deep.equal(['suministros-ejemplo']);
    expect(settings.signers.get('suministros-ejemplo')!.certificate.fingerprint256).to.equal(configured.fingerprint256);
    expect(Object.keys(settings)).to.include('signers');
  });

  it('fails verification once the signed document is altered', () => {
    const { xsig } = signed.find((s) => s.f.name === 'b2g-dir3-centres')!;
    const altered = xsig.replace('<InvoiceTotal>', '<InvoiceTotal>1');
    expect(altered).to.not.equal(xsig);
    expect(signatureProblem(altered)).to.equal('the signature does not verify');
  });

  it('passes the official XAdES layer (validate-ubl --rules facturae-sig) with 0 fatal, and the altered one fails it', function () {
    if (!validatorAvailable()) this.skip();
    const dir = tempDir('face-xsig-');
    const files = signed.map(({ f, xsig }) => {
      const file = join(dir, `${f.name}.xsig`);
      writeFileSync(file, xsig);
      return file;
    });
    const altered = join(dir, 'altered.xsig');
    writeFileSync(altered, signed[0]!.xsig.replace('<InvoiceTotal>', '<InvoiceTotal>1'));
    const results = new Map(validateFiles([...files, altered], 'facturae-sig').map((r) => [r.file, r]));
    for (const file of files) {
      expect(results.get(file)!.fatal, `${file}: ${JSON.stringify(results.get(file)!.errors)}`).to.equal(0);
      expect(results.get(file)!.errors, file).to.deep.equal([]);
    }
    expect(results.get(altered)!.errors.map((e) => e.id)).to.include('FACTURAE-SIG-REFERENCE');
  });

  it('stops the start naming the setting for a wrong passphrase or a key that is not the certificate\'s', () => {
    const wrong = join(tempDir('face-wrong-'), 'passphrase.txt');
    writeFileSync(wrong, 'not-the-passphrase\n');
    const attempt = (entry: string) => {
      try {
        loadAdapterConfig(configWith(entry), registry);
      } catch (err) {
        expect(err).to.be.instanceOf(ConfigError);
        return (err as ConfigError).lines.join('\n');
      }
      throw new Error('the configuration was accepted');
    };
    expect(attempt(`{ pkcs12_file: ${pki.client('suministros').p12}, passphrase_file: ${wrong} }`)).to.match(/drivers\.FACE\.certificates\.suministros-ejemplo: the certificate cannot be used: not a readable PKCS#12 file/);
    const other = makeTestPki(['otro']);
    const mismatch = attempt(`{ cert_file: ${pki.client('suministros').cert}, key_file: ${other.client('otro').key}, passphrase_env: FACE_SIG_TEST_PASS }`);
    expect(mismatch).to.match(/FACE_SIG_TEST_PASS is not set/);
    process.env.FACE_SIG_TEST_PASS = other.passphrase;
    try {
      expect(attempt(`{ cert_file: ${pki.client('suministros').cert}, key_file: ${other.client('otro').key}, passphrase_env: FACE_SIG_TEST_PASS }`)).to.match(/the key does not match the certificate/);
    } finally {
      delete process.env.FACE_SIG_TEST_PASS;
    }
  });
});
