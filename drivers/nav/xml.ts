import { amount2, plain, signOf, ZERO, type Decimal } from '../../src/lib/money.js';
import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import type { Amounts, ChainPosition, NavAddress, NavInvoice, NavLine, NavVatRate } from './model.js';
import type { HuTaxNumber } from '../../src/code-lists/tax-ids/hungarian-tax-number.js';

// Writes the model as InvoiceData (invoiceData.xsd, Online Számla 3.0), elements in the
// schema's order. Only writes: every choice, sign and amount was made by build.ts; the chain
// position (modification index, where the line references start) by the invoice's chain.

export const DATA_NAMESPACE = 'http://schemas.nav.gov.hu/OSA/3.0/data';
export const BASE_NAMESPACE = 'http://schemas.nav.gov.hu/OSA/3.0/base';

/** -0 written as 0: a reversed zero is still zero. */
const num = (d: Decimal) => (signOf(d) === 0 ? ZERO : d);
const money = (name: string, d: Decimal) => leaf(name, amount2(num(d)));

export function invoiceDataXml(f: NavInvoice, at: ChainPosition): string {
  return serialize(
    el(
      'InvoiceData',
      { xmlns: DATA_NAMESPACE, 'xmlns:base': BASE_NAMESPACE },
      leaf('invoiceNumber', f.number),
      leaf('invoiceIssueDate', f.issueDate),
      // The report is the invoice's data, not the invoice itself (which reaches the buyer on its own).
      leaf('completenessIndicator', 'false'),
      el(
        'invoiceMain',
        undefined,
        el(
          'invoice',
          undefined,
          f.original !== undefined &&
            el('invoiceReference', undefined, leaf('originalInvoiceNumber', f.original), leaf('modifyWithoutMaster', 'false'), leaf('modificationIndex', String(at.modificationIndex))),
          el('invoiceHead', undefined, supplierEl(f), customerEl(f), detailEl(f)),
          el('invoiceLines', undefined, leaf('mergedItemIndicator', 'false'), f.lines.map((l) => lineEl(l, f.original !== undefined ? at.linesBefore + l.number : undefined))),
          summaryEl(f),
        ),
      ),
    ),
  );
}

/** The position a chain's link starts from: index 1, references from 1. */
export const FIRST: ChainPosition = { modificationIndex: 1, linesBefore: 0 };

/**
 * A report written at FIRST, moved to its place in the chain. Only this writer's own elements
 * are matched: document text cannot contain them, since `<` is always escaped.
 */
export function placedInChain(xml: string, at: ChainPosition): string {
  return xml
    .replace('<modificationIndex>1</modificationIndex>', `<modificationIndex>${at.modificationIndex}</modificationIndex>`)
    .replace(/<lineNumberReference>([0-9]+)<\/lineNumberReference>/g, (_m, n: string) => `<lineNumberReference>${Number(n) + at.linesBefore}</lineNumberReference>`);
}

function taxNumberEls(t: HuTaxNumber): XmlNode[] {
  return [leaf('base:taxpayerId', t.taxpayerId), leaf('base:vatCode', t.vatCode), leaf('base:countyCode', t.countyCode)].filter((n): n is XmlNode => !!n);
}

function addressEl(name: string, a: NavAddress): XmlNode {
  return el(
    name,
    undefined,
    el('base:simpleAddress', undefined, leaf('base:countryCode', a.country), leaf('base:postalCode', a.postalCode), leaf('base:city', a.city), leaf('base:additionalAddressDetail', a.detail)),
  );
}

function supplierEl(f: NavInvoice): XmlNode {
  const s = f.supplier;
  return el(
    'supplierInfo',
    undefined,
    el('supplierTaxNumber', undefined, taxNumberEls(s.taxNumber)),
    leaf('communityVatNumber', s.communityVatNumber),
    leaf('supplierName', s.name),
    addressEl('supplierAddress', s.address),
    leaf('supplierBankAccountNumber', s.bankAccount),
  );
}

function customerEl(f: NavInvoice): XmlNode {
  const c = f.customer;
  const v = c.vatData;
  return el(
    'customerInfo',
    undefined,
    leaf('customerVatStatus', c.status),
    v &&
      el(
        'customerVatData',
        undefined,
        v.kind === 'domestic' ? el('customerTaxNumber', undefined, taxNumberEls(v.taxNumber)) : v.kind === 'community' ? leaf('communityVatNumber', v.vat) : leaf('thirdStateTaxId', v.id),
      ),
    leaf('customerName', c.name),
    c.address && addressEl('customerAddress', c.address),
  );
}

