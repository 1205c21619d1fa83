import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { DOMParser } from '@xmldom/xmldom';
import { userMessage } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { readUserMessage } from '../../src/driver-kit/networks/edelivery/as4/read-user-message.js';
import { AES128_GCM, MGF1_SHA256, RSA_OAEP, SWA_CIPHERTEXT_TRANSFORM, SWA_CONTENT_ONLY } from '../../src/driver-kit/networks/edelivery/as4/attachment-encryption.js';
import { decryptAttachments, readEncryption } from '../../src/driver-kit/networks/edelivery/as4/attachment-decryption.js';
import { SHA256 } from '../../src/driver-kit/networks/edelivery/as4/attachment-references.js';
import { readMultipartRelated } from '../../src/driver-kit/networks/edelivery/as4/mime-multipart.js';
import { EbmsError } from '../../src/driver-kit/networks/edelivery/as4/ebms-error.js';
import { WSSE, XENC } from '../../src/driver-kit/networks/edelivery/as4/namespaces.js';
import { elementsOf } from '../../src/formats/xml/dom-children.js';
import { payloadText } from '../../src/formats/sbdh/write.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { makeIdentity, type TestIdentity } from '../helpers/edelivery-pki.js';
import { encryptionSpan, partsOf, rebuilt, type As4Message } from '../helpers/as4-encryption.js';
import { INVOICE, PACKAGING, SBDH, signerOf, refusal, userMessageFacts } from '../helpers/as4-message.js';

// The AS4 payload encrypted to the receiving access point (attachment-encryption.ts and
// attachment-decryption.ts): written by userMessage and read back by readUserMessage with our
// key; then one thing wrong at a time (a changed ciphertext byte, another certificate, another
// key, no EncryptedKey, another algorithm, no encryption at all), each refused with its ebMS
// code; and the encrypted messages phase4 recorded, read up to the point where their key is needed.

const FACTS = userMessageFacts();


const securityOf = (envelope: string): Element => new DOMParser().parseFromString(envelope, 'text/xml').getElementsByTagNameNS(WSSE, 'Security')[0]! as unknown as Element;

