import { expect } from 'chai';
import type { TestAdapter } from './adapter.js';
import { bodyOf } from './shape.js';

// Submitting a document and waiting for the network's answer, as the platform does over HTTP:
// what the sandbox tests of the networks (VERIFACTU, KSEF, NAV …) share.

/** POSTs a document; its id (the answer must be 200 ACCEPTED). */
export async function submitDocument(adapter: TestAdapter, json: unknown): Promise<string> {
  const res = await adapter.call('/einvoicing/documents', { method: 'POST', json });
  const body = await bodyOf(res);
  expect(res.status, JSON.stringify(body)).to.equal(200);
  return body.document_id as string;
}

/** The document's status once the network has answered (polled like the platform does). */
export async function settledStatus(adapter: TestAdapter, id: string, polls = 200, everyMs = 50): Promise<Record<string, any>> {
  for (let i = 0; i < polls; i++) {
    const body = await bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
    if (body.status !== 'ACCEPTED') return body;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`document ${id} is still ACCEPTED`);
}