function detailEl(f: NavInvoice): XmlNode {
  const d = f.detail;
  return el(
    'invoiceDetail',
    undefined,
    leaf('invoiceCategory', 'NORMAL'),
    leaf('invoiceDeliveryDate', d.deliveryDate),
    leaf('currencyCode', d.currency),
    leaf('exchangeRate', plain(d.exchangeRate)),
    leaf('paymentMethod', d.paymentMethod),
    leaf('paymentDate', d.paymentDate),
    leaf('invoiceAppearance', d.appearance),
    !!d.orderNumber && el('conventionalInvoiceInfo', undefined, el('orderNumbers', undefined, leaf('orderNumber', d.orderNumber.slice(0, 50)))),
    !!d.note && el('additionalInvoiceData', undefined, leaf('dataName', 'X00001_MEGJEGYZES'), leaf('dataDescription', 'Megjegyzés (note)'), leaf('dataValue', d.note)),
  );
}

function vatRateEl(name: string, r: NavVatRate): XmlNode {
  switch (r.kind) {
    case 'percentage':
      return el(name, undefined, leaf('vatPercentage', plain(r.rate)));
    case 'exemption':
    case 'outOfScope':
      return el(name, undefined, el(r.kind === 'exemption' ? 'vatExemption' : 'vatOutOfScope', undefined, leaf('case', r.case), leaf('reason', r.reason)));
    case 'domesticReverseCharge':
      return el(name, undefined, leaf('vatDomesticReverseCharge', 'true'));
    case 'margin':
      return el(name, undefined, leaf('marginSchemeIndicator', r.scheme));
  }
}

const pair = (name: string, a: Amounts, amountName: string, hufName: string) => el(name, undefined, money(amountName, a.amount), money(hufName, a.huf));

/** `reference`: lineModificationReference/lineNumberReference of a modification's line. */
function lineEl(l: NavLine, reference: number | undefined): XmlNode {
  return el(
    'line',
    undefined,
    leaf('lineNumber', String(l.number)),
    reference !== undefined && el('lineModificationReference', undefined, leaf('lineNumberReference', String(reference)), leaf('lineOperation', 'CREATE')),
    leaf('lineExpressionIndicator', 'true'),
    leaf('lineDescription', l.description),
    leaf('quantity', plain(num(l.quantity))),
    leaf('unitOfMeasure', l.unit),
    leaf('unitOfMeasureOwn', l.unitOwn),
    leaf('unitPrice', plain(num(l.unitPrice))),
    leaf('unitPriceHUF', plain(num(l.unitPriceHuf))),
    el(
      'lineAmountsNormal',
      undefined,
      pair('lineNetAmountData', l.net, 'lineNetAmount', 'lineNetAmountHUF'),
      vatRateEl('lineVatRate', l.vatRate),
      pair('lineVatData', l.vat, 'lineVatAmount', 'lineVatAmountHUF'),
      pair('lineGrossAmountData', l.gross, 'lineGrossAmountNormal', 'lineGrossAmountNormalHUF'),
    ),
  );
}

function summaryEl(f: NavInvoice): XmlNode {
  const s = f.summary;
  return el(
    'invoiceSummary',
    undefined,
    el(
      'summaryNormal',
      undefined,
      s.byRate.map((r) =>
        el(
          'summaryByVatRate',
          undefined,
          vatRateEl('vatRate', r.vatRate),
          pair('vatRateNetData', r.net, 'vatRateNetAmount', 'vatRateNetAmountHUF'),
          pair('vatRateVatData', r.vat, 'vatRateVatAmount', 'vatRateVatAmountHUF'),
          pair('vatRateGrossData', r.gross, 'vatRateGrossAmount', 'vatRateGrossAmountHUF'),
        ),
      ),
      money('invoiceNetAmount', s.net.amount),
      money('invoiceNetAmountHUF', s.net.huf),
      money('invoiceVatAmount', s.vat.amount),
      money('invoiceVatAmountHUF', s.vat.huf),
    ),
    pair('summaryGrossData', s.gross, 'invoiceGrossAmount', 'invoiceGrossAmountHUF'),
  );
}