describe('AS4: the payload encrypted to the receiving access point', function () {
  this.timeout(20_000);
  let ca: TestIdentity;
  let sender: TestIdentity;
  let receiver: TestIdentity;
  let other: TestIdentity;
  const send = (to = receiver) => userMessage(FACTS, SBDH, signerOf(sender), PACKAGING, to.certificate);
  /** Read as the receiver; `null` reads without a key. */
  const read = (m: As4Message, decryptWith: { privateKeyPem: string; certificate: TestIdentity['certificate'] } | null = receiver) =>
    readUserMessage(m.contentType, m.body, { anchors: [ca.certificate], now: new Date(), decryptWith: decryptWith ?? undefined });

  before(() => {
    ca = makeIdentity('Test AP CA');
    sender = makeIdentity('PDE000001', ca);
    receiver = makeIdentity('PDE000002', ca);
    other = makeIdentity('PDE000003', ca);
  });

  it('round trip: the receiver with its key reads back the SBDH the sender wrapped', () => {
    const received = read(send());
    expect(received.sbdh.facts).to.deep.equal(INVOICE.facts);
    expect(received.sbdh.businessDocument).to.equal(payloadText(INVOICE.payload));
    expect(received.messageId).to.equal('user-1@test');
    expect(received.signer.subject).to.contain('CN=PDE000001');
  });

  it('sends the payload as application/octet-stream ciphertext (IV, ciphertext, tag), a fresh key and IV per message', () => {
    const first = partsOf(send());
    const second = partsOf(send());
    const [[id, part]] = first.attachments as [[string, typeof first.root]];
    expect(id).to.equal('payload-1@test');
    expect(part.headers.get('content-type')).to.equal('application/octet-stream');
    expect(part.body.includes(Buffer.from('StandardBusinessDocument'))).to.equal(false);
    expect(() => gunzipSync(part.body)).to.throw();
    // GCM adds nothing but the 12-byte IV and the 16-byte tag to the gzip it encrypts.
    expect(part.body.length).to.equal(gzipSync(Buffer.from(SBDH, 'utf8')).length + 12 + 16);
    const plain = decryptAttachments(first.envelope, new Map([[id, part.body]]), receiver).get(id)!;
    expect(gunzipSync(plain).toString('utf8')).to.equal(SBDH);
    const secondBody = second.attachments[0]![1].body;
    expect(secondBody.subarray(0, 12).equals(part.body.subarray(0, 12))).to.equal(false);
    const wrapped = (envelope: string) => readEncryption(securityOf(envelope))[0]!.key.wrapped;
    expect(wrapped(first.envelope).equals(wrapped(second.envelope))).to.equal(false);
  });

  it('writes the Security header as the profile does: receiver token, EncryptedKey, EncryptedData, then the signer token and the signature', () => {
    const { envelope } = partsOf(send());
    const security = securityOf(envelope);
    expect(elementsOf(security).map((e) => e.localName)).to.deep.equal(['BinarySecurityToken', 'EncryptedKey', 'EncryptedData', 'BinarySecurityToken', 'Signature']);
    const [part] = readEncryption(security);
    expect(part).to.deep.include({ contentId: 'payload-1@test', type: SWA_CONTENT_ONLY, dataAlgorithm: AES128_GCM, transforms: [SWA_CIPHERTEXT_TRANSFORM], mimeType: 'application/gzip' });
    expect({ ...part!.key, recipient: undefined, wrapped: part!.key.wrapped.length }).to.deep.equal({ algorithm: RSA_OAEP, digest: SHA256, mgf: MGF1_SHA256, recipient: undefined, wrapped: 256 });
    expect((part!.key.recipient as TestIdentity['certificate']).raw.equals(receiver.certificate.raw)).to.equal(true);
    const encryptedKey = security.getElementsByTagNameNS(XENC, 'EncryptedKey')[0]!;
    expect(encryptedKey.getElementsByTagNameNS(XENC, 'DataReference')[0]!.getAttribute('URI')).to.equal(`#${security.getElementsByTagNameNS(XENC, 'EncryptedData')[0]!.getAttribute('Id')}`);
  });

  it('refuses a changed ciphertext byte (EBMS:0102)', () => {
    const message = send();
    const { envelope, attachments } = partsOf(message);
    const changed = Buffer.from(attachments[0]![1].body);
    changed[40] = changed[40]! ^ 0x01;
    const err = refusal(() => read(rebuilt(message, PACKAGING.boundary, envelope, [['payload-1@test', changed]])));
    expect(err.message).to.equal('EBMS:0102: cid:payload-1@test does not decrypt (its authentication tag does not match)');
  });

  it('refuses a message encrypted to another certificate (EBMS:0102)', () => {
    const err = refusal(() => read(send(other)));
    expect(err.code).to.equal('EBMS:0102');
    expect(err.message).to.match(/^EBMS:0102: the key is encrypted for another certificate \(CN=PDE000003, O=Test eDelivery, serial [0-9A-F]+\), not ours$/);
  });

  it('refuses a key that does not unwrap with our private key (EBMS:0102)', () => {
    const err = refusal(() => read(send(), { privateKeyPem: other.privateKeyPem, certificate: receiver.certificate }));
    expect(err.message).to.equal('EBMS:0102: the key does not unwrap with our private key');
  });

  it('refuses an EncryptedData without its EncryptedKey (EBMS:0102)', () => {
    const message = send();
    const { envelope, attachments } = partsOf(message);
    const without = envelope.replace(/<xenc:EncryptedKey[^]*<\/xenc:EncryptedKey>/, '');
    expect(without).to.not.equal(envelope);
    const err = refusal(() => read(rebuilt(message, PACKAGING.boundary, without, [['payload-1@test', attachments[0]![1].body]])));
    expect(err.message).to.equal('EBMS:0102: no EncryptedKey carries the key of the EncryptedData for cid:payload-1@test');
  });

  it('refuses a data algorithm other than the profile\'s AES-128-GCM (EBMS:0102)', () => {
    const message = send();
    const { envelope, attachments } = partsOf(message);
    const cbc = envelope.replace(`Algorithm="${AES128_GCM}"`, 'Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"');
    expect(cbc).to.not.equal(envelope);
    const err = refusal(() => read(rebuilt(message, PACKAGING.boundary, cbc, [['payload-1@test', attachments[0]![1].body]])));
    expect(err.message).to.equal("EBMS:0102: cid:payload-1@test is encrypted with http://www.w3.org/2001/04/xmlenc#aes128-cbc, not the profile's AES-128-GCM");
  });

  it('refuses an unencrypted payload when it holds a key (EBMS:0103), though the same message is signed and reads without one', () => {
    const message = send();
    const { envelope } = partsOf(message);
    const span = encryptionSpan(envelope);
    const plain = rebuilt(message, PACKAGING.boundary, envelope.slice(0, span.start) + envelope.slice(span.end), [['payload-1@test', gzipFromSbdhOf(message)]]);
    expect(read(plain, null).sbdh.facts).to.deep.equal(INVOICE.facts);
    const err = refusal(() => read(plain));
    expect(err.message).to.equal('EBMS:0103: the attachment cid:payload-1@test is not encrypted; the Peppol AS4 profile requires the payload encrypted');
  });

  /** The gzip the message's signature covers: its payload decrypted with the receiver's key. */
  function gzipFromSbdhOf(message: As4Message): Buffer {
    const { envelope, attachments } = partsOf(message);
    return decryptAttachments(envelope, new Map([['payload-1@test', attachments[0]![1].body]]), receiver).get('payload-1@test')!;
  }
});

