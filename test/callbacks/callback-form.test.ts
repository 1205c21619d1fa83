import { expect } from 'chai';
import qs from 'qs';
import { callbackForm, callbackPath } from '../../src/apps/adapter/callbacks/callback-form.js';

describe('callback form (callback_document_status, form-urlencoded)', () => {
  const at = '2026-11-22T08:30:01.123Z';

  it('encodes status, timestamp, provider id, errors[n][…], provider_response and provider_references', () => {
    const body = callbackForm(
      {
        documentId: 'd1',
        status: 'FAILED',
        source: 'sandbox',
        at,
        errors: [
          { code: 'INVALID_DATA', message: 'The receiving endpoint refused the document & said "no"' },
          { code: 'NOT_FOUND', message: 'Receiver 0088:1 is not registered', help_url: 'https://help.example/x#NOT_FOUND' },
        ],
        payload: { message_id: 'm-1', event: 'refused' },
        references: [{ key: 'Message ID', value: 'm-1' }],
      },
      { providerId: 'einvoicing-adapter', helpBaseUrl: 'https://docs.example/errors' },
    );
    // Bracket keys as the SPI's curl examples send them; values escaped.
    expect(body).to.match(/^einvoicing_provider_id=einvoicing-adapter&status=FAILED&timestamp=2026-11-22T08%3A30%3A01.123Z&errors\[0\]\[code\]=INVALID_DATA&/);
    expect(body).to.contain('errors[0][message]=The+receiving+endpoint+refused+the+document+%26+said+%22no%22');
    const form = qs.parse(body);
    expect(form).to.deep.equal({
      einvoicing_provider_id: 'einvoicing-adapter',
      status: 'FAILED',
      timestamp: at,
      errors: [
        { code: 'INVALID_DATA', message: 'The receiving endpoint refused the document & said "no"', help_url: 'https://docs.example/errors#INVALID_DATA' },
        { code: 'NOT_FOUND', message: 'Receiver 0088:1 is not registered', help_url: 'https://help.example/x#NOT_FOUND' },
      ],
      provider_response: JSON.stringify([{ source: 'sandbox', received_at: at, payload: { message_id: 'm-1', event: 'refused' } }]),
      provider_references: '[{"key":"Message ID","value":"m-1"}]',
    });
    // The same decoding a plain form parser does (URLSearchParams), not only qs.
    expect(new URLSearchParams(body).get('errors[1][help_url]')).to.equal('https://help.example/x#NOT_FOUND');
  });

  it('encodes related_documents[n][…] with their own provider_response and references', () => {
    const body = callbackForm(
      {
        documentId: 'd1',
        status: 'REJECTED',
        source: 'sandbox',
        at,
        related: {
          id: 'rel-1',
          documentType: 'ubl-applicationresponse',
          flow: 'INBOUND',
          status: 'SUCCESS',
          mimeType: 'application/xml',
          content: '<ApplicationResponse/>',
          payload: { message_id: 'r-1' },
          references: [{ key: 'Response Message ID', value: 'r-1' }],
        },
      },
      { providerId: 'p' },
    );
    const params = new URLSearchParams(body);
    expect([...params.keys()]).to.deep.equal([
      'einvoicing_provider_id',
      'status',
      'timestamp',
      'related_documents[0][document_id]',
      'related_documents[0][document_type]',
      'related_documents[0][status]',
      'related_documents[0][flow]',
      'related_documents[0][timestamp]',
      'related_documents[0][provider_response]',
      'related_documents[0][provider_references]',
    ]);
    expect(params.get('related_documents[0][document_id]')).to.equal('rel-1');
    expect(params.get('related_documents[0][flow]')).to.equal('INBOUND');
    expect(JSON.parse(params.get('related_documents[0][provider_response]')!)).to.deep.equal([{ source: 'sandbox', received_at: at, payload: { message_id: 'r-1' } }]);
    expect(params.get('related_documents[0][provider_references]')).to.equal('[{"key":"Response Message ID","value":"r-1"}]');
  });

  it('sends nothing for absent fields and a plain status for a plain change', () => {
    expect(callbackForm({ documentId: 'd', status: 'SUCCESS', source: 'sandbox', at }, { providerId: 'p' })).to.equal(
      'einvoicing_provider_id=p&status=SUCCESS&timestamp=2026-11-22T08%3A30%3A01.123Z',
    );
  });

  it('posts invoices and credit notes to their collections, and has no callback for application responses', () => {
    expect(callbackPath('INVOICE', 'INV 1/2')).to.equal('/api/v2/invoices/INV%201%2F2/einvoice_status');
    expect(callbackPath('CREDIT_NOTE', 'CN20250205')).to.equal('/api/v2/credit_notes/CN20250205/einvoice_status');
    expect(callbackPath('APPLICATION_RESPONSE', 'AR-1')).to.equal(undefined);
  });
});
