import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { DOMParser } from '@xmldom/xmldom';
import { userMessage } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { readUserMessage } from '../../src/driver-kit/networks/edelivery/as4/read-user-message.js';
import { readMultipartRelated, parseContentType } from '../../src/driver-kit/networks/edelivery/as4/mime-multipart.js';
import { SWA_CONTENT_SIGNATURE } from '../../src/driver-kit/networks/edelivery/as4/attachment-references.js';
import { EbmsError } from '../../src/driver-kit/networks/edelivery/as4/ebms-error.js';
import { verifyWsSecurity } from '../../src/driver-kit/networks/edelivery/as4/ws-security.js';
import { DS, EB } from '../../src/driver-kit/networks/edelivery/as4/namespaces.js';
import { payloadText } from '../../src/formats/sbdh/write.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { makeIdentity, type TestIdentity } from '../helpers/edelivery-pki.js';
import { encryptionSpan, encryptionXml, partsOf, rebuilt } from '../helpers/as4-encryption.js';
import { signedReceipt } from '../helpers/as4-signing.js';
import { INVOICE, PACKAGING, SBDH, signerOf, refusal, userMessageFacts } from '../helpers/as4-message.js';

// The AS4 user message (src/driver-kit/networks/edelivery/as4/user-message.ts and
// read-user-message.ts): the PEPPOL invoice golden in its SBDH, signed under a test CA, written
// as MIME and read back as a receiving access point would; then one thing changed at a time,
// each refused with its ebMS code; and phase4's recorded user message parsed by the MIME reader.

const factsFor = userMessageFacts;


