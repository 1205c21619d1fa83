import type { SoapAnswer, SoapExchange } from '../../src/platform/http/soap-exchange.js';
import type { NetworkInbox } from '../../src/spi/driver.js';
import type { InboxItem } from '../../src/spi/driver.js';
import { child, parseLocal, text } from '../../src/formats/xml/local-names.js';
import { notificationXml, NOTIFICATION_TYPE, type NotificationFields, type NotificationKind } from './notifications.js';
import { riceviFileAnswer, soapFault } from './sdicoop.js';
import { messageIdOf, NETWORK } from './sdi-transport.js';

// The sandbox's SDI, for entities without an SdICoop channel: it answers SdIRiceviFile like the
// SDI (an IdentificativoSdI, or EI01 for an empty file) and then notifies as the SDI does,
// through the same inbox the notification endpoint fills: NS when the file fails the checks a
// simulation can make (file name 00001, duplicate name 00002, not FatturaPA 00200, an FPA12
// without signature 00102), MC when the buyer has no channel (0000000 without PEC, XXXXXXX),
// else RC; for a public body then its answer (`drivers.SDI.sandbox.public_body_answer`: EC01 by
// default, EC02, DT, or none). Its notifications say in `Note` that they are simulated.

export type PublicBodyAnswer = 'EC01' | 'EC02' | 'DT' | 'none';

export class SdiSimulator implements SoapExchange {
  readonly name = 'sandbox';
  private readonly seen = new Set<string>();
  private lastId = 0;
  private counter = 0;

  constructor(
    private readonly inbox: NetworkInbox,
    private readonly clock: () => Date,
    private readonly answer: PublicBodyAnswer = 'EC01',
  ) {}

  async post(xml: string): Promise<SoapAnswer> {
    const now = this.clock();
    const receivedAt = now.toISOString();
    let request;
    try {
      request = child(child(child(parseLocal(xml), 'Envelope'), 'Body'), 'fileSdIAccoglienza');
    } catch {
      return { status: 500, body: soapFault('Client', 'not a SOAP envelope') };
    }
    if (!request) return { status: 500, body: soapFault('Client', 'not an SdIRiceviFile request') };
    const fileName = text(request, 'NomeFile') ?? '';
    const file = Buffer.from((text(request, 'File') ?? '').replace(/\s/g, ''), 'base64').toString('utf8');
    if (file === '') return { status: 200, body: riceviFileAnswer({ receivedAt, error: 'EI01' }) };
    // An IdentificativoSdI of at most 12 digits: the clock's milliseconds since 2020, or one more
    // than the last one; increasing, so unique across restarts while files come slower than one a millisecond.
    this.lastId = Math.max(this.lastId + 1, now.getTime() - Date.UTC(2020, 0, 1));
    const sdiId = String(this.lastId);
    await this.notify(sdiId, fileName, file, receivedAt);
    return { status: 200, body: riceviFileAnswer({ sdiId, receivedAt }) };
  }

  /** What the SDI would push for this file, in its order, into the inbox. */
  private async notify(sdiId: string, fileName: string, file: string, receivedAt: string): Promise<void> {
    const items: InboxItem[] = [];
    this.decide(sdiId, fileName, file, receivedAt, (kind, f) => items.push(this.item(kind, f)));
    // One after the other: the inbox keeps arrival order.
    for (const item of items) await this.inbox.add(NETWORK, item);
  }

  private decide(sdiId: string, fileName: string, file: string, receivedAt: string, push: (kind: NotificationKind, f: Omit<NotificationFields, 'kind' | 'messageId'>) => void): void {
    const base = { sdiId, fileName, receivedAt };
    const errors = this.check(fileName, file);
    const routing = /<CodiceDestinatario>([A-Z0-9]+)<\/CodiceDestinatario>/.exec(file)?.[1] ?? '';
    const publicBody = file.includes('versione="FPA12"');
    if (errors.length > 0) return push('NS', { ...base, errors });
    const unreachable = routing === 'XXXXXXX' || (routing === '0000000' && !file.includes('<PECDestinatario>'));
    if (unreachable) {
      push('MC', { ...base, description: 'Il destinatario non dispone di un canale: la fattura è a disposizione nella sua area riservata' });
      if (publicBody) push('AT', { ...base, recipient: { code: routing, description: 'Amministrazione destinataria (sandbox)' } });
      return;
    }
    push('RC', { ...base, recipient: { code: routing, description: publicBody ? 'Amministrazione destinataria (sandbox)' : 'Destinatario (sandbox)' } });
    if (!publicBody || this.answer === 'none') return;
    if (this.answer === 'DT') return push('DT', { ...base, description: 'Decorsi 15 giorni senza esito del committente' });
    const number = /<Numero>([^<]*)<\/Numero>/.exec(file)?.[1] ?? '';
    const year = /<Data>(\d{4})-/.exec(file)?.[1] ?? receivedAt.slice(0, 4);
    push('NE', { ...base, esito: { code: this.answer, invoiceNumber: number, year, description: this.answer === 'EC02' ? 'Fattura rifiutata dal committente (sandbox)' : undefined } });
  }

  private check(fileName: string, file: string): { code: string; description: string }[] {
    if (!/^[A-Z]{2}[A-Za-z0-9]{1,28}_[A-Za-z0-9]{1,5}\.xml$/.test(fileName)) return [{ code: '00001', description: 'Nome file non valido' }];
    if (this.seen.has(fileName)) return [{ code: '00002', description: 'Nome file duplicato' }];
    this.seen.add(fileName);
    if (!/<(\w+:)?FatturaElettronica[\s>]/.test(file)) return [{ code: '00200', description: 'File non conforme al formato' }];
    if (file.includes('versione="FPA12"') && !file.includes('SignatureValue')) return [{ code: '00102', description: 'File non integro (firma non valida)' }];
    return [];
  }

  private item(kind: NotificationKind, f: Omit<NotificationFields, 'kind' | 'messageId'>): InboxItem {
    const seq = this.counter++;
    const messageId = `${f.sdiId.slice(-10)}${String(seq % 10000).padStart(4, '0')}`;
    const at = this.clock().toISOString();
    return {
      messageId: messageIdOf(f.sdiId),
      dedupeKey: `${f.sdiId}:${messageId}`,
      documentType: NOTIFICATION_TYPE[kind],
      mimeType: 'application/xml',
      content: notificationXml({ ...f, kind, messageId, deliveredAt: at }),
      receivedAt: at,
    };
  }

  close(): void {}
}
