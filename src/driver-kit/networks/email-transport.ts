import { createTransport, type Transporter } from 'nodemailer';
import { TransportError, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../spi/transport.js';

// EN 16931 invoices travel between businesses by e-mail: the legal document (the XML, or the
// Factur-X / ZUGFeRD PDF with its XML inside) as an attachment to the buyer's invoice address,
// through the seller's SMTP server. The server's answer is the
// transmission's outcome: 250 → delivered (SUCCESS); 4xx (and no answer at all) → tried again
// with the dispatcher's backoff; 5xx → refused for good (FAILED, the reply in `errors`).

export interface SmtpOptions {
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  auth?: { user: string; pass: string } | undefined;
  from: string;
  defaultRecipient?: string | undefined;
  body?: string | undefined;
  ca?: Buffer | undefined;
  timeoutMs: number;
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  'application/xml': 'an EN 16931 electronic invoice',
  'application/pdf': 'a Factur-X / ZUGFeRD invoice (a PDF with the EN 16931 XML inside)',
};

interface SmtpError extends Error {
  responseCode?: number;
  response?: string;
  code?: string;
}

export class EmailTransport implements Transport {
  readonly name = 'smtp';
  private readonly mailer: Transporter;

  constructor(private readonly options: SmtpOptions) {
    this.mailer = createTransport({
      host: options.host,
      port: options.port,
      secure: options.security === 'tls',
      requireTLS: options.security === 'starttls',
      ignoreTLS: options.security === 'none',
      ...(options.auth && { auth: options.auth }),
      ...(options.ca && { tls: { ca: [options.ca] } }),
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      // No pool: each document is one short session, so a server restart never strands a queue.
      pool: false,
    });
  }

  async send(message: OutboundMessage): Promise<SendReceipt> {
    const to = message.receiver.scheme === 'EMAIL' ? message.receiver.id : this.options.defaultRecipient;
    if (!to) {
      throw new TransportError('the buyer names no contact email (accounting_customer_party.contact.email) and no default_recipient is configured: the invoice has nowhere to go', true);
    }
    // By the document type, not its code: a credit note may be a 396 (factored) or an 81 as well as a 381.
    const kind = message.documentType.endsWith('creditnote') ? 'Credit note' : 'Invoice';
    try {
      const info = await this.mailer.sendMail({
        from: this.options.from,
        to,
        subject: `${kind} ${message.documentNumber}`,
        text: this.options.body ?? `${kind} ${message.documentNumber} is attached as ${DESCRIPTIONS[message.mimeType] ?? 'an electronic invoice'}.`,
        attachments: [
          {
            filename: `${message.documentNumber.replace(/[^\w.-]+/g, '_')}.${message.mimeType === 'application/pdf' ? 'pdf' : 'xml'}`,
            content: Buffer.from(message.content, message.encoding === 'base64' ? 'base64' : 'utf8'),
            contentType: message.mimeType,
          },
        ],
      });
      return { messageId: info.messageId, payload: { to, response: info.response }, references: [{ key: 'smtp_message_id', value: info.messageId }] };
    } catch (err) {
      throw asTransportError(err as SmtpError);
    }
  }

  /** The server's 250 was the delivery: it is reported at once, and nothing follows. */
  async track(sent: SentMessage): Promise<Tracking> {
    return { done: true, events: [{ kind: 'delivered', at: sent.sentAt, payload: { message_id: sent.messageId }, references: [{ key: 'smtp_message_id', value: sent.messageId }] }] };
  }

  close(): void {
    this.mailer.close();
  }
}

function asTransportError(err: SmtpError): TransportError {
  const code = err.responseCode;
  const reply = err.response ?? err.message;
  if (code !== undefined && code >= 500) {
    return new TransportError(`the mail server refused the invoice: ${reply}`, true, [{ code: 'SERVICE_EXCEPTION', message: `SMTP ${reply}` }], { smtp: reply });
  }
  // 4xx is the server's "try again later"; a connection that failed gave no answer at all.
  return new TransportError(code !== undefined ? `the mail server deferred the invoice: ${reply}` : `the mail server could not be reached: ${err.code ?? err.message}`, false);
}
