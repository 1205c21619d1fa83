import { expect } from 'chai';
import { drivers } from '../../drivers/index.js';
import { createRegistry, fieldsFor } from '../../src/driver/registry.js';
import type { Driver } from '../../src/driver/types.js';
import { metadataDriver } from '../helpers/metadata-driver.js';

const base: Driver = metadataDriver({
  model: 'PEPPOL',
  title: 'Test',
  countries: [],
  transactionTypes: ['B2B'],
  documentTypes: ['ubl-invoice'],
  fields: [],
});

describe('the driver registry', () => {
  it('accepts the registered drivers', () => {
    expect(() => createRegistry(drivers)).not.to.throw();
  });

  it('rejects a model registered twice', () => {
    expect(() => createRegistry([base, { ...base }])).to.throw('driver PEPPOL is registered twice');
  });

  it('rejects malformed metadata', () => {
    expect(() => createRegistry([{ ...base, model: 'SDI' as Driver['model'] }])).to.throw(/model must be one of PEPPOL/);
    expect(() => createRegistry([{ ...base, countries: ['de'] }])).to.throw(/country "de"/);
    expect(() => createRegistry([{ ...base, documentTypes: [] }])).to.throw(/no document type/);
    expect(() =>
      createRegistry([{ ...base, fields: [{ path: 'X', field_name: 'X', data_type: 'string', inclusion_type: 'Optional', documentTypes: ['ubl-creditnote'] }] }]),
    ).to.throw(/undeclared document type ubl-creditnote/);
  });

  it('require names the registered models when one is unknown', () => {
    expect(() => createRegistry([base]).require('FACE')).to.throw('no driver for model FACE (registered: PEPPOL)');
  });

  it('serves a scenario only when model, country, transaction type and document type all match', () => {
    const r = createRegistry([{ ...base, countries: ['DE'] }]);
    const s = { model: 'PEPPOL' as const, country: 'DE', transactionType: 'B2B' as const, documentType: 'ubl-invoice' };
    expect(r.serving(s)?.title).to.equal('Test');
    expect(r.serving({ ...s, country: 'FR' })).to.equal(undefined);
    expect(r.serving({ ...s, transactionType: 'B2G' })).to.equal(undefined);
    expect(r.serving({ ...s, documentType: 'ubl-creditnote' })).to.equal(undefined);
    expect(createRegistry([base]).serving({ ...s, country: 'JP' })?.model, 'no countries = any').to.equal('PEPPOL');
  });

  it('fieldsFor filters rows by document and transaction type', () => {
    const d: Driver = {
      ...base,
      transactionTypes: ['B2B', 'B2G'],
      documentTypes: ['ubl-invoice', 'ubl-creditnote'],
      fields: [
        { path: 'a', field_name: 'a', data_type: 'string', inclusion_type: 'Mandatory' },
        { path: 'b', field_name: 'b', data_type: 'string', inclusion_type: 'Mandatory', documentTypes: ['ubl-creditnote'] },
        { path: 'c', field_name: 'c', data_type: 'string', inclusion_type: 'Mandatory', transactionTypes: ['B2G'] },
      ],
    };
    expect(fieldsFor(d, 'ubl-invoice', 'B2B').map((f) => f.path)).to.deep.equal(['a']);
    expect(fieldsFor(d, 'ubl-creditnote', 'B2G').map((f) => f.path)).to.deep.equal(['a', 'b', 'c']);
  });
});
