import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ACTIVATION_STATUS_CODES, MODELS, TRANSACTION_TYPES } from '../../src/spi/enums.js';
import { ActivationsQuery, DownloadQuery } from '../../src/apps/adapter/schemas/queries.js';
import { DOCUMENT_STATUSES, DocumentStatusSchema, DownloadedDocumentSchema, DownloadResponseSchema, ErrorResponseSchema, HealthComponentSchema, HealthStatusSchema } from '../../src/apps/adapter/schemas/responses.js';
import { callbackForm } from '../../src/apps/adapter/callbacks/callback-form.js';
import qs from 'qs';
import { requireShared, sharedPath } from '../helpers/shared-folder.js';

// The published SPI (chargebee/cb-partner-spi's openapi.yaml) is read from the spec folder that sits beside the checkout in CI.
const SPEC = sharedPath('spec', 'einvoicing-spi.openapi.yaml');

describe('the SPI contract (shared/spec/einvoicing-spi.openapi.yaml)', function () {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let schemas: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let paths: Record<string, any>;
  before(function () {
    requireShared(this, SPEC, 'the SPI contract checks');
    const spec = parse(readFileSync(SPEC, 'utf8'));
    schemas = spec.components.schemas;
    paths = spec.paths;
  });

  it('has the same models, transaction types and activation status codes', () => {
    expect([...MODELS]).to.deep.equal(schemas.model.enum);
    expect([...TRANSACTION_TYPES]).to.deep.equal(schemas.country_activation.properties.einvoicing_type.enum);
    expect([...ACTIVATION_STATUS_CODES]).to.have.members(schemas.activation_status.properties.code.enum);
  });

  it('has the same error codes and health enums', () => {
    expect(ErrorResponseSchema.properties.errors.items.properties.code.enum).to.have.members(schemas.error_response_errors_inner.properties.code.enum);
    expect(HealthStatusSchema.enum).to.have.members(schemas.HealthStatus.enum);
    expect(HealthComponentSchema.properties.type.enum).to.have.members(schemas.HealthCheckComponent.properties.type.enum);
  });

  it('has the same document statuses and document_status fields', () => {
    expect([...DOCUMENT_STATUSES]).to.deep.equal(schemas.document_status.properties.status.enum);
    expect(Object.keys(DocumentStatusSchema.properties)).to.have.members(Object.keys(schemas.document_status.properties));
  });

  it('has the same activations query parameters and modes', () => {
    const params = paths['/einvoicing/activations'].get.parameters.map((p: { name: string }) => p.name);
    expect(Object.keys(ActivationsQuery.properties)).to.have.members(params);
    const mode = paths['/einvoicing/activations'].get.parameters.find((p: { name: string }) => p.name === 'mode');
    expect(ActivationsQuery.properties.mode.enum).to.have.members(mode.schema.enum);
  });

  it('defines every operation this adapter serves', () => {
    for (const [path, method] of [
      ['/health', 'get'],
      ['/credentials/validate', 'post'],
      ['/einvoicing/activations', 'get'],
      ['/einvoicing/data_input_fields', 'get'],
      ['/einvoicing/documents', 'post'],
      ['/einvoicing/documents/{document_id}/status', 'get'],
      ['/einvoicing/documents/{document_id}/download', 'get'],
      ['/api/v2/invoices/{document_id}/einvoice_status', 'post'],
      ['/api/v2/credit_notes/{document_id}/einvoice_status', 'post'],
    ] as const) {
      expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).to.be.an('object');
    }
  });

  it('has the same download query parameters and response fields', () => {
    const params = paths['/einvoicing/documents/{document_id}/download'].get.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
    expect(Object.keys(DownloadQuery.properties)).to.have.members(params);
    expect(Object.keys(DownloadResponseSchema.properties)).to.have.members(Object.keys(schemas.download_document_response.properties));
    expect(Object.keys(DownloadedDocumentSchema.properties)).to.have.members(Object.keys(schemas.download_document_response_documents_inner.properties));
  });

  it('sends only callback_document_status fields, and only callback_related_document_status fields for related documents', () => {
    const form = qs.parse(
      callbackForm(
        {
          documentId: 'd',
          status: 'REJECTED',
          source: 'sandbox',
          at: '2026-01-01T00:00:00.000Z',
          errors: [{ code: 'INVALID_DATA', message: 'm', help_url: 'https://h.example/#x' }],
          payload: { a: 1 },
          references: [{ key: 'k', value: 'v' }],
          related: { id: 'r', documentType: 'ubl-applicationresponse', flow: 'INBOUND', status: 'SUCCESS', mimeType: 'application/xml', content: '<x/>', payload: { b: 2 }, references: [{ key: 'k', value: 'v' }] },
        },
        { providerId: 'p' },
      ),
    ) as Record<string, unknown> & { related_documents: Record<string, unknown>[]; errors: Record<string, unknown>[] };
    const callback = schemas.callback_document_status;
    expect(Object.keys(form)).to.have.members(Object.keys(callback.properties));
    expect(callback.properties.status.enum).to.include(form.status);
    expect(Object.keys(form.errors[0]!)).to.have.members(Object.keys(schemas.callback_error.properties));
    const related = schemas.callback_related_document_status.properties;
    expect(Object.keys(related)).to.include.members(Object.keys(form.related_documents[0]!));
    expect(related.flow.enum).to.include(form.related_documents[0]!.flow);
    expect(related.status.enum).to.include(form.related_documents[0]!.status);
  });
});
