import type { SpiErrorItem } from '../../src/spi/error-item.js';
import { child, children, parseLocal, text } from '../../src/formats/xml/local-names.js';
import { escapeText } from '../../src/formats/xml/writer.js';

// The SDI's notifications to a transmitter (MessaggiTypes_v1.1.xsd, namespace
// http://www.fatturapa.gov.it/sdi/messaggi/v1.0): read when they arrive, written by the
// sandbox's simulated SDI. Each is a file of its own, kept as an INBOUND related document.

export const MESSAGGI_NS = 'http://www.fatturapa.gov.it/sdi/messaggi/v1.0';

export const KINDS = ['RC', 'NS', 'MC', 'NE', 'DT', 'AT'] as const;
export type NotificationKind = (typeof KINDS)[number];

/** Root element of each notification (also the SdICoop operation that carries it). */
export const ROOT: Readonly<Record<NotificationKind, string>> = {
  RC: 'RicevutaConsegna',
  NS: 'NotificaScarto',
  MC: 'NotificaMancataConsegna',
  NE: 'NotificaEsito',
  DT: 'NotificaDecorrenzaTermini',
  AT: 'AttestazioneTrasmissioneFattura',
};

/** The SPI document type a notification is kept as. */
export const NOTIFICATION_TYPE: Readonly<Record<NotificationKind, string>> = {
  RC: 'sdi-ricevuta-consegna',
  NS: 'sdi-notifica-scarto',
  MC: 'sdi-mancata-consegna',
  NE: 'sdi-notifica-esito',
  DT: 'sdi-decorrenza-termini',
  AT: 'sdi-attestazione-trasmissione',
};

export interface Notification {
  kind: NotificationKind;
  /** IdentificativoSdI: the SDI's id of the file the notification is about. */
  sdiId: string;
  /** The invoice file's name. */
  fileName: string;
  /** The notification's own id, unique: what makes a repeated delivery recognisable. */
  messageId: string;
  /** NS: the SDI's error codes (00001 … 00475) and descriptions. */
  errors: { code: string; description: string }[];
  /** NE: EC01 accepted, EC02 refused, by the public body. */
  esito?: 'EC01' | 'EC02' | undefined;
  /** NE's and MC's Descrizione, DT's Descrizione. */
  description?: string | undefined;
  /** NE and DT: the invoice number the public body named. */
  invoiceNumber?: string | undefined;
  note?: string | undefined;
}

/** The notification in an SDI message file, or undefined when it is none the adapter knows. */
export function readNotification(xml: string): Notification | undefined {
  let tree;
  try {
    tree = parseLocal(xml);
  } catch {
    return undefined;
  }
  const kind = KINDS.find((k) => ROOT[k] in tree);
  if (!kind) return undefined;
  const n = child(tree, ROOT[kind]);
  const sdiId = text(n, 'IdentificativoSdI');
  const fileName = text(n, 'NomeFile');
  const messageId = text(n, 'MessageId');
  if (!sdiId || !/^\d{1,12}$/.test(sdiId) || !fileName || !messageId) return undefined;
  const esitoNode = child(n, 'EsitoCommittente');
  const esito = text(esitoNode, 'Esito');
  if (kind === 'NE' && esito !== 'EC01' && esito !== 'EC02') return undefined;
  const reference = child(kind === 'NE' ? esitoNode : n, 'RiferimentoFattura');
  return {
    kind,
    sdiId,
    fileName,
    messageId,
    errors: children(child(n, 'ListaErrori'), 'Errore').map((e) => ({ code: text(e, 'Codice') ?? '?????', description: text(e, 'Descrizione') ?? '' })),
    esito: kind === 'NE' ? (esito as 'EC01' | 'EC02') : undefined,
    description: text(kind === 'NE' ? esitoNode : n, 'Descrizione'),
    invoiceNumber: text(reference, 'NumeroFattura'),
    note: text(n, 'Note'),
  };
}

/** NotificaScarto's errors as the FAILED status's errors. */
export function scartoErrors(n: Notification): SpiErrorItem[] {
  const errors = n.errors.map((e) => ({ code: 'INVALID_DATA' as const, message: `SDI ${e.code}: ${e.description}` }));
  return errors.length > 0 ? errors : [{ code: 'INVALID_DATA', message: 'the SDI discarded the file (NotificaScarto) without naming an error' }];
}

export interface NotificationFields {
  kind: NotificationKind;
  sdiId: string;
  fileName: string;
  messageId: string;
  /** The SDI's clock when it received the file, and (RC) when it delivered it. */
  receivedAt: string;
  deliveredAt?: string | undefined;
  recipient?: { code: string; description: string } | undefined;
  errors?: { code: string; description: string }[] | undefined;
  esito?: { code: 'EC01' | 'EC02'; description?: string | undefined; invoiceNumber: string; year: string } | undefined;
  description?: string | undefined;
}

/**
 * A notification as the SDI writes it, signature excepted: the schema's ds:Signature is the
 * SDI's own XAdES-BES seal, which a simulation cannot make; the sandbox's files say so in `Note`.
 */
export function notificationXml(f: NotificationFields): string {
  const t = (name: string, value: string | undefined) => (value === undefined ? '' : `<${name}>${escapeText(value)}</${name}>`);
  const recipient = f.recipient ? `<Destinatario>${t('Codice', f.recipient.code)}${t('Descrizione', f.recipient.description)}</Destinatario>` : '';
  let body = t('IdentificativoSdI', f.sdiId) + t('NomeFile', f.fileName);
  switch (f.kind) {
    case 'RC':
      body += t('DataOraRicezione', f.receivedAt) + t('DataOraConsegna', f.deliveredAt ?? f.receivedAt) + recipient;
      break;
    case 'NS':
      body += t('DataOraRicezione', f.receivedAt) + `<ListaErrori>${(f.errors ?? []).map((e) => `<Errore>${t('Codice', e.code)}${t('Descrizione', e.description)}</Errore>`).join('')}</ListaErrori>`;
      break;
    case 'MC':
      body += t('DataOraRicezione', f.receivedAt) + t('Descrizione', f.description);
      break;
    case 'NE': {
      const e = f.esito!;
      body +=
        `<EsitoCommittente versione="1.0">${t('IdentificativoSdI', f.sdiId)}` +
        `<RiferimentoFattura>${t('NumeroFattura', e.invoiceNumber)}${t('AnnoFattura', e.year)}</RiferimentoFattura>` +
        `${t('Esito', e.code)}${t('Descrizione', e.description)}</EsitoCommittente>`;
      break;
    }
    case 'DT':
      body += t('Descrizione', f.description);
      break;
    case 'AT':
      body += t('DataOraRicezione', f.receivedAt) + recipient;
      break;
  }
  body += t('MessageId', f.messageId) + t('Note', 'Sandbox SDI: simulated notification, not sealed by the SDI');
  if (f.kind === 'AT') body += t('HashFileOriginale', '0'.repeat(64));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<types:${ROOT[f.kind]} xmlns:types="${MESSAGGI_NS}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" versione="1.0">${body}</types:${ROOT[f.kind]}>\n`;
}