describe("AS4: phase4's recorded encrypted messages, read up to the key (encrypted to certificates we do not hold)", function () {
  this.timeout(20_000);
  let ours: TestIdentity;
  before(() => {
    ours = makeIdentity('PDE000002');
  });

  it("phase4's user message: the profile's algorithms, a key for phase4's own certificate (POP000306), refused as not ours (EBMS:0102)", () => {
    const raw = readFileSync(join(FIXTURES_DIR, 'as4', 'transport', 'recorded', 'user-message-phase4.as4out'));
    const headerEnd = raw.indexOf('\r\n\r\n');
    const contentType = /^Content-Type:\s*(.*)$/im.exec(raw.subarray(0, headerEnd).toString('latin1'))![1]!.trim();
    const mime = readMultipartRelated(contentType, raw.subarray(headerEnd + 4));
    if ('problem' in mime) expect.fail(mime.problem);
    const envelope = mime.root.body.toString('utf8');
    const [part, ...more] = readEncryption(securityOf(envelope));
    expect(more).to.have.length(0);
    const cid = 'phase4-att-ff0f8ad5-f982-48ba-b8e2-26997600f496@cid';
    expect(part).to.deep.include({ contentId: cid, type: SWA_CONTENT_ONLY, dataAlgorithm: AES128_GCM, transforms: [SWA_CIPHERTEXT_TRANSFORM], mimeType: 'application/gzip' });
    expect([part!.key.algorithm, part!.key.digest, part!.key.mgf, part!.key.wrapped.length]).to.deep.equal([RSA_OAEP, SHA256, MGF1_SHA256, 256]);
    const recipient = part!.key.recipient;
    if (typeof recipient === 'string') expect.fail(recipient);
    expect(recipient.subject).to.contain('CN=POP000306');
    expect(recipient.raw.equals(ours.certificate.raw)).to.equal(false);
    const attachments = new Map([...mime.attachments].map(([id, p]) => [id, p.body] as const));
    const err = refusal(() => decryptAttachments(envelope, attachments, ours));
    expect(err.code).to.equal('EBMS:0102');
    expect(err.message).to.match(/^EBMS:0102: the key is encrypted for another certificate \(.*CN=POP000306.*\), not ours$/);
  });

  it("Holodeck B2B's user message (2017): the key wrapped with XML Encryption 1.0's rsa-oaep-mgf1p, not the profile's, refused (EBMS:0102)", () => {
    const recorded = readFileSync(join(FIXTURES_DIR, 'as4', 'transport', 'recorded', 'user-message-holodeck.xml'), 'utf8');
    // phase4 put its licence comment before the XML declaration; the envelope begins there.
    const envelope = recorded.slice(recorded.indexOf('<?xml'));
    const [part] = readEncryption(securityOf(envelope));
    const cid = '1d2726f5-e0f2-4a7d-b984-d073d630df2-197002057@PC65063.brzg.local';
    expect(part).to.deep.include({ contentId: cid, type: SWA_CONTENT_ONLY, dataAlgorithm: AES128_GCM, mimeType: 'application/gzip' });
    expect([part!.key.algorithm, part!.key.digest, part!.key.mgf]).to.deep.equal(['http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p', SHA256, null]);
    // Only the envelope was recorded: its attachment stands in as 28 zero bytes, never reached.
    const err = refusal(() => decryptAttachments(envelope, new Map([[cid, Buffer.alloc(28)]]), ours));
    expect(err.message).to.equal(
      "EBMS:0102: the key is wrapped with http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p (digest http://www.w3.org/2001/04/xmlenc#sha256, MGF null), not the profile's RSA-OAEP with SHA-256 and MGF1 with SHA-256",
    );
  });
});
