import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestAdapter } from './adapter.js';
import { invoiceTo } from './lifecycle.js';
import { bodyOf } from './shape.js';

/** A German seller with one PEPPOL B2B activation, identified by its VAT number. */
export function germanEntity(id: string, vat: string): Record<string, unknown> {
  return {
    id,
    display_name: `${id} GmbH`,
    party: {
      name: `${id} GmbH`,
      address: { line_1: 'Hauptstr. 1', zip: '50667', city: 'Cologne', country: 'DE' },
      tax_identifiers: [{ scheme: 'VAT', id: vat }],
      legal_entity: { registration_name: `${id} GmbH` },
      electronic_address: { scheme: '9930', id: vat },
      contact: { name: 'Accounts', telephone: '+49 221 1234567', email: `billing@${id}.example` },
    },
    activations: [
      {
        id: randomUUID(),
        status: { code: 'COMPLETED' },
        country_activations: [{ model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2B', supported_document_types: ['ubl-invoice', 'ubl-creditnote'] }],
      },
    ],
  };
}

/** The SPI example invoice as issued by the seller with this VAT number. */
export function invoiceBy(platformId: string, vat: string): Record<string, unknown> {
  const invoice = invoiceTo(platformId);
  const supplier = invoice.accounting_supplier_party as Record<string, unknown>;
  return { ...invoice, accounting_supplier_party: { ...supplier, tax_scheme: [{ scheme: 'VAT', id: vat }] } };
}

/** fetch on the admin API with the admin key (or `key`). */
export function admin(adapter: TestAdapter, path: string, init: { method?: string; json?: unknown; key?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${init.key ?? adapter.runtime.adminApiKey.key}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${adapter.url}/admin${path}`, { method: init.method ?? 'GET', headers, ...(init.json !== undefined && { body: JSON.stringify(init.json) }) });
}

/** Awaits the response and expects `status`; the parsed body ({} for a 204). */
export async function expectStatus(res: Promise<Response>, status: number): Promise<Record<string, any>> {
  const r = await res;
  const body = r.status === 204 ? {} : await bodyOf(r);
  expect(r.status, JSON.stringify(body)).to.equal(status);
  return body;
}
