import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import type { ConfigFile } from '../../src/platform/config/config-file-schema.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import { errorsOf, type Issue } from '../../src/spi/issues.js';
import { fixtureConfig, FIXTURES_DIR, GOLDEN_CLOCK } from '../helpers/fixtures.js';

// The country facts of src/code-lists as each driver writes them, one case per disagreement the
// drivers' own copies had: Greece is GR by country and EL by VAT prefix (and a Greek VAT number
// may be written GR), Northern Ireland's XI is an EU VAT prefix but no member state nor ISO
// country, Poland is no "other member state" in KSeF; and the tax identifier checks each driver
// now shares (VERIFACTU's NIF, NEMHANDEL's CVR, the Peppol addresses derived from a CVR or a
// partita IVA). Each case goes through intake and the driver's render, and reads the XML back.

const registry = createRegistry(drivers);

const fixture = (driver: string, name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, driver, `${name}.json`), 'utf8')) as Record<string, any>;

/** A fixture with its buyer replaced (address fields merged, identifiers as given). */
function withBuyer(doc: Record<string, any>, buyer: { country: string; vat?: string; electronic_address?: unknown }): Record<string, any> {
  const p = { ...doc.accounting_customer_party, address: { ...doc.accounting_customer_party.address, country: buyer.country } };
  if (buyer.vat) p.tax_scheme = [{ scheme: 'VAT', id: buyer.vat }];
  if (buyer.electronic_address) p.electronic_address = buyer.electronic_address;
  else delete p.electronic_address;
  return { ...doc, accounting_customer_party: p };
}

/** The issues intake finds, and the first artifact when there is no error. */
async function submit(doc: unknown, config: ConfigFile = fixtureConfig()): Promise<{ codes: string[]; issues: readonly Issue[]; xml?: string }> {
  const { driver, ctx, examination } = await intake(doc, config, registry);
  const { issues, model } = examination;
  const codes = errorsOf(issues).map((i) => i.code);
  if (codes.length > 0 || model === undefined) return { codes, issues };
  return { codes, issues, xml: driver.render(model, { ...ctx, now: GOLDEN_CLOCK, documentId: 'country-facts' })[0]!.content };
}

/** The text of the first element of that name inside the first element named `within`. */
function textIn(xml: string, within: string, name: string): string | undefined {
  const start = xml.indexOf(`<${within}>`);
  if (start < 0) return undefined;
  const rest = xml.slice(start);
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(rest.slice(0, rest.indexOf(`</${within}>`)))?.[1];
}

describe('country facts: FACE (Facturae)', () => {
  const doc = fixture('face', 'b2g-dir3-centres');

  it('writes a Greek party resident in the EU with its VAT number after EL, however it was sent', async () => {
    for (const [country, vat] of [['GR', 'GR094259216'], ['GR', '094259216'], ['EL', 'EL094259216']] as const) {
      const { codes, xml } = (await submit(withBuyer(doc, { country, vat })));
      expect(codes, `${country} ${vat}`).to.deep.equal([]);
      expect(textIn(xml!, 'BuyerParty', 'ResidenceTypeCode'), vat).to.equal('U');
      expect(textIn(xml!, 'BuyerParty', 'TaxIdentificationNumber'), vat).to.equal('EL094259216');
      expect(textIn(xml!, 'BuyerParty', 'CountryCode'), vat).to.equal('GRC');
    }
  });

  it('writes a Northern Irish party as resident outside the EU, in the United Kingdom', async () => {
    const { codes, xml } = (await submit(withBuyer(doc, { country: 'XI', vat: 'XI123456789' })));
    expect(codes).to.deep.equal([]);
    expect(textIn(xml!, 'BuyerParty', 'ResidenceTypeCode')).to.equal('E');
    expect(textIn(xml!, 'BuyerParty', 'TaxIdentificationNumber')).to.equal('XI123456789');
    expect(textIn(xml!, 'BuyerParty', 'CountryCode')).to.equal('GBR');
  });
});

