import type { Line } from '../../src/formats/en16931/model.js';
import type { Decimal } from '../../src/lib/money.js';
import type { UblDialect } from '../../src/formats/ubl/dialect.js';
import { taxTotalOf } from '../../src/formats/ubl/tax-total.js';
import { constant, el, leaf } from '../../src/formats/xml/writer.js';
import { OIOUBL_AGENCY } from './identifiers.js';

// How OIOUBL 2.1 spells a UBL document (the hooks of src/formats/ubl/dialect.ts): UBLVersionID 2.1,
// CopyIndicator and UUID after the number, its code lists named on the coded elements, VAT as
// tax scheme 63 "Moms", addresses as StructuredLax, and a tax total on every line.

const list = (name: string) => ({ listAgencyID: OIOUBL_AGENCY, listID: `urn:oioubl:codelist:${name}` });

const CODE_ATTRS = Object.freeze({
  'cbc:InvoiceTypeCode': list('invoicetypecode-1.1'),
  'cbc:PaymentChannelCode': list('paymentchannelcode-1.1'),
  'cbc:ResponseCode': list('responsecode-1.1'),
  'cbc:DocumentTypeCode': list('responsedocumenttypecode-1.2'),
});

const TAX_CATEGORY_ATTRS = { schemeAgencyID: OIOUBL_AGENCY, schemeID: 'urn:oioubl:id:taxcategoryid-1.1' };

/** VAT (moms) in OIOUBL's tax scheme list. */
const MOMS = constant(el('cac:TaxScheme', undefined, leaf('cbc:ID', '63', { schemeAgencyID: OIOUBL_AGENCY, schemeID: 'urn:oioubl:id:taxschemeid-1.1' }), leaf('cbc:Name', 'Moms')));

/** StructuredLax: street, city, post code and country, without a separate building number. */
const ADDRESS_FORMAT = constant(leaf('cbc:AddressFormatCode', 'StructuredLax', list('addressformatcode-1.1'))!);

export interface DocumentFacts {
  uuid: string;
  /** Invoices and credit notes say they are originals (CopyIndicator); an ApplicationResponse has no such element. */
  copyIndicator: boolean;
  /** The profile list version the document's ProfileID is taken from. */
  profileScheme: string;
  currency?: string;
  contactIds?: { customer?: string | undefined };
  lineTax?: ReadonlyMap<string, Decimal>;
}

/** The dialect for one document: its UUID, its buyer's reference, its lines' VAT. */
export function oioublDialect(facts: DocumentFacts): UblDialect {
  const dialect: UblDialect = {
    ublVersionId: '2.1',
    codeAttrs: { ...CODE_ATTRS, 'cbc:ProfileID': { schemeAgencyID: OIOUBL_AGENCY, schemeID: facts.profileScheme } },
    afterId: [facts.copyIndicator ? leaf('cbc:CopyIndicator', 'false') : undefined, leaf('cbc:UUID', facts.uuid)].filter((n) => n !== undefined),
    schemeAgency: (scheme) => (scheme === 'GLN' ? '9' : undefined),
    vatScheme: MOMS,
    taxCategoryAttrs: () => TAX_CATEGORY_ATTRS,
    addressFormat: ADDRESS_FORMAT,
    contactIds: facts.contactIds,
    taxCategoryEls: new Map(),
    lineTaxTotal: (line: Line) => {
      const tax = facts.lineTax?.get(line.id);
      if (tax === undefined || !facts.currency) return undefined;
      return taxTotalOf(tax, [{ taxable: line.lineExtension, tax, category: line.item.taxCategory }], facts.currency, dialect);
    },
  };
  return dialect;
}
