import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { userMessage } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { readUserMessage, type ReceivedUserMessage } from '../../src/driver-kit/networks/edelivery/as4/read-user-message.js';
import { signedReceipt } from '../../src/driver-kit/networks/edelivery/as4/receipt-writer.js';
import { readSignedReceipt, type SignedReceipt } from '../../src/driver-kit/networks/edelivery/as4/receipt.js';
import { receiptConfirms } from '../../src/driver-kit/networks/edelivery/as4/receipt-check.js';
import { errorSignal, ERROR_SIGNAL_STATUS } from '../../src/driver-kit/networks/edelivery/as4/error-signal.js';
import { readSignal } from '../../src/driver-kit/networks/edelivery/as4/read-signal.js';
import { EbmsError, notServiced } from '../../src/driver-kit/networks/edelivery/as4/ebms-error.js';
import { verifyWsSecurity } from '../../src/driver-kit/networks/edelivery/as4/ws-security.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { makeIdentity, type TestIdentity } from '../helpers/edelivery-pki.js';
import { PACKAGING, SBDH, signerOf, userMessageFacts } from '../helpers/as4-message.js';

// The receiver's answers and the sender's check of them (src/driver-kit/networks/edelivery/as4):
// a user message signed by the sending access point, read as the receiving one reads it, answered
// with the signed receipt that repeats its signature's references, read back and held by the
// sender to what it sent; then receipts that must not confirm (another message, a changed digest,
// an untrusted signer), the error signal written and read back, and phase4's error signal read.

const FACTS = userMessageFacts();
const RECEIPT_TIME = new Date('2026-11-25T10:00:01.000Z');

