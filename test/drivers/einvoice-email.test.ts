import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { FIXTURES_DIR, fixtureConfigCopy } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';
import { SMTP_PASSWORD as PASSWORD, startSmtp } from '../helpers/smtp.js';
import { makeTestPki } from '../helpers/certificates.js';
import { queryRow } from '../helpers/store-sql.js';

// EINVOICE by e-mail: a real SMTP server on 127.0.0.1 (smtp-server), the adapter's dispatcher
// mailing each document as an attachment through it, and the server's answers becoming statuses:
// 250 → SUCCESS, 4xx → retried, 5xx → FAILED with the reply.

function configWithEmail(email: Record<string, unknown>): string {
  const block = `    email:\n      example-seller: ${JSON.stringify(email)}\n`;
  return fixtureConfigCopy('adapter-email-', (base) => base.replace('    entities:\n      example-seller: { B2G: xrechnung }\n', `    entities:\n      example-seller: { B2G: xrechnung }\n${block}`));
}

const invoice = (id: string, email: string | undefined, documentType = 'cii-invoice'): Record<string, any> => {
  const doc = JSON.parse(readFileSync(join(FIXTURES_DIR, 'einvoice', 'spec-invoice-ubl-en16931.json'), 'utf8')) as Record<string, any>;
  doc.id = id;
  doc.document_type = documentType;
  if (email) doc.accounting_customer_party.contact = { name: 'Accounts payable', email };
  return doc;
};

describe('EINVOICE by e-mail (SMTP)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let adapter: TestAdapter;
  before(async () => {
    smtp = await startSmtp();
    process.env.EINVOICE_TEST_SMTP_PASSWORD = PASSWORD;
    const config = configWithEmail({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: 'invoices@seller.example',
      password_env: 'EINVOICE_TEST_SMTP_PASSWORD',
      from: 'invoices@seller.example',
      default_recipient: 'ap@buyer.example',
      body: 'Our invoice is attached.',
    });
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '100' } });
  });
  after(async () => {
    await adapter.close();
    await new Promise<void>((r) => smtp.server.close(() => r()));
    delete process.env.EINVOICE_TEST_SMTP_PASSWORD;
  });

  const submit = async (doc: unknown) => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).to.equal(200);
    return body.document_id as string;
  };
  const statusOf = async (id: string) => bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
  const finalStatus = (id: string) => eventually(async () => {
    const s = await statusOf(id);
    return s.status === 'SUCCESS' || s.status === 'FAILED' ? s : undefined;
  }, 15_000, `document ${id} to leave ACCEPTED`);

  it("mails the document to the buyer's contact email, the stored XML attached, and records the 250 as SUCCESS", async () => {
    const id = await submit(invoice('MAIL-1', 'ap-team@buyer.example'));
    const status = await finalStatus(id);
    expect(status.status).to.equal('SUCCESS');
    const mail = smtp.received.find((r) => r.to.includes('ap-team@buyer.example'))!;
    expect(mail.from).to.equal('invoices@seller.example');
    expect(mail.mail.subject).to.equal('Invoice MAIL-1');
    expect(mail.mail.text?.trim()).to.equal('Our invoice is attached.');
    expect(mail.mail.attachments).to.have.length(1);
    const attachment = mail.mail.attachments[0]!;
    expect(attachment.filename).to.equal('MAIL-1.xml');
    const stored = (await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content;
    expect(attachment.content.toString('utf8')).to.equal(stored);
    expect(stored).to.contain('<ram:URIID>ap-team@buyer.example</ram:URIID>');
    expect(smtp.logins).to.include('invoices@seller.example');
    expect(JSON.stringify(status.provider_references ?? '')).to.contain('smtp_message_id');
  });

  it('mails to the configured default recipient when the buyer names no contact email', async () => {
    const id = await submit(invoice('MAIL-2', undefined, 'ubl-invoice'));
    expect((await finalStatus(id)).status).to.equal('SUCCESS');
    const mail = smtp.received.find((r) => r.mail.subject === 'Invoice MAIL-2')!;
    expect(mail.to).to.deep.equal(['ap@buyer.example']);
  });

  it('names a credit note of any type code a credit note in the subject (a factored one, 396)', async () => {
    const doc = JSON.parse(readFileSync(join(FIXTURES_DIR, 'einvoice', 'spec-credit-note-cii-en16931.json'), 'utf8')) as Record<string, any>;
    doc.id = 'MAIL-CN-396';
    doc.document_type_code = '396';
    const id = await submit(doc);
    expect((await finalStatus(id)).status).to.equal('SUCCESS');
    expect((await adapter.runtime.store.documents.get(id))!.artifacts[0]!.content).to.contain('<ram:TypeCode>396</ram:TypeCode>');
    expect(smtp.received.map((r) => r.mail.subject)).to.include('Credit note MAIL-CN-396');
  });

  it('retries a 4xx answer with the dispatcher’s backoff, then records the 250', async () => {
    const id = await submit(invoice('MAIL-3', 'busy@buyer.example'));
    expect((await finalStatus(id)).status).to.equal('SUCCESS');
    const row = (await queryRow<{ attempts: number }>(adapter.runtime.store, 'SELECT attempts FROM transmissions WHERE document_id = ?', id))!;
    expect(row.attempts, 'two tries: the deferred one and the one that went through').to.equal(2);
    expect([...smtp.deferred]).to.include('busy@buyer.example');
    expect(adapter.logs.some((l) => l.msg === 'transmission failed; retrying' && String(l.err).includes('451'))).to.equal(true);
    expect(smtp.received.filter((r) => r.to.includes('busy@buyer.example'))).to.have.length(1);
  });

  it('records a 5xx answer as FAILED with the server’s reply, and tries no more', async () => {
    const id = await submit(invoice('MAIL-4', 'unknown@buyer.example'));
    const status = await finalStatus(id);
    expect(status.status).to.equal('FAILED');
    expect(status.processing_details.errors[0]).to.include({ code: 'SERVICE_EXCEPTION' });
    expect(status.processing_details.errors[0].message).to.match(/^SMTP 550 .*mailbox unknown/);
  });

  it('refuses to start with a password it cannot read, naming the setting, and never logs a password', async () => {
    const config = configWithEmail({ host: '127.0.0.1', port: smtp.port, user: 'invoices@seller.example', password_env: 'EINVOICE_TEST_UNSET_PASSWORD', from: 'invoices@seller.example' });
    const failure = await startTestAdapter({ env: { ADAPTER_CONFIG: config } }).then(
      async (a) => {
        await a.close();
        return undefined;
      },
      (err: unknown) => err,
    );
    expect(failure).to.be.instanceOf(ConfigError);
    expect((failure as ConfigError).lines).to.deep.equal(['drivers.EINVOICE.email.example-seller.password_env: the environment variable EINVOICE_TEST_UNSET_PASSWORD is not set']);
    expect(JSON.stringify(adapter.logs)).not.to.contain(PASSWORD);
  });
});

