import { expect } from 'chai';
import { readIdentity } from '../../src/platform/http/request-identity.js';

describe('readIdentity', () => {
  it('reads the SPI JSON credentials object', () => {
    expect(readIdentity({ authorization: '{"api_key":"k-123","merchant_id":"m.example","trace_id":"t1"}' })).to.deep.equal({
      apiKey: 'k-123',
      merchantId: 'm.example',
      traceId: 't1',
    });
  });

  it('prefers the merchant_id and trace_id headers over the JSON keys', () => {
    const id = readIdentity({ authorization: '{"api_key":"k","merchant_id":"json","trace_id":"json"}', merchant_id: 'hdr', trace_id: 'hdr-t' });
    expect(id).to.deep.equal({ apiKey: 'k', merchantId: 'hdr', traceId: 'hdr-t' });
  });

  it('accepts a bare key and Bearer in any case', () => {
    expect(readIdentity({ authorization: 'abc' }).apiKey).to.equal('abc');
    expect(readIdentity({ authorization: 'Bearer abc' }).apiKey).to.equal('abc');
    expect(readIdentity({ authorization: 'bearer   abc ' }).apiKey).to.equal('abc');
  });

  it('finds no key in malformed or foreign values', () => {
    for (const authorization of ['{"api_key":', '{"api_key":5}', '{}', 'Basic dXNlcjpwYXNz', 'a b', '']) {
      expect(readIdentity({ authorization }).apiKey, authorization).to.equal(undefined);
    }
    expect(readIdentity({}).apiKey).to.equal(undefined);
  });
});
