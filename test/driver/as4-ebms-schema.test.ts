import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { readMultipartRelated } from '../../src/driver-kit/networks/edelivery/as4/mime-multipart.js';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { userMessage } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { readUserMessage } from '../../src/driver-kit/networks/edelivery/as4/read-user-message.js';
import { signedReceipt } from '../../src/driver-kit/networks/edelivery/as4/receipt-writer.js';
import { errorSignal } from '../../src/driver-kit/networks/edelivery/as4/error-signal.js';
import { notServiced } from '../../src/driver-kit/networks/edelivery/as4/ebms-error.js';
import { makeIdentity } from '../helpers/edelivery-pki.js';
import { ebmsSchemaErrors } from '../helpers/ebms-xsd.js';
import { SBDH, signerOf, userMessageFacts } from '../helpers/as4-message.js';

// What real access points sent (fixtures/as4/transport/recorded/, fixtures/as4/README.md) holds
// to the ebMS 3.0 header and SOAP 1.2 schemas: the recordings are the messages our reader must
// take, so they are checked to be what the specifications say, not what a tool cut short. Our own
// messages are held to the same schemas where they are written (as4-*.test.ts).

const RECORDED = join(FIXTURES_DIR, 'as4', 'transport', 'recorded');

/** The SOAP envelope of a recording: the file itself, or the root part of a MIME package (`.as4out`: its headers, a blank line, the body). */
function envelopeOf(file: string): string {
  const bytes = readFileSync(join(RECORDED, file));
  // phase4 put its licence comment before the XML declaration of the files it keeps (Holodeck's):
  // a comment the sender never sent, and no longer well-formed there, so it is left out.
  if (file.endsWith('.xml')) return bytes.toString('utf8').replace(/^<!--[\s\S]*?-->\s*(?=<\?xml)/, '');
  const headerEnd = bytes.indexOf('\r\n\r\n');
  const contentType = /^Content-Type:\s*(.*)$/im.exec(bytes.subarray(0, headerEnd).toString('latin1'))?.[1]?.trim();
  const mime = readMultipartRelated(contentType ?? '', bytes.subarray(headerEnd + 4));
  if ('problem' in mime) throw new Error(`${file}: ${mime.problem}`);
  return mime.root.body.toString('utf8');
}

describe('recorded AS4 messages against the ebMS 3.0 header and SOAP 1.2 schemas', () => {
  const files = readdirSync(RECORDED).filter((f) => /\.(xml|as4out)$/.test(f));

  it('has recordings to check', () => {
    expect(files.length).to.be.at.least(5);
  });

  for (const file of files) {
    it(`${file} is valid`, async () => {
      expect(await ebmsSchemaErrors(file, envelopeOf(file))).to.deep.equal([]);
    });
  }

  it('what we write holds to them too: the user message (its envelope part), the signed receipt and the error signal', async () => {
    const ca = makeIdentity('Schema AP CA');
    const [sender, receiver] = [makeIdentity('PDE000001', ca), makeIdentity('PDE000002', ca)];
    const facts = userMessageFacts();
    const sent = userMessage(facts, SBDH, signerOf(sender), { boundary: 'b-1', rootContentId: 'root-1@test', payloadContentId: 'payload-1@test' }, receiver.certificate);
    const mime = readMultipartRelated(sent.contentType, sent.body);
    if ('problem' in mime) expect.fail(mime.problem);
    expect(await ebmsSchemaErrors('user-message.xml', mime.root.body.toString('utf8'))).to.deep.equal([]);
    const received = readUserMessage(sent.contentType, sent.body, { anchors: [ca.certificate], now: new Date(), decryptWith: signerOf(receiver) });
    const receipt = signedReceipt({ messageId: 'receipt-1@test', timestamp: new Date(), refToMessageId: received.messageId, references: received.references }, signerOf(receiver));
    expect(await ebmsSchemaErrors('receipt.xml', receipt.body.toString('utf8'))).to.deep.equal([]);
    const error = errorSignal({ messageId: 'error-1@test', timestamp: new Date(), refToMessageInError: 'user-1@test', errors: [notServiced('0088:1')] }, signerOf(receiver));
    expect(await ebmsSchemaErrors('error.xml', error.body.toString('utf8'))).to.deep.equal([]);
  });

  it('the schema check refuses what the header schema does not allow (an eb:MessageInfo without its MessageId)', async () => {
    const xml = envelopeOf('receipt-helger.xml').replace(/<eb:MessageId>[^<]*<\/eb:MessageId>/, '');
    expect(xml).to.not.equal(envelopeOf('receipt-helger.xml'));
    expect((await ebmsSchemaErrors('broken.xml', xml)).join('\n')).to.match(/MessageId|RefToMessageId/);
  });
});
