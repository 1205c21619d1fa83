import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EinvoiceModel } from '../../drivers/einvoice/examine.js';
import { drivers } from '../../drivers/index.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import { parseUbl, textAt, type UblNode } from '../../src/formats/ubl/read.js';
import { errorsOf } from '../../src/spi/issues.js';
import { fixtureConfig, FIXTURES_DIR, GOLDEN_CLOCK } from '../helpers/fixtures.js';

// One SPI document, two syntaxes: the UBL and CII goldens of every EINVOICE case are read back
// and their business terms compared (totals, VAT breakdown, parties, lines). The goldens are
// exactly what the driver renders (test/drivers/conformance.test.ts) and pass the official rules.

const DIR = join(FIXTURES_DIR, 'einvoice');

/** Every node at a path, following repeated elements at each step. */
function all(node: unknown, ...path: string[]): UblNode[] {
  let level: unknown[] = [node];
  for (const name of path) {
    level = level.flatMap((n) => {
      const v = n && typeof n === 'object' ? (n as UblNode)[name] : undefined;
      return v === undefined ? [] : Array.isArray(v) ? v : [v];
    });
  }
  return level as UblNode[];
}

const num = (s: string | undefined) => (s === undefined ? undefined : Number(s).toFixed(2));
const attr = (n: unknown, a: string) => (n && typeof n === 'object' ? ((n as UblNode)[`@${a}`] as string | undefined) : undefined);

interface Terms {
  number?: string;
  typeCode?: string;
  issueDate?: string;
  currency?: string;
  buyerReference?: string;
  totals: (string | undefined)[];
  breakdown: string[];
  seller: (string | undefined)[];
  buyer: (string | undefined)[];
  lines: string[];
}