describe('AS4: the signed user message, written and read back', function () {
  this.timeout(20_000);
  let ca: TestIdentity;
  let ap: TestIdentity;
  let receiver: TestIdentity;
  const read = (m: { contentType: string; body: Buffer }, maxPayloadBytes?: number) => readUserMessage(m.contentType, m.body, { anchors: [ca.certificate], now: new Date(), maxPayloadBytes, decryptWith: receiver });

  before(() => {
    ca = makeIdentity('Test AP CA');
    ap = makeIdentity('PDE000001', ca);
    receiver = makeIdentity('PDE000002', ca);
  });

  it('reads back the facts, the signer and the SBDH of the invoice golden', () => {
    const received = read(userMessage(factsFor(), SBDH, signerOf(ap), PACKAGING, receiver.certificate));
    const { sbdh, signer, references, ...facts } = received;
    expect(references.map((r) => r.uri)).to.deep.equal(['#messaging', '#body', 'cid:payload-1@test']);
    expect(facts).to.deep.equal(factsFor());
    expect(signer.subject).to.contain('CN=PDE000001');
    expect(sbdh.facts).to.deep.equal(INVOICE.facts);
    expect(sbdh.businessDocument).to.equal(payloadText(INVOICE.payload));
  });

  it('is a multipart/related message: the SOAP 1.2 envelope as its start, the gzip SBDH as its one attachment, referenced and signed by cid', () => {
    const message = userMessage(factsFor(), SBDH, signerOf(ap), PACKAGING, receiver.certificate);
    const type = parseContentType(message.contentType)!;
    expect(type.type).to.equal('multipart/related');
    expect(Object.fromEntries(type.params)).to.deep.equal({ boundary: 'as4-boundary-1', type: 'application/soap+xml', start: '<root-1@test>' });
    const mime = readMultipartRelated(message.contentType, message.body);
    if ('problem' in mime) expect.fail(mime.problem);
    expect(mime.root.headers.get('content-type')).to.equal('application/soap+xml; charset=UTF-8');
    expect(mime.root.headers.get('content-id')).to.equal('<root-1@test>');
    expect([...mime.attachments.keys()]).to.deep.equal(['payload-1@test']);
    const payload = mime.attachments.get('payload-1@test')!;
    // Encrypted (test/driver/as4-encryption.test.ts reads it back).
    expect(payload.headers.get('content-type')).to.equal('application/octet-stream');
    expect(payload.headers.get('mimetype')).to.equal('application/xml');
    expect(payload.headers.get('content-transfer-encoding')).to.equal('binary');

    const doc = new DOMParser().parseFromString(mime.root.body.toString('utf8'), 'text/xml');
    const partInfo = doc.getElementsByTagNameNS(EB, 'PartInfo')[0]!;
    expect(partInfo.getAttribute('href')).to.equal('cid:payload-1@test');
    const partProperties = Array.from(partInfo.getElementsByTagNameNS(EB, 'Property')).map((p) => [p.getAttribute('name'), p.textContent]);
    expect(partProperties).to.deep.equal([['MimeType', 'application/xml'], ['CompressionType', 'application/gzip']]);
    const references = Array.from(doc.getElementsByTagNameNS(DS, 'Reference')).filter((r) => (r.parentNode as Element | null)?.localName === 'SignedInfo');
    expect(references.map((r) => r.getAttribute('URI'))).to.deep.equal(['#messaging', '#body', 'cid:payload-1@test']);
    const attachmentReference = references[2]!;
    expect(Array.from(attachmentReference.getElementsByTagNameNS(DS, 'Transform')).map((t) => t.getAttribute('Algorithm'))).to.deep.equal([SWA_CONTENT_SIGNATURE]);
    expect(doc.getElementsByTagNameNS(DS, 'SignatureMethod')[0]!.getAttribute('Algorithm')).to.equal('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
  });

  it('refuses a changed payload encrypted anew to our certificate, which decrypts but is not what was signed (EBMS:0101)', () => {
    // The encryption's elements are not signed: anyone can replace them with a key of their own.
    const message = userMessage(factsFor(), SBDH, signerOf(ap), PACKAGING, receiver.certificate);
    const { envelope } = partsOf(message);
    const changed = gzipSync(SBDH.replace('<cbc:ID>', '<cbc:ID>X'));
    const { xml, ciphertext } = encryptionXml(changed, 'payload-1@test', receiver.certificate);
    const span = encryptionSpan(envelope);
    const swapped = rebuilt(message, PACKAGING.boundary, envelope.slice(0, span.start) + xml + envelope.slice(span.end), [['payload-1@test', ciphertext]]);
    const err = refusal(() => read(swapped));
    expect(err.message).to.equal('EBMS:0101: the attachment reference cid:payload-1@test does not verify');
  });

  it('refuses a changed message property (EBMS:0101)', () => {
    const message = userMessage(factsFor(), SBDH, signerOf(ap), PACKAGING, receiver.certificate);
    const text = message.body.toString('latin1');
    const changed = text.replace('name="finalRecipient" type="iso6523-actorid-upis">9930:DE123456789<', 'name="finalRecipient" type="iso6523-actorid-upis">9930:DE123456780<');
    expect(changed).to.not.equal(text);
    const err = refusal(() => read({ contentType: message.contentType, body: Buffer.from(changed, 'latin1') }));
    expect(err.code).to.equal('EBMS:0101');
  });

  it('refuses an attachment the signature does not cover, though encrypted to us (EBMS:0101)', () => {
    const message = userMessage(factsFor(), SBDH, signerOf(ap), PACKAGING, receiver.certificate);
    const { envelope, attachments } = partsOf(message);
    const extra = encryptionXml(gzipSync('<x/>'), 'extra@test', receiver.certificate, '-extra');
    const { end } = encryptionSpan(envelope);
    const added = envelope.slice(0, end) + extra.xml + envelope.slice(end);
    const err = refusal(() => read(rebuilt(message, PACKAGING.boundary, added, [['payload-1@test', attachments[0]![1].body], ['extra@test', extra.ciphertext]])));
    expect(err.message).to.equal('EBMS:0101: the signature does not cover the attachment cid:extra@test');
  });

  it('refuses a second element with the signed Body\'s id, even after the Body (signature wrapping, EBMS:0101)', () => {
    const message = userMessage(factsFor(), SBDH, signerOf(ap), PACKAGING, receiver.certificate);
    const { envelope, attachments } = partsOf(message);
    const wrapped = envelope.replace('</S12:Envelope>', '<x:Decoy xmlns:x="urn:decoy" wsu:Id="body"/></S12:Envelope>');
    expect(wrapped).to.not.equal(envelope);
    const err = refusal(() => read(rebuilt(message, PACKAGING.boundary, wrapped, [['payload-1@test', attachments[0]![1].body]])));
    expect(err.message).to.equal('EBMS:0101: the document has more than one element with the id #body');
  });

  it('refuses a signature without attachment references when the message has an attachment', () => {
    const receipt = signedReceipt(ap);
    expect('problem' in verifyWsSecurity(receipt, [ca.certificate], new Date())).to.equal(false);
    const outcome = verifyWsSecurity(receipt, [ca.certificate], new Date(), new Map([['payload@test', Buffer.from('x')]]));
    // Compared as text: a failure message that printed the verified message would print its whole DOM.
    expect('problem' in outcome ? outcome.problem : 'accepted').to.equal('the signature does not cover the attachment cid:payload@test');
  });

  it('refuses a finalRecipient that is not the SBDH receiver (EBMS:0004), though the message is signed', () => {
    const err = refusal(() => read(userMessage(factsFor({ finalRecipient: '9930:DE000000000' }), SBDH, signerOf(ap), PACKAGING, receiver.certificate)));
    expect(err.code).to.equal('EBMS:0004');
    expect(err.message).to.equal("EBMS:0004: the message's finalRecipient 9930:DE000000000 is not the SBDH's 9930:DE123456789");
  });

  it('refuses an action that is not the SBDH document type (EBMS:0004)', () => {
    const err = refusal(() => read(userMessage(factsFor({ action: 'busdox-docid-qns::urn:other' }), SBDH, signerOf(ap), PACKAGING, receiver.certificate)));
    expect(err.code).to.equal('EBMS:0004');
    expect(err.message).to.contain("the message's Action busdox-docid-qns::urn:other");
  });

  it('refuses a payload that inflates past the limit, a gzip bomb, without inflating it (EBMS:0303)', () => {
    const bomb = `${SBDH}${' '.repeat(4 * 1024 * 1024)}`;
    const message = userMessage(factsFor(), bomb, signerOf(ap), PACKAGING, receiver.certificate);
    expect(message.body.length).to.be.below(64 * 1024);
    const err = refusal(() => read(message, 1024 * 1024));
    expect(err.code).to.equal('EBMS:0303');
    expect(err.message).to.equal('EBMS:0303: the payload inflates past 1048576 bytes');
  });
});

describe("AS4: phase4's recorded user message (structure only: its payload is encrypted to a key we do not have)", () => {
  const raw = readFileSync(join(FIXTURES_DIR, 'as4', 'transport', 'recorded', 'user-message-phase4.as4out'));
  const headerEnd = raw.indexOf('\r\n\r\n');
  const contentType = /^Content-Type:\s*(.*)$/im.exec(raw.subarray(0, headerEnd).toString('latin1'))![1]!.trim();

  it('parses as multipart/related: the envelope first (no start parameter), one binary attachment its PartInfo and signature reference by cid', () => {
    const mime = readMultipartRelated(contentType, raw.subarray(headerEnd + 4));
    if ('problem' in mime) expect.fail(mime.problem);
    const cid = 'phase4-att-ff0f8ad5-f982-48ba-b8e2-26997600f496@cid';
    expect([...mime.attachments.keys()]).to.deep.equal([cid]);
    expect(mime.root.headers.get('content-type')).to.equal('application/soap+xml;charset=UTF-8');
    expect(mime.attachments.get(cid)!.headers.get('content-type')).to.equal('application/octet-stream');
    const doc = new DOMParser().parseFromString(mime.root.body.toString('utf8'), 'text/xml');
    expect(doc.getElementsByTagNameNS(EB, 'PartInfo')[0]!.getAttribute('href')).to.equal(`cid:${cid}`);
    const reference = Array.from(doc.getElementsByTagNameNS(DS, 'Reference')).find((r) => r.getAttribute('URI') === `cid:${cid}`)!;
    expect(reference.getElementsByTagNameNS(DS, 'Transform')[0]!.getAttribute('Algorithm')).to.equal(SWA_CONTENT_SIGNATURE);
    expect(doc.getElementsByTagNameNS(EB, 'Action')[0]!.textContent).to.match(/^busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##/);
    // The attachment ends where the closing boundary's CRLF begins.
    expect(mime.attachments.get(cid)!.body.subarray(-4).equals(raw.subarray(raw.lastIndexOf('\r\n------=_Part') - 4, raw.lastIndexOf('\r\n------=_Part')))).to.equal(true);
  });
});