describe('AS4: the signed receipt with non-repudiation information, written by the receiver and checked by the sender', function () {
  this.timeout(20_000);
  let ca: TestIdentity;
  let sender: TestIdentity;
  let receiver: TestIdentity;
  let strangerCa: TestIdentity;
  let stranger: TestIdentity;
  let sent: ReturnType<typeof userMessage>;
  let received: ReceivedUserMessage;
  const now = () => new Date();
  /** The receipt `by` writes for what was received (or for the references given), read back by the sender. */
  const answer = (by: TestIdentity, references = received.references, refToMessageId = received.messageId) =>
    signedReceipt({ messageId: 'receipt-1@test', timestamp: RECEIPT_TIME, refToMessageId, references }, signerOf(by));
  const readBack = (xml: Buffer): SignedReceipt => {
    const receipt = readSignedReceipt(xml.toString('utf8'), [ca.certificate], now());
    if ('problem' in receipt) expect.fail(receipt.problem);
    return receipt;
  };

  before(() => {
    ca = makeIdentity('Test AP CA');
    sender = makeIdentity('PDE000001', ca);
    receiver = makeIdentity('PDE000002', ca);
    strangerCa = makeIdentity('Test AP CA');
    stranger = makeIdentity('PDE000002', strangerCa);
    sent = userMessage(FACTS, SBDH, signerOf(sender), PACKAGING, receiver.certificate);
    received = readUserMessage(sent.contentType, sent.body, { anchors: [ca.certificate], now: now(), decryptWith: signerOf(receiver) });
  });

  it('the sender knows the parts it signed: eb:Messaging, the Body and the payload, each with its SHA-256 digest', () => {
    expect(sent.signedParts.map((p) => p.uri)).to.deep.equal(['#messaging', '#body', 'cid:payload-1@test']);
    for (const part of sent.signedParts) {
      expect(part.digestAlgorithm).to.equal('http://www.w3.org/2001/04/xmlenc#sha256');
      expect(Buffer.from(part.digestValue, 'base64')).to.have.length(32);
    }
  });

  it('the receipt answers the message, signed by the receiver, repeating each reference as verified (URI, transforms, digest), and confirms it', () => {
    const http = answer(receiver);
    expect(http.contentType).to.match(/^application\/soap\+xml/);
    const receipt = readBack(http.body);
    expect(receipt).to.deep.include({ messageId: 'receipt-1@test', refToMessageId: 'user-1@test', timestamp: '2026-11-25T10:00:01.000Z' });
    expect(receipt.signer.subject).to.contain('CN=PDE000002');
    expect(receipt.parts).to.deep.equal(sent.signedParts);
    expect(receiptConfirms('user-1@test', sent.signedParts, receipt)).to.equal(undefined);
    // The transforms travel too: each ds:Reference of the receipt is the one the user message's signature holds.
    const xml = http.body.toString('utf8');
    expect(xml).to.contain('<ds:Transform Algorithm="http://docs.oasis-open.org/wss/oasis-wss-SwAProfile-1.1#Attachment-Content-Signature-Transform"');
    expect(xml.match(/<ds:Transform Algorithm="http:\/\/www.w3.org\/2001\/10\/xml-exc-c14n#"/g)).to.have.length(2 + 2);
  });

  it('keeps an InclusiveNamespaces PrefixList of the user message\'s transform in the receipt (phase4 signs with one)', () => {
    const withPrefixes = received.references.map((r) => (r.uri === '#messaging' ? { ...r, inclusiveNamespaces: 'S12' } : r));
    const xml = answer(receiver, withPrefixes).body.toString('utf8');
    expect(xml).to.contain('<ec:InclusiveNamespaces xmlns:ec="http://www.w3.org/2001/10/xml-exc-c14n#" PrefixList="S12"/>');
    const verified = verifyWsSecurity(xml, [ca.certificate], now());
    expect(verified).to.not.have.property('problem');
  });

  it('refuses a receipt for another message', () => {
    const receipt = readBack(answer(receiver, received.references, 'user-2@test').body);
    expect(receiptConfirms('user-1@test', sent.signedParts, receipt)).to.equal('the receipt answers the message user-2@test, not user-1@test');
  });

  it('refuses a receipt with one changed digest (the payload\'s), though its signature is sound', () => {
    const changed = received.references.map((r) => (r.uri.startsWith('cid:') ? { ...r, digestValue: Buffer.alloc(32, 1).toString('base64') } : r));
    const receipt = readBack(answer(receiver, changed).body);
    expect(receiptConfirms('user-1@test', sent.signedParts, receipt)).to.equal('the receipt\'s digest of cid:payload-1@test is not the one sent');
  });

  it('refuses a receipt with another digest algorithm, and one that leaves a signed part out', () => {
    const otherAlgorithm = received.references.map((r) => (r.uri === '#body' ? { ...r, digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha512' } : r));
    expect(receiptConfirms('user-1@test', sent.signedParts, readBack(answer(receiver, otherAlgorithm).body))).to.equal('the receipt\'s digest of #body is not the one sent');
    const partial = received.references.filter((r) => r.uri !== '#body');
    expect(receiptConfirms('user-1@test', sent.signedParts, readBack(answer(receiver, partial).body))).to.equal('the receipt does not list the signed part #body');
  });

  it('refuses a receipt signed by a certificate no configured CA issued', () => {
    const http = answer(stranger);
    expect(readSignedReceipt(http.body.toString('utf8'), [ca.certificate], now())).to.have.property('problem').that.contains('is not issued by a trusted access point CA');
    expect(readSignal(http.contentType, http.body, [ca.certificate], now())).to.have.property('problem').that.contains('is not issued by a trusted access point CA');
  });

  it('reads the receipt as the answer to the user message (readSignal)', () => {
    const http = answer(receiver);
    const signal = readSignal(http.contentType, http.body, [ca.certificate], now());
    expect(signal).to.have.property('kind', 'receipt');
    if (!('kind' in signal) || signal.kind !== 'receipt') return;
    expect(receiptConfirms('user-1@test', sent.signedParts, signal.receipt)).to.equal(undefined);
  });

  it('refuses an unsigned receipt', () => {
    const xml = answer(receiver).body.toString('utf8').replace(/<wsse:Security[\s\S]*<\/wsse:Security>/, '');
    expect(readSignal('application/soap+xml', Buffer.from(xml), [ca.certificate], now())).to.deep.equal({ problem: 'the receipt is not signed' });
  });
});

describe('AS4: the ebMS error signal', function () {
  this.timeout(20_000);
  let ca: TestIdentity;
  let receiver: TestIdentity;
  const now = () => new Date();

  before(() => {
    ca = makeIdentity('Test AP CA');
    receiver = makeIdentity('PDE000002', ca);
  });

  const refuse = (errors: EbmsError[], refToMessageInError?: string) =>
    errorSignal({ messageId: 'error-1@test', timestamp: RECEIPT_TIME, refToMessageInError, errors }, { certificate: receiver.certificate, privateKeyPem: receiver.privateKeyPem });

  it('is written signed, with the code\'s row of the ebMS table, and read back by the sender with its code', () => {
    const http = refuse([new EbmsError('EBMS:0101', 'the signature does not verify')], 'user-1@test');
    expect(ERROR_SIGNAL_STATUS).to.equal(200);
    const xml = http.body.toString('utf8');
    expect(xml).to.contain('errorCode="EBMS:0101" severity="failure" category="Processing" shortDescription="FailedAuthentication" origin="security" refToMessageInError="user-1@test"');
    const signal = readSignal(http.contentType, http.body, [ca.certificate], now());
    expect(signal).to.have.property('kind', 'error');
    if (!('kind' in signal) || signal.kind !== 'error') return;
    expect(signal.errors).to.deep.equal([
      { code: 'EBMS:0101', severity: 'failure', shortDescription: 'FailedAuthentication', description: 'the signature does not verify', refToMessageInError: 'user-1@test' },
    ]);
    expect(signal.signer?.subject).to.contain('CN=PDE000002');
  });

  it('says PEPPOL:NOT_SERVICED (EBMS:0004) for a final recipient not served here', () => {
    const http = refuse([notServiced('0088:5790000435975')], 'user-1@test');
    const signal = readSignal(http.contentType, http.body, [ca.certificate], now());
    if (!('kind' in signal) || signal.kind !== 'error') return expect.fail(JSON.stringify(signal));
    expect(signal.errors).to.have.length(1);
    expect(signal.errors[0]).to.deep.include({ code: 'EBMS:0004', severity: 'failure', shortDescription: 'Other', detail: 'PEPPOL:NOT_SERVICED' });
  });

  it('leaves refToMessageInError out when the refused message\'s MessageId could not be read', () => {
    const http = refuse([new EbmsError('EBMS:0009', 'the Content-Type is not multipart/related')]);
    expect(http.body.toString('utf8')).to.not.contain('refToMessageInError');
    const signal = readSignal(http.contentType, http.body, [ca.certificate], now());
    if (!('kind' in signal) || signal.kind !== 'error') return expect.fail(JSON.stringify(signal));
    expect(signal.errors[0]).to.deep.equal({ code: 'EBMS:0009', severity: 'failure', shortDescription: 'InvalidHeader', description: 'the Content-Type is not multipart/related' });
  });

  it('refuses a signed error signal changed after signing', () => {
    const http = refuse([new EbmsError('EBMS:0101', 'the signature does not verify')], 'user-1@test');
    const changed = Buffer.from(http.body.toString('utf8').replace('EBMS:0101', 'EBMS:0004'));
    expect(readSignal(http.contentType, changed, [ca.certificate], now())).to.deep.equal({ problem: 'the reference #messaging does not verify' });
  });

  it('reads phase4\'s recorded error signal (unsigned, eb:ErrorDetail only)', () => {
    const body = readFileSync(join(FIXTURES_DIR, 'as4', 'transport', 'recorded', 'error-phase4.xml'));
    const signal = readSignal('application/soap+xml; charset=UTF-8', body, [ca.certificate], now());
    if (!('kind' in signal) || signal.kind !== 'error') return expect.fail(JSON.stringify(signal));
    expect(signal).to.not.have.property('signer');
    expect(signal.errors).to.have.length(1);
    expect(signal.errors[0]).to.deep.include({ code: 'EBMS:0001', severity: 'failure', shortDescription: 'ValueNotRecognized', refToMessageInError: 'ph-as4@42ec020f-9553-4b6d-ba8e-265cf1f6fd34' });
    expect(signal.errors[0]!.detail).to.match(/^Although the message document is well formed/);
  });

  it('refuses an answer that is no signal, and one that is not SOAP', () => {
    expect(readSignal('text/html', Buffer.from('<html/>'), [ca.certificate], now())).to.deep.equal({ problem: 'the answer\'s Content-Type is text/html, not application/soap+xml' });
    const empty = '<S12:Envelope xmlns:S12="http://www.w3.org/2003/05/soap-envelope"><S12:Header><eb:Messaging xmlns:eb="http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/"><eb:SignalMessage/></eb:Messaging></S12:Header><S12:Body/></S12:Envelope>';
    expect(readSignal('application/soap+xml', Buffer.from(empty), [ca.certificate], now())).to.deep.equal({ problem: 'the signal carries neither an eb:Receipt nor an eb:Error' });
  });
});