function ublTerms(xml: string): Terms {
  const { root, node } = parseUbl(xml);
  const party = (role: string) => {
    const p = all(node, `cac:Accounting${role}Party`, 'cac:Party')[0];
    const endpoint = all(p, 'cbc:EndpointID')[0];
    return [textAt(p, 'cac:PartyLegalEntity', 'cbc:RegistrationName'), textAt(p, 'cac:PartyTaxScheme', 'cbc:CompanyID'), textAt(p, 'cbc:EndpointID'), attr(endpoint, 'schemeID'), textAt(p, 'cac:PostalAddress', 'cac:Country', 'cbc:IdentificationCode')];
  };
  const t = ['cac:LegalMonetaryTotal'];
  return {
    number: textAt(node, 'cbc:ID'),
    typeCode: textAt(node, root === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode'),
    issueDate: textAt(node, 'cbc:IssueDate')?.replaceAll('-', ''),
    currency: textAt(node, 'cbc:DocumentCurrencyCode'),
    buyerReference: textAt(node, 'cbc:BuyerReference'),
    totals: [
      num(textAt(node, ...t, 'cbc:LineExtensionAmount')),
      num(textAt(node, ...t, 'cbc:TaxExclusiveAmount')),
      num(textAt(node, 'cac:TaxTotal', 'cbc:TaxAmount')),
      num(textAt(node, ...t, 'cbc:TaxInclusiveAmount')),
      num(textAt(node, ...t, 'cbc:PrepaidAmount')),
      num(textAt(node, ...t, 'cbc:PayableAmount')),
    ],
    breakdown: all(node, 'cac:TaxTotal', 'cac:TaxSubtotal').map((s) =>
      [textAt(s, 'cac:TaxCategory', 'cbc:ID'), textAt(s, 'cac:TaxCategory', 'cbc:Percent'), num(textAt(s, 'cbc:TaxableAmount')), num(textAt(s, 'cbc:TaxAmount')), textAt(s, 'cac:TaxCategory', 'cbc:TaxExemptionReasonCode')].join('|'),
    ),
    seller: party('Supplier'),
    buyer: party('Customer'),
    lines: all(node, root === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine').map((l) =>
      [textAt(l, 'cbc:ID'), textAt(l, root === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity'), num(textAt(l, 'cbc:LineExtensionAmount')), textAt(l, 'cac:Item', 'cbc:Name'), textAt(l, 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:ID')].join('|'),
    ),
  };
}

function ciiTerms(xml: string): Terms {
  const { node } = parseUbl(xml);
  const tx = ['rsm:SupplyChainTradeTransaction'];
  const settlement = [...tx, 'ram:ApplicableHeaderTradeSettlement'];
  const sum = [...settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
  const party = (role: string) => {
    const p = all(node, ...tx, 'ram:ApplicableHeaderTradeAgreement', `ram:${role}TradeParty`)[0];
    const endpoint = all(p, 'ram:URIUniversalCommunication', 'ram:URIID')[0];
    const vat = all(p, 'ram:SpecifiedTaxRegistration', 'ram:ID').find((id) => attr(id, 'schemeID') === 'VA');
    return [textAt(p, 'ram:Name'), vat && textAt(vat), textAt(p, 'ram:URIUniversalCommunication', 'ram:URIID'), attr(endpoint, 'schemeID'), textAt(p, 'ram:PostalTradeAddress', 'ram:CountryID')];
  };
  return {
    number: textAt(node, 'rsm:ExchangedDocument', 'ram:ID'),
    typeCode: textAt(node, 'rsm:ExchangedDocument', 'ram:TypeCode'),
    issueDate: textAt(node, 'rsm:ExchangedDocument', 'ram:IssueDateTime', 'udt:DateTimeString'),
    currency: textAt(node, ...settlement, 'ram:InvoiceCurrencyCode'),
    buyerReference: textAt(node, ...tx, 'ram:ApplicableHeaderTradeAgreement', 'ram:BuyerReference'),
    totals: [
      num(textAt(node, ...sum, 'ram:LineTotalAmount')),
      num(textAt(node, ...sum, 'ram:TaxBasisTotalAmount')),
      num(textAt(node, ...sum, 'ram:TaxTotalAmount')),
      num(textAt(node, ...sum, 'ram:GrandTotalAmount')),
      num(textAt(node, ...sum, 'ram:TotalPrepaidAmount')),
      num(textAt(node, ...sum, 'ram:DuePayableAmount')),
    ],
    breakdown: all(node, ...settlement, 'ram:ApplicableTradeTax').map((s) =>
      [textAt(s, 'ram:CategoryCode'), textAt(s, 'ram:RateApplicablePercent'), num(textAt(s, 'ram:BasisAmount')), num(textAt(s, 'ram:CalculatedAmount')), textAt(s, 'ram:ExemptionReasonCode')].join('|'),
    ),
    seller: party('Seller'),
    buyer: party('Buyer'),
    lines: all(node, ...tx, 'ram:IncludedSupplyChainTradeLineItem').map((l) =>
      [
        textAt(l, 'ram:AssociatedDocumentLineDocument', 'ram:LineID'),
        textAt(l, 'ram:SpecifiedLineTradeDelivery', 'ram:BilledQuantity'),
        num(textAt(l, 'ram:SpecifiedLineTradeSettlement', 'ram:SpecifiedTradeSettlementLineMonetarySummation', 'ram:LineTotalAmount')),
        textAt(l, 'ram:SpecifiedTradeProduct', 'ram:Name'),
        textAt(l, 'ram:SpecifiedLineTradeSettlement', 'ram:ApplicableTradeTax', 'ram:CategoryCode'),
      ].join('|'),
    ),
  };
}

const pairs = readdirSync(DIR)
  .filter((f) => f.endsWith('-ubl-en16931.xml') || f.endsWith('-ubl-xrechnung.xml'))
  .map((ubl) => ({ ubl, cii: ubl.replace('-ubl-', '-cii-') }));

describe('EINVOICE: the same document in UBL and in CII', () => {
  it('has a CII twin for every UBL golden', () => {
    expect(pairs.length).to.be.at.least(30);
    for (const p of pairs) expect(readdirSync(DIR), p.ubl).to.include(p.cii);
  });

  for (const { ubl, cii } of pairs) {
    it(`${ubl.replace('-ubl-', ' ').replace('.xml', '')}: same totals, VAT breakdown, parties and lines`, () => {
      const a = ublTerms(readFileSync(join(DIR, ubl), 'utf8'));
      const b = ciiTerms(readFileSync(join(DIR, cii), 'utf8'));
      // The CII twin was submitted under its own platform id (the fixtures share one adapter).
      expect({ ...b, number: b.number?.replace(/-C([EX])$/, '-U$1') }).to.deep.equal(a);
      expect(a.totals[5], 'a payable amount').to.be.a('string');
      expect(a.breakdown.length).to.be.greaterThan(0);
    });
  }

  it('writes each profile’s specification identifier: plain EN 16931 for B2B, XRechnung for the entity’s B2G', () => {
    const spec = (f: string) => /<cbc:CustomizationID>([^<]+)</.exec(readFileSync(join(DIR, f), 'utf8'))?.[1] ?? /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]+)</.exec(readFileSync(join(DIR, f), 'utf8'))?.[1];
    expect(spec('spec-invoice-ubl-en16931.xml')).to.equal('urn:cen.eu:en16931:2017');
    expect(spec('spec-invoice-cii-en16931.xml')).to.equal('urn:cen.eu:en16931:2017');
    expect(spec('spec-invoice-ubl-xrechnung.xml')).to.equal('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(spec('spec-invoice-cii-xrechnung.xml')).to.equal('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(readFileSync(join(DIR, 'spec-credit-note-cii-en16931.xml'), 'utf8')).to.contain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('leaves the buyer’s electronic address out of plain EN 16931 when nothing gives one', () => {
    expect(ublTerms(readFileSync(join(DIR, 'no-buyer-endpoint-ubl-en16931.xml'), 'utf8')).buyer.slice(1, 4)).to.deep.equal([undefined, undefined, undefined]);
    expect(ciiTerms(readFileSync(join(DIR, 'no-buyer-endpoint-cii-en16931.xml'), 'utf8')).buyer.slice(1, 4)).to.deep.equal([undefined, undefined, undefined]);
  });
});

describe('EINVOICE: examined once, rendered from the model', () => {
  const registry = createRegistry(drivers);
  const config = fixtureConfig();
  const fixture = (name: string) => JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;

  it('gives a document that names no document type the one its kind defaults to, and writes it from the model alone', async () => {
    const { document_type: _named, ...body } = fixture('spec-credit-note-ubl-en16931');
    const { driver, ctx, examination } = await intake(body, config, registry);
    expect(errorsOf(examination.issues)).to.deep.equal([]);
    expect((examination.model as EinvoiceModel).documentType).to.equal('ubl-creditnote');
    const [artifact] = driver.render(examination.model, { ...ctx, now: GOLDEN_CLOCK, documentId: 'no-document-type' });
    expect(artifact).to.deep.equal({ documentType: 'ubl-creditnote', mimeType: 'application/xml', content: readFileSync(join(DIR, 'spec-credit-note-ubl-en16931.xml'), 'utf8') });
  });

  it('gives a refused document its issues and no model', async () => {
    const { examination } = await intake(fixture('invalid-cii-two-references'), config, registry);
    expect(errorsOf(examination.issues).map((i) => i.code)).to.deep.equal(['EINVOICE-075']);
    expect(examination).to.not.have.property('model');
  });
});