describe('country facts: KSEF (FA(3))', () => {
  const doc = fixture('ksef', 'eu-reverse-charge');
  const buyerIds = (xml: string) => ['KodUE', 'NrVatUE', 'NIP', 'KodKraju', 'NrID'].map((n) => [n, textIn(xml, 'Podmiot2', n)]).filter(([, v]) => v !== undefined);

  it('names a Greek buyer written GR as an EU buyer with KodUE EL', async () => {
    const { codes, xml } = (await submit(withBuyer(doc, { country: 'GR', vat: 'GR094259216' })));
    expect(codes).to.deep.equal([]);
    expect(buyerIds(xml!)).to.deep.equal([['KodUE', 'EL'], ['NrVatUE', '094259216'], ['KodKraju', 'GR']]);
  });

  it('writes the SPI\'s EL as KodKraju GR, which TKodKraju lists (it has no EL)', async () => {
    const { xml } = (await submit(withBuyer(doc, { country: 'EL', vat: 'EL094259216' })));
    expect(buyerIds(xml!)).to.deep.equal([['KodUE', 'EL'], ['NrVatUE', '094259216'], ['KodKraju', 'GR']]);
  });

  it('keeps a Northern Irish buyer an EU buyer (KodUE XI, KodKraju XI) and a Polish VAT number the buyer\'s NIP', async () => {
    expect(buyerIds((await submit(withBuyer(doc, { country: 'XI', vat: 'XI123456789' }))).xml!)).to.deep.equal([['KodUE', 'XI'], ['NrVatUE', '123456789'], ['KodKraju', 'XI']]);
    const polish = (await submit(withBuyer(fixture('ksef', 'domestic-23-8'), { country: 'PL', vat: 'PL 526-025-02-74' })));
    expect(polish.codes).to.deep.equal([]);
    expect(buyerIds(polish.xml!)).to.deep.equal([['NIP', '5260250274'], ['KodKraju', 'PL']]);
  });
});

describe('country facts: NAV (Online Számla)', () => {
  const doc = fixture('nav', 'intra-eu');

  it('reports a Greek VAT number written GR as the community VAT number EL…', async () => {
    const { codes, xml } = (await submit(withBuyer(doc, { country: 'GR', vat: 'GR094259216' })));
    expect(codes).to.deep.equal([]);
    expect(textIn(xml!, 'customerVatData', 'communityVatNumber')).to.equal('EL094259216');
    expect(xml).to.not.contain('thirdStateTaxId');
  });

  it('reports a service reverse-charged to Northern Ireland as supplied in a third country (HO), to Greece as EUFAD37', async () => {
    const caseOf = async (country: string, vat: string) => [...(await submit(withBuyer(doc, { country, vat }))).xml!.matchAll(/<case>([^<]*)<\/case>/g)].map((m) => m[1]);
    expect(await caseOf('XI', 'XI123456789')).to.include('HO').and.not.include('EUFAD37');
    expect(await caseOf('EL', 'EL094259216')).to.include('EUFAD37').and.not.include('HO');
  });
});

describe('country facts: VERIFACTU', () => {
  const doc = fixture('verifactu', 'not-subject-eu-buyer');
  const idOtro = (xml: string) => ['CodigoPais', 'IDType', 'ID'].map((n) => textIn(xml, 'sum1:IDOtro', `sum1:${n}`));

  it('names a Northern Irish buyer by its NIF-IVA XI… (IDType 02) in CodigoPais GB, the AEAT\'s list having no XI', async () => {
    for (const country of ['XI', 'GB']) {
      const { codes, xml } = (await submit(withBuyer(doc, { country, vat: 'XI123456789' })));
      expect(codes, country).to.deep.equal([]);
      expect(idOtro(xml!), country).to.deep.equal(['GB', '02', 'XI123456789']);
    }
  });

  it('names a Greek buyer by its NIF-IVA EL… in CodigoPais GR, however number and country were written', async () => {
    for (const [country, vat] of [['EL', 'EL094259216'], ['GR', 'GR094259216']] as const) {
      const { xml } = (await submit(withBuyer(doc, { country, vat })));
      expect(idOtro(xml!), `${country} ${vat}`).to.deep.equal(['GR', '02', 'EL094259216']);
    }
  });

  it('refuses a Spanish buyer\'s NIF whose check character is wrong (VERIFACTU-017), as the AEAT would', async () => {
    const wrong = (await submit(withBuyer(doc, { country: 'ES', vat: 'ESB12345675' })));
    expect(wrong.codes).to.deep.equal(['VERIFACTU-017']);
    expect(wrong.issues.find((i) => i.code === 'VERIFACTU-017')).to.include({ path: 'accounting_customer_party.tax_scheme' });
    expect((await submit(withBuyer(doc, { country: 'ES', vat: 'B1234567' }))).codes).to.deep.equal(['VERIFACTU-015']);
    const right = (await submit(withBuyer(doc, { country: 'ES', vat: 'ESB12345674' })));
    expect(right.codes).to.deep.equal([]);
    expect(textIn(right.xml!, 'sum1:IDDestinatario', 'sum1:NIF')).to.equal('B12345674');
  });

  it('refuses to record for a business entity whose NIF fails its check (VERIFACTU-017)', async () => {
    const fixtures = fixtureConfig();
    const wrongNif = (e: BusinessEntity): BusinessEntity => ({ ...e, party: { ...e.party, tax_identifiers: [{ scheme: 'VAT', id: 'ES89890001A' }], legal_entity: { ...e.party.legal_entity, company_id: '89890001A' } } });
    const config = { ...fixtures, business_entities: fixtures.business_entities.map((e) => (e.id === 'empresa-ejemplo' ? wrongNif(e) : e)) };
    const seller = { ...doc.accounting_supplier_party, tax_scheme: [{ scheme: 'VAT', id: 'ES89890001A' }] };
    const { codes, issues } = (await submit({ ...doc, accounting_supplier_party: seller }, config));
    expect(codes).to.deep.equal(['VERIFACTU-017']);
    expect(issues.find((i) => i.code === 'VERIFACTU-017')).to.include({ path: 'accounting_supplier_party' });
  });
});

