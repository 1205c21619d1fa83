import { expect } from 'chai';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFaceStep } from '../../drivers/face/face-state.js';
import { faceDriver } from '../../drivers/face/index.js';
import { drivers } from '../../drivers/index.js';
import { signatureProblem } from '../../src/formats/xml/verify-signature.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, fixtureConfigCopy, FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';

// With no certificate configured, a FACE invoice is signed with the sandbox's throwaway
// certificate and the sandbox answers like FACe: the same client (WS-Security signed requests)
// and transport talk to the simulated FACe, which registers the invoice and moves it to
// accounted, then paid. Over HTTP, against the real runtime.

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'face', `${name}.json`), 'utf8')) as Record<string, unknown>;

describe('FACE in the sandbox: the simulated FACe registers, accounts and pays invoices (HTTP, real runtime)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
  });
  after(() => adapter.close());

  it('stores and serves the signed .xsig, and records registered (SUCCESS), accounted (ACCEPTED) and paid (PAID) with the registry number', async () => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: fixture('b2g-dir3-centres') });
    const submitted = await bodyOf(res);
    expect(res.status, JSON.stringify(submitted)).to.equal(200);
    const id = submitted.document_id as string;

    // What is kept and served is the signed document: the golden plus its enveloped signature.
    const q = 'country=ES&transaction_type=B2G&model=FACE&document_type=facturae-invoice';
    const download = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/download?${q}`));
    const xsig = Buffer.from(download.documents[0].document_content, 'base64').toString('utf8');
    expect(download.documents[0].mime_type ?? 'application/xml').to.equal('application/xml');
    expect(signatureProblem(xsig)).to.equal(undefined);
    const cert = /<ds:X509Certificate>([^<]+)</.exec(xsig)![1]!;
    expect(new X509Certificate(Buffer.from(cert, 'base64')).subject).to.contain('einvoicing-adapter sandbox signer');
    expect(xsig.replace(/<ds:Signature[ >][\s\S]*<\/ds:Signature>/, '')).to.equal(readFileSync(join(FIXTURES_DIR, 'face', 'b2g-dir3-centres.xml'), 'utf8'));

    const paid = await eventually(async () => {
      const body = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
      return body.status === 'PAID' ? body : undefined;
    }, 20_000, 'PAID');
    const refs = JSON.parse(paid.provider_references) as { key: string; value: string }[];
    expect(refs.map((r) => r.key)).to.include('face_registry_number');
    expect(refs.find((r) => r.key === 'face_registry_number')!.value).to.match(/^[0-9]{4}\/[0-9]{9}$/);

    const steps = await Promise.all((await adapter.runtime.store.statusChanges.relatedOf(id)).map(async (r) => [r.documentType, readFaceStep((await adapter.runtime.store.statusChanges.related(r.id))!.content)?.step]));
    expect(steps).to.deep.equal([
      ['face-state', '2400'],
      ['face-state', '2500'],
    ]);
  });

  it('tells the platform the activation is PENDING while no certificate is configured', async () => {
    const activations = await bodyOf(await adapter.call('/einvoicing/activations?business_entity_id=suministros-ejemplo'));
    expect(activations.activations[0].status.code).to.equal('PENDING');
    expect(activations.activations[0].status.message).to.match(/no certificate is configured for this business entity/);
  });

  it('cancels a registered invoice resubmitted VOIDED: anularFactura, then the invoice goes IN_PROCESS and FAILED (cancellation accepted)', async () => {
    // FACE as registered, counting its examinations and what they ask the store.
    let examinations = 0;
    const asked: string[] = [];
    const counted: typeof faceDriver = {
      ...faceDriver,
      examine: (doc, ctx) => {
        examinations++;
        const references = ctx.acceptedReferences!;
        const acceptedReferences = (invoiceNumber: string) => {
          asked.push(invoiceNumber);
          return references(invoiceNumber);
        };
        return faceDriver.examine(doc, { ...ctx, acceptedReferences });
      },
    };
    // Invoices stay registered in this sandbox (many polls per state) until the cancellation.
    const slow = await startTestAdapter({
      env: { ADAPTER_CONFIG: fixtureConfigCopy('face-cancel-', (y) => y.replace('  FACE:\n', '  FACE:\n    sandbox: { polls_per_state: 100 }\n')), RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' },
      drivers: drivers.map((d) => (d === faceDriver ? counted : d)),
    });
    try {
      const body = { ...fixture('b2g-dir3-centres'), id: 'FE-2025-0700' };
      const statusOf = async (id: string) => bodyOf(await slow.call(`/einvoicing/documents/${id}/status`));
      const invoiceId = (await bodyOf(await slow.call('/einvoicing/documents', { method: 'POST', json: body }))).document_id as string;
      await eventually(async () => ((await statusOf(invoiceId)).status === 'SUCCESS' ? true : undefined), 20_000, 'SUCCESS');

      examinations = 0;
      const res = await slow.call('/einvoicing/documents', { method: 'POST', json: { ...body, status: 'VOIDED', note: 'Factura emitida por error' } });
      const voiding = await bodyOf(res);
      expect(res.status, JSON.stringify(voiding)).to.equal(200);
      // Examined once: the registry number is awaited inside the examination, not found by a second pass.
      expect(examinations).to.equal(1);
      expect(asked).to.deep.equal(['FE-2025-0700']);
      expect(voiding.document_id).to.not.equal(invoiceId);
      const request = JSON.parse((await slow.runtime.store.documents.get(voiding.document_id))!.artifacts[0]!.content) as Record<string, string>;
      expect(request).to.deep.include({ numero_factura: 'FE-2025-0700', motivo: 'Factura emitida por error', emisor: 'A28000008' });
      await eventually(async () => ((await statusOf(voiding.document_id)).status === 'SUCCESS' ? true : undefined), 20_000, 'the cancellation request SUCCESS');

      const failed = await eventually(async () => {
        const s = await statusOf(invoiceId);
        return s.status === 'FAILED' ? s : undefined;
      }, 20_000, 'the invoice FAILED (cancelled)');
      expect(JSON.parse(failed.provider_references)).to.deep.include({ key: 'face_registry_number', value: request.numero_registro });
      const steps = await Promise.all((await slow.runtime.store.statusChanges.relatedOf(invoiceId)).map(async (r) => readFaceStep((await slow.runtime.store.statusChanges.related(r.id))!.content)?.step));
      expect(steps).to.deep.equal(['4200', '4300']);
    } finally {
      await slow.close();
    }
  });
});