describe('EINVOICE by e-mail over STARTTLS', () => {
  it('upgrades the session with STARTTLS, trusting the configured CA, before it authenticates and mails', async () => {
    const pki = makeTestPki([]);
    const sessions: { secure: boolean; to: string[] }[] = [];
    const server = new SMTPServer({
      key: readFileSync(pki.serverKey),
      cert: readFileSync(pki.serverCert),
      logger: false,
      onAuth: (auth, _session, cb) => (auth.password === PASSWORD ? cb(null, { user: auth.username }) : cb(new Error('Invalid credentials'))),
      onData(stream, session, cb) {
        stream.resume();
        stream.on('end', () => {
          sessions.push({ secure: session.secure, to: session.envelope.rcptTo.map((r) => r.address) });
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    process.env.EINVOICE_TEST_SMTP_PASSWORD = PASSWORD;
    const port = (server.server.address() as AddressInfo).port;
    const config = configWithEmail({ host: '127.0.0.1', port, security: 'starttls', user: 'invoices@seller.example', password_env: 'EINVOICE_TEST_SMTP_PASSWORD', from: 'invoices@seller.example', ca_file: pki.caCert });
    const adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config } });
    try {
      const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice('MAIL-TLS', 'ap@buyer.example') });
      const id = (await bodyOf(res)).document_id as string;
      const status = await eventually(async () => {
        const s = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
        return s.status === 'SUCCESS' ? s : undefined;
      }, 15_000, 'the STARTTLS delivery');
      expect(status.status).to.equal('SUCCESS');
      expect(sessions).to.deep.equal([{ secure: true, to: ['ap@buyer.example'] }]);
    } finally {
      await adapter.close();
      await new Promise<void>((r) => server.close(() => r()));
      delete process.env.EINVOICE_TEST_SMTP_PASSWORD;
    }
  });
});