describe('country facts: NEMHANDEL (OIOUBL)', () => {
  const doc = fixture('nemhandel', 'reverse-charge-eu');
  const buyerEndpoint = (xml: string) => /<cac:AccountingCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID[^>]*schemeID="([^"]+)"[^>]*>([^<]+)</.exec(xml)?.slice(1);

  // An endpoint the buyer sends in a scheme OIOUBL lacks (0204, a Leitweg-ID) gives way to its VAT number.
  const leitweg = { scheme: '0204', id: '991-12345-67' };

  it('addresses a buyer by its VAT number, a Northern Irish XI one as EU:VAT, a Greek one as GR:VAT', async () => {
    const ni = (await submit(withBuyer(doc, { country: 'GB', vat: 'XI123456789', electronic_address: leitweg })));
    expect(ni.codes).to.deep.equal([]);
    expect(buyerEndpoint(ni.xml!)).to.deep.equal(['EU:VAT', 'XI123456789']);
    expect(buyerEndpoint((await submit(withBuyer(doc, { country: 'GR', vat: 'EL094259216', electronic_address: leitweg }))).xml!)).to.deep.equal(['GR:VAT', 'EL094259216']);
  });

  it('refuses a Danish VAT number whose CVR number fails its modulus 11 check (NEMHANDEL-105), and derives no address from it', async () => {
    const gln = { scheme: '0088', id: '5798009811578' };
    const { codes, issues } = (await submit(withBuyer(doc, { country: 'DK', vat: 'DK12345678', electronic_address: gln })));
    expect(codes).to.deep.equal(['NEMHANDEL-105']);
    expect(issues.find((i) => i.code === 'NEMHANDEL-105')).to.include({ path: 'accounting_customer_party.tax_scheme' });
    expect((await submit(withBuyer(doc, { country: 'DK', vat: 'DK12345678' }))).codes).to.deep.equal(['NEMHANDEL-011']);
    expect(buyerEndpoint((await submit(withBuyer(doc, { country: 'DK', vat: 'DK24256790' }))).xml!)).to.deep.equal(['DK:CVR', 'DK24256790']);
  });
});

describe('country facts: PEPPOL (electronic addresses derived from identifiers)', () => {
  const doc = fixture('peppol', 'discounts');
  const buyerEndpoint = (xml: string) => /<cac:AccountingCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID schemeID="([^"]+)">([^<]+)</.exec(xml)?.slice(1);

  it('derives 0184 and 0211 only from a CVR number and a partita IVA whose check digits hold', async () => {
    expect(buyerEndpoint((await submit(withBuyer(doc, { country: 'DK', vat: 'DK24256790' }))).xml!)).to.deep.equal(['0184', '24256790']);
    expect(buyerEndpoint((await submit(withBuyer(doc, { country: 'IT', vat: 'IT06363391001' }))).xml!)).to.deep.equal(['0211', '06363391001']);
    for (const [country, vat] of [['DK', 'DK12345678'], ['IT', 'IT06363391002']] as const) {
      const { codes, issues } = (await submit(withBuyer(doc, { country, vat })));
      expect(codes, vat).to.deep.equal(['PEPPOL-011']);
      expect(issues.find((i) => i.code === 'PEPPOL-011'), vat).to.include({ path: 'accounting_customer_party.electronic_address' });
    }
  });
});
