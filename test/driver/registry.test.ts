import { expect } from 'chai';
import { drivers } from '../../drivers/index.js';
import { createRegistry, fieldsFor } from '../../src/driver-kit/registry.js';
import type { Driver } from '../../src/spi/driver.js';
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

  it('rejects a driver registered twice, and two drivers claiming the same model and country', () => {
    expect(() => createRegistry([base, { ...base }])).to.throw('driver PEPPOL is registered twice');
    expect(() => createRegistry([base, { ...base, id: 'OTHER' }])).to.throw('drivers PEPPOL and OTHER both serve PEPPOL in any country');
    const ksef = { ...base, model: 'CLEARANCE' as const, id: 'KSEF', countries: ['PL'] };
    expect(() => createRegistry([ksef, { ...ksef, id: 'KSEF2', countries: ['CZ', 'PL'] }])).to.throw('drivers KSEF and KSEF2 both serve CLEARANCE in PL');
    expect(() => createRegistry([{ ...base, id: 'peppol' }])).to.throw(/id "peppol" must be upper case/);
  });

  it('resolves (model, country): a driver naming the country wins over the model\'s any-country driver', () => {
    const ksef = { ...base, model: 'CLEARANCE' as const, id: 'KSEF', title: 'KSeF', countries: ['PL'] };
    const sdi = { ...base, model: 'CLEARANCE' as const, id: 'SDI', title: 'SDI', countries: ['IT', 'SM'] };
    const generic = { ...base, model: 'CLEARANCE' as const, id: 'GENERIC', title: 'Generic', countries: [] };
    const r = createRegistry([generic, ksef, sdi, base]);
    expect(r.get('CLEARANCE', 'PL')?.id).to.equal('KSEF');
    expect(r.get('CLEARANCE', 'IT')?.id).to.equal('SDI');
    expect(r.get('CLEARANCE', 'SM')?.id).to.equal('SDI');
    expect(r.get('CLEARANCE', 'FR')?.id).to.equal('GENERIC');
    expect(r.get('CLEARANCE', 'ZZ'), 'an unassigned code is no country').to.equal(undefined);
    expect(r.get('PEPPOL', 'PL')?.title).to.equal('Test');
    expect(r.byId('SDI')?.title).to.equal('SDI');
    const only = createRegistry([ksef, sdi]);
    expect(only.get('CLEARANCE', 'FR')).to.equal(undefined);
    expect(() => only.require('CLEARANCE', 'FR')).to.throw('no driver for CLEARANCE in FR (served: KSEF: CLEARANCE in PL, SDI: CLEARANCE in IT SM)');
  });

  it('rejects malformed metadata', () => {
    expect(() => createRegistry([{ ...base, model: 'SDI' as Driver['model'] }])).to.throw(/model must be one of PEPPOL/);
    expect(() => createRegistry([{ ...base, countries: ['de'] }])).to.throw(/country "de"/);
    expect(() => createRegistry([{ ...base, documentTypes: [] }])).to.throw(/no document type/);
    expect(() =>
      createRegistry([{ ...base, fields: [{ path: 'X', field_name: 'X', data_type: 'string', inclusion_type: 'Optional', documentTypes: ['ubl-creditnote'] }] }]),
    ).to.throw(/undeclared document type ubl-creditnote/);
  });

  it('require names what is served when a combination is unknown', () => {
    expect(() => createRegistry([base]).require('FACE', 'ES')).to.throw('no driver for FACE in ES (served: PEPPOL: PEPPOL in any country)');
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
