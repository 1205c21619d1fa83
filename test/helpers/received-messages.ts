import type { ReceivedMessage } from '../../src/spi/driver.js';

const PEPPOL_SENDER = 'iso6523-actorid-upis::0088:5798000000001';

/** A Peppol invoice an access point delivered, as the AS4 receiver keeps it. */
export function receivedMessage(messageId: string, over: Partial<ReceivedMessage> = {}): ReceivedMessage {
  return {
    network: 'PEPPOL',
    messageId,
    businessEntityId: 'example-seller',
    sender: PEPPOL_SENDER,
    receiver: 'iso6523-actorid-upis::9930:de987654321',
    documentType: 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
    processId: 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    content: `<Invoice><ID>${messageId}</ID></Invoice>`,
    answerContentType: 'application/soap+xml; charset=UTF-8',
    answer: `<Receipt ref="${messageId}"/>`,
    disposition: 'kept',
    receivedAt: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}
