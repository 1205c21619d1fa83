import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { readSignedReceipt } from '../../src/driver-kit/networks/edelivery/as4/receipt.js';
import { verifyWsSecurity } from '../../src/driver-kit/networks/edelivery/as4/ws-security.js';
import { DS } from '../../src/driver-kit/networks/edelivery/as4/namespaces.js';
import { withCodePointC14n } from '../../src/formats/xml/code-point-c14n.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { makeIdentity, type TestIdentity } from '../helpers/edelivery-pki.js';
import { signedReceipt } from '../helpers/as4-signing.js';

// The WS-Security check of AS4 messages and the signed receipt (src/driver-kit/networks/edelivery/as4):
// receipts recorded from three real access points (fixtures/as4/README.md) verify, and receipts
// signed at test time under a test CA are refused for each thing that can be wrong with them.

const recorded = (name: string) => readFileSync(join(FIXTURES_DIR, 'as4', 'transport', 'recorded', `receipt-${name}.xml`), 'utf8');
/** When the recorded receipts were sent (7 March 2022), their certificates valid. */
const MARCH_2022 = new Date('2022-03-07T18:00:00Z');

describe('AS4: signed receipts recorded from other access points', () => {
  for (const [name, signer] of [
    ['helger', 'CN=POP000306'],
    ['governikus', 'CN=POP000260'],
    ['dataport1-mustunderstand', 'CN=PDE000357'],
  ] as const) {
    it(`verifies the signature of ${name}'s receipt (and, without the OpenPeppol test CA, says only that its issuer is not trusted)`, () => {
      const outcome = verifyWsSecurity(recorded(name), [], MARCH_2022);
      // The trust check comes after the signature's: reaching it means digests and signature held.
      expect(outcome).to.have.property('problem').that.matches(new RegExp(`^the access point certificate .*${signer}.* is not issued by a trusted access point CA$`));
    });
  }

  it('refuses the Holodeck B2B receipt as recorded, as phase4 does (its corrected copy verifies above)', () => {
    expect(verifyWsSecurity(recorded('dataport1'), [], MARCH_2022)).to.deep.equal({ problem: 'the reference #id-4b28412d2948bca-f4a2-48fe-8503-d3693f501057 does not verify' });
  });

  it('verifies phase4\'s receipt only with namespaces ordered by code point (S12 before eb), as C14N requires', () => {
    const xml = recorded('helger');
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const token = doc.getElementsByTagNameNS('http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd', 'BinarySecurityToken')[0]!.textContent!;
    const check = (signed: SignedXml) => {
      signed.loadSignature(doc.getElementsByTagNameNS(DS, 'Signature')[0]! as unknown as Node);
      return signed.checkSignature(xml);
    };
    const pem = `-----BEGIN CERTIFICATE-----\n${token.replace(/\s/g, '')}\n-----END CERTIFICATE-----\n`;
    expect(check(new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => null })), "xml-crypto's own ordering").to.equal(false);
    expect(check(withCodePointC14n(new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => null }))), 'code-point ordering').to.equal(true);
  });
});

describe('AS4: signed receipts signed at test time under a test CA', function () {
  this.timeout(20_000);
  let ca: TestIdentity;
  let ap: TestIdentity;
  let otherCa: TestIdentity;
  let stranger: TestIdentity;
  let expired: TestIdentity;
  const now = () => new Date();

  before(() => {
    ca = makeIdentity('Test Peppol AP CA');
    ap = makeIdentity('POP000999', ca);
    otherCa = makeIdentity('Test Peppol AP CA');
    stranger = makeIdentity('POP000998', otherCa);
    expired = makeIdentity('POP000997', ca, { fromDays: -30, toDays: -1 });
  });

  it('reads a sound receipt: its ids, timestamp, the parts it received and its signer', () => {
    const receipt = readSignedReceipt(signedReceipt(ap), [ca.certificate], now());
    expect(receipt).to.not.have.property('problem');
    if ('problem' in receipt) return;
    expect(receipt).to.deep.include({ messageId: 'receipt-1@test', refToMessageId: 'user-1@test', timestamp: '2026-11-25T10:00:00.000Z' });
    expect(receipt.parts).to.deep.equal([{ uri: 'cid:payload-1@test', digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256', digestValue: 'AAAA' }]);
    expect(receipt.signer.subject).to.contain('CN=POP000999');
  });

  it('refuses a receipt changed after signing (one character of the id it answers)', () => {
    const xml = signedReceipt(ap).replace('user-1@test', 'user-2@test');
    expect(readSignedReceipt(xml, [ca.certificate], now())).to.deep.equal({ problem: 'the reference #msg does not verify' });
  });

  it('refuses a receipt whose token was swapped for another certificate', () => {
    const xml = signedReceipt(ap).replace(ap.base64, stranger.base64);
    expect(readSignedReceipt(xml, [ca.certificate, otherCa.certificate], now())).to.deep.equal({ problem: 'the signature does not verify' });
  });

  it('refuses a signer no configured CA issued, even one whose CA has the trusted CA\'s name', () => {
    expect(readSignedReceipt(signedReceipt(stranger), [ca.certificate], now())).to.have.property('problem').that.contains('is not issued by a trusted access point CA');
  });

  it('refuses an expired signer certificate', () => {
    expect(readSignedReceipt(signedReceipt(expired), [ca.certificate], now())).to.have.property('problem').that.contains('is not valid at');
  });

  it('refuses a signature that leaves the eb:Messaging header out, and one that leaves the Body out', () => {
    expect(readSignedReceipt(signedReceipt(ap, { sign: ['body'] }), [ca.certificate], now())).to.deep.equal({ problem: 'the signature does not cover the eb:Messaging' });
    expect(readSignedReceipt(signedReceipt(ap, { sign: ['messaging'] }), [ca.certificate], now())).to.deep.equal({ problem: 'the signature does not cover the SOAP Body' });
  });

  it('refuses a second eb:Messaging beside the signed one (signature wrapping)', () => {
    expect(readSignedReceipt(signedReceipt(ap, { extraMessaging: true }), [ca.certificate], now())).to.deep.equal({ problem: 'the header has no single eb:Messaging' });
  });

  it('refuses what is no SOAP 1.2 envelope', () => {
    expect(readSignedReceipt('<x/>', [ca.certificate], now())).to.deep.equal({ problem: 'the message is not a SOAP 1.2 envelope' });
    expect(readSignedReceipt('not xml', [ca.certificate], now())).to.have.property('problem').that.matches(/^the message is not (XML|a SOAP 1.2 envelope)/);
  });
});
