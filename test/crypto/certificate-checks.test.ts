import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { certificateFacts } from '../../src/platform/crypto/certificate-facts.js';
import { certificateProblems } from '../../src/platform/crypto/certificate-checks.js';
import type { CertificateFiles } from '../../src/platform/crypto/certificate-settings.js';
import { makeTestPki, type TestPki } from '../helpers/certificates.js';

// A certificate given for a business entity is checked before it is kept: real certificates made
// by openssl (test/helpers/certificates.ts), each with one thing wrong.

const DAY = 86_400_000;

describe('certificate checks and facts', function () {
  this.timeout(60_000);
  // The certificates are valid from the second openssl made them: the checks' clock is read after.
  const start = new Date();
  let now: Date;
  let good: TestPki;
  let expired: TestPki;
  let future: TestPki;
  let encipherOnly: TestPki;
  let signer: TestPki;
  before(() => {
    good = makeTestPki(['good', 'other']);
    expired = makeTestPki(['old'], { notBefore: new Date('2024-01-01T00:00:00Z'), notAfter: new Date('2024-02-01T00:00:00Z') });
    future = makeTestPki(['later'], { notBefore: new Date(start.getTime() + 10 * DAY), notAfter: new Date(start.getTime() + 40 * DAY) });
    encipherOnly = makeTestPki(['tls-only'], { keyUsage: 'keyEncipherment' });
    signer = makeTestPki(['signer'], { days: 400, keyUsage: 'digitalSignature,nonRepudiation' });
    now = new Date(Date.now() + 1000);
  });
  const p12Of = (pki: TestPki, name: string, passphrase = pki.passphrase): CertificateFiles => ({ pkcs12: readFileSync(pki.client(name).p12), passphrase });
  const pemOf = (pki: TestPki, name: string, keyOf = name): CertificateFiles => ({ cert: readFileSync(pki.client(name).cert), key: readFileSync(pki.client(keyOf).key), passphrase: pki.passphrase });

  it('finds nothing wrong with a valid certificate and its key, for signing and for TLS', () => {
    for (const usage of ['signing', 'tls'] as const) {
      expect(certificateProblems('c', p12Of(good, 'good'), { now, usage }), usage).to.deep.equal([]);
      expect(certificateProblems('c', pemOf(good, 'good'), { now, usage }), usage).to.deep.equal([]);
      expect(certificateProblems('c', p12Of(signer, 'signer'), { now, usage }), usage).to.deep.equal([]);
    }
    expect(certificateProblems('c', p12Of(encipherOnly, 'tls-only'), { now, usage: 'tls' })).to.deep.equal([]);
  });

  it('says a PKCS#12 does not open with a wrong passphrase', () => {
    const [line, ...more] = certificateProblems('certificate', p12Of(good, 'good', 'not-the-passphrase'), { now, usage: 'signing' });
    expect(more).to.deep.equal([]);
    expect(line).to.match(/^certificate: the certificate cannot be used: not a readable PKCS#12 file with this passphrase/);
  });

  it('says a key is not the certificate\'s', () => {
    expect(certificateProblems('certificate', pemOf(good, 'good', 'other'), { now, usage: 'tls' })).to.deep.equal(['certificate: the key does not match the certificate']);
  });

  it('says when a certificate expired, or is not valid yet', () => {
    expect(certificateProblems('certificate', p12Of(expired, 'old'), { now, usage: 'tls' })).to.deep.equal(['certificate: the certificate expired on 2024-02-01']);
    const from = new Date(start.getTime() + 10 * DAY).toISOString().slice(0, 10);
    expect(certificateProblems('certificate', p12Of(future, 'later'), { now, usage: 'tls' })).to.deep.equal([`certificate: the certificate is not valid before ${from}`]);
    expect(certificateProblems('certificate', p12Of(future, 'later'), { now: new Date(now.getTime() + 20 * DAY), usage: 'tls' }), 'the clock is the one passed').to.deep.equal([]);
  });

  it('says a certificate whose key usage forbids signatures cannot sign', () => {
    expect(certificateProblems('certificate', p12Of(encipherOnly, 'tls-only'), { now, usage: 'signing' })).to.deep.equal([
      "certificate: the certificate's key usage lacks digitalSignature and nonRepudiation: it cannot sign",
    ]);
  });

  it('tells which certificate it is, when it is valid and what its key may do, without a secret', () => {
    const facts = certificateFacts(p12Of(signer, 'signer'));
    expect(facts.subject).to.equal('CN=signer, serialNumber=IDCES-signer');
    expect(facts.issuer).to.equal('CN=Test AEAT CA');
    expect(facts.fingerprint).to.match(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(facts.key_usage).to.deep.equal(['digitalSignature', 'nonRepudiation']);
    expect(new Date(facts.not_after).getTime() - new Date(facts.not_before).getTime()).to.equal(400 * DAY);
    expect(certificateFacts(pemOf(expired, 'old'))).to.include({ not_before: '2024-01-01T00:00:00.000Z', not_after: '2024-02-01T00:00:00.000Z' });
    expect(certificateFacts(p12Of(encipherOnly, 'tls-only')).key_usage).to.deep.equal(['keyEncipherment']);
    expect(certificateFacts(pemOf(good, 'good')).key_usage, 'no extension: any usage').to.equal(undefined);
    expect(JSON.stringify(facts)).to.not.contain(signer.passphrase);
  });
});
