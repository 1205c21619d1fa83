import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatten, nestedFrom, placeErrors } from '../../src/apps/adapter/console/form-fields.js';
import { entityFieldNames } from '../../src/apps/adapter/console/pages/entity-form.js';
import { settingsBody, settingSpecs } from '../../src/apps/adapter/console/pages/entity-driver.js';
import { entitySchemaOf } from '../../src/driver-kit/entity-settings.js';
import { PartySchema } from '../../src/spi/business-entity.js';
import { driverId } from '../../src/spi/driver.js';
import { drivers } from '../../drivers/index.js';
import { packageRoot } from '../../src/lib/paths.js';

// The console's forms are the admin API's bodies by their field names: a stored entity shown in
// its form and sent back unchanged is the same entity (nothing the form has no field for is
// lost), and each API problem lands beside the field its path names.

const ROOT = packageRoot;

describe('console forms: the admin API\'s bodies by field name', () => {
  it('an entity shown in its form and sent back is the same entity: the form has a field for every value of the party', () => {
    const { activations: _a, ...entity } = JSON.parse(readFileSync(join(ROOT, 'examples', 'acme-entity.json'), 'utf8')) as Record<string, unknown> & { party: { tax_identifiers: unknown[] } };
    entity.party.tax_identifiers = [
      { scheme: 'VAT', id: 'DE136695976' },
      { scheme: 'FC', id: '2893/081/50315' },
      { scheme: 'LEI', id: '5299000J2N45DDNE4Y28' },
    ];
    const values = flatten(entity);
    const names = entityFieldNames(false, values);
    expect(names.filter((n) => n.startsWith('party.tax_identifiers[')).length).to.equal(8);
    expect(nestedFrom(values, names)).to.deep.equal(entity);
    // Every value the schema allows in a party (its first array item standing for all): a field the form lacks would be lost on a save.
    const leaves = (schema: { properties?: Record<string, unknown>; items?: unknown }, at: string): string[] =>
      schema.properties ? Object.entries(schema.properties).flatMap(([k, v]) => leaves(v as typeof schema, `${at}.${k}`)) : schema.items ? leaves(schema.items as typeof schema, `${at}[0]`) : [at];
    const all = leaves(PartySchema as unknown as { properties: Record<string, unknown> }, 'party');
    expect(all).to.include('party.address.line_3');
    for (const path of all) expect(entityFieldNames(false, {}), `the form has no field for ${path}`).to.include(path);
  });

  it('places each problem beside its field, or its group, or with the form\'s own', () => {
    const fields = ['party.name', 'party.address.country', 'party.tax_identifiers[0].id', 'certificate', 'certificate.passphrase'];
    // A path above every field is the form's own: not beside the first field under it.
    expect(placeErrors([{ code: 'INVALID_OPERATION', message: 'party: the identifier DE1 already identifies business entity b' }], fields).rest).to.have.length(1);
    const placed = placeErrors(
      [
        { code: 'INVALID_DATA', message: 'party.address.country: must be an assigned ISO 3166-1 alpha-2 country code' },
        { code: 'MISSING_REQUIRED_DATA', message: 'party.tax_identifiers[0].id is required' },
        { code: 'INVALID_DATA', message: 'certificate: the passphrase does not open the PKCS#12' },
        { code: 'INVALID_DATA', message: 'certificate.pkcs12: not base64' },
        { code: 'INVALID_OPERATION', message: 'id: business entity x already exists' },
        { code: 'INVALID_DATA', message: 'FACe mails its notices to an address' },
      ],
      fields,
    );
    expect(Object.fromEntries(placed.byField)).to.deep.equal({
      'party.address.country': ['party.address.country: must be an assigned ISO 3166-1 alpha-2 country code'],
      'party.tax_identifiers[0].id': ['party.tax_identifiers[0].id is required'],
      certificate: ['certificate: the passphrase does not open the PKCS#12', 'certificate.pkcs12: not base64'],
    });
    expect(placed.rest).to.deep.equal(['id: business entity x already exists', 'FACe mails its notices to an address']);
    const activation = placeErrors([{ code: 'INVALID_DATA', message: 'activations[2].country_activations[0].country: must be an assigned code' }], ['country'], 'activations[2].country_activations[0]');
    expect(activation.byField.get('country')).to.have.length(1);
  });

  it('a driver\'s settings form: no file names, a file per certificate, a kept secret sent back sealed, a removed one left out', () => {
    const sdi = drivers.find((d) => driverId(d) === 'SDI')!;
    const { specs, groups } = settingSpecs(entitySchemaOf(sdi)!);
    expect(specs.some((s) => /_(file|env)$/.test(s.name))).to.equal(false);
    expect(groups).to.deep.equal(['transmitter', 'certificate', 'channel', 'channel.client_certificate']);
    expect(specs.find((s) => s.name === 'channel.client_certificate.pkcs12')).to.include({ type: 'file', value: 'base64' });
    expect(specs.find((s) => s.name === 'certificate.passphrase')).to.include({ type: 'password', value: 'secret' });
    expect(specs.find((s) => s.name === 'split_payment')).to.include({ type: 'select', value: 'boolean' });
    const stored = { certificate: { pkcs12: { sealed: 'sha256:AA' }, passphrase: { sealed: 'hmac-sha256:bb' } }, regime_fiscale: 'RF01' };
    const files = new Map([['channel.client_certificate.pkcs12', { filename: 'c.p12', content: Buffer.from([0, 1, 2]) }]]);
    const body = settingsBody(specs, { regime_fiscale: 'RF02', split_payment: 'false', 'remove:certificate.passphrase': 'yes', 'channel.client_certificate.passphrase': 'pw' }, files, stored);
    expect(body).to.deep.equal({
      regime_fiscale: 'RF02',
      split_payment: false,
      certificate: { pkcs12: { sealed: 'sha256:AA' } },
      channel: { client_certificate: { pkcs12: 'AAEC', passphrase: 'pw' } },
    });
  });
});
