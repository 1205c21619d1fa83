import { expect } from 'chai';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFaceStep } from '../../drivers/face/face-state.js';
import { signatureProblem } from '../../src/xml/verify-signature.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
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

    const steps = adapter.runtime.store.statusChanges.relatedOf(id).map((r) => [r.documentType, readFaceStep(adapter.runtime.store.statusChanges.related(r.id)!.content)?.step]);
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
});
