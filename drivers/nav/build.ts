import type { MainDocument, SpiParty } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import { vatIdsOf } from '../../src/formats/en16931/parties.js';
import type { AllowanceCharge, Line, Party, SemanticInvoice } from '../../src/formats/en16931/model.js';
import { dec, round, signOf, sum, ZERO, type Decimal } from '../../src/lib/money.js';
import type { Amounts, CustomerVatData, NavAddress, NavInvoice, NavLine, NavVatRate, Operation, RateSummary } from './model.js';
import { DEFAULT_STORNO_NUMBER, storNumber } from './operation.js';
import type { ExemptionCase, NavSettings } from './settings.js';
import { communityVatNumberOf, euVatNumber, preferredTaxNumber } from './tax-number.js';
import { oneLine } from './text.js';
import { unitOf } from './units.js';
import { navVatRate, percentOf, rateKey } from './vat-rate.js';

// The semantic invoice as NAV's InvoiceData: the arithmetic is the semantic invoice's (lines, VAT
// breakdown, totals); this picks NAV's choices (the customer's VAT status and which of its tax
// numbers, the VAT rate kinds), converts every amount to HUF at the invoice's exchange rate, and
// signs them: a credit note (MODIFY) and a cancellation (STORNO) report differences, so their
// quantities and amounts are negative. Document-level allowances and charges become lines of
// their own, since NAV has no other place that moves the VAT base.

export interface BuildInputs {
  invoice: SemanticInvoice;
  doc: MainDocument;
  settings: NavSettings;
  exemptionCase: ExemptionCase;
  operation: Operation;
}

const MAX_TEXT = 512;

const MAX_NUMBER = 50;

export function buildInvoiceData(inp: BuildInputs, issues: IssueList): NavInvoice | undefined {
  const { invoice, doc, settings, operation } = inp;
  const supplier = supplierOf(invoice.supplier, issues);
  const customer = customerOf(invoice.customer, buyerIdsOf(doc.accounting_customer_party), doc.transaction_type ?? 'B2B', issues);
  const exchangeRate = exchangeRateOf(doc, invoice.currency, issues);
  const negate = operation !== 'CREATE';
  const sign = (d: Decimal) => (negate ? d.times(-1) : d);
  const huf = (d: Decimal) => (exchangeRate ? round(d.times(exchangeRate), 2) : d);
  const buyerCountry = invoice.customer.address.country;
  const number = operation === 'STORNO' ? storNumber(settings.storno_number ?? DEFAULT_STORNO_NUMBER, invoice.id) : invoice.id;
  if (number.length > MAX_NUMBER) issues.invalid('109', 'id', `NAV holds a document number of at most ${MAX_NUMBER} characters; ${operation === 'STORNO' ? 'the cancelling document\'s number' : 'this one'} has ${number.length}`);
  const original = originalOf(inp, issues);

  const lines: NavLine[] = [];
  invoice.lines.forEach((l, i) => {
    const r = navVatRate(l.item.taxCategory, buyerCountry, inp.exemptionCase, `lines[${i}].classified_tax_category`, issues);
    if (l.item.name.length > MAX_TEXT) issues.invalid('111', `lines[${i}].description`, `NAV holds a line description of at most ${MAX_TEXT} characters; this one has ${l.item.name.length}`);
    if (r && exchangeRate !== null) lines.push(lineOf(l, lines.length + 1, r, sign, huf));
  });
  invoice.allowanceCharges.forEach((ac, i) => {
    const r = ac.taxCategory && navVatRate(ac.taxCategory, buyerCountry, inp.exemptionCase, `allowance_charges[${i}]`, issues);
    if (r && exchangeRate !== null) lines.push(adjustmentLine(ac, lines.length + 1, r, sign, huf));
  });
  // Domestic reverse charge: the buyer's tax number in full on the invoice, so in the report (2.1.4.1).
  if (customer?.vatData?.kind === 'domestic' && !customer.vatData.taxNumber.vatCode && lines.some((l) => l.vatRate.kind === 'domesticReverseCharge')) {
    issues.missing('112', 'accounting_customer_party.tax_scheme', 'a domestic reverse charge invoice names the buyer\'s full tax number (12345678-2-41: taxpayer id, VAT code, county code)');
  }
  if (!supplier || !customer || !exchangeRate || issues.hasErrors) return undefined;

  return {
    operation,
    number,
    issueDate: invoice.issueDate,
    original,
    supplier: { ...supplier, bankAccount: bankAccountOf(invoice) },
    customer,
    detail: {
      deliveryDate: invoice.taxPointDate ?? invoice.delivery?.date ?? invoice.issueDate,
      currency: invoice.currency,
      exchangeRate,
      paymentMethod: paymentMethodOf(invoice),
      paymentDate: operation === 'CREATE' ? invoice.dueDate : undefined,
      appearance: settings.invoice_appearance ?? 'ELECTRONIC',
      orderNumber: invoice.orderReference && oneLine(invoice.orderReference),
      note: oneLine(invoice.notes.map((n) => n.text).join(' ')).slice(0, MAX_TEXT).trim() || undefined,
    },
    lines,
    summary: summaryOf(invoice, buyerCountry, inp.exemptionCase, sign, huf, issues),
  };
}

function supplierOf(p: Party, issues: IssueList): NavInvoice['supplier'] | undefined {
  const candidates = [p.legal.companyId?.id, ...p.taxRegistrations.map((t) => t.companyId)].filter((t): t is string => !!t);
  const taxNumber = preferredTaxNumber(candidates);
  if (!taxNumber) {
    issues.invalid('101', 'accounting_supplier_party.tax_scheme', `the seller must have a Hungarian tax number (adószám 12345678-2-41, or its VAT number HU12345678) with a valid check digit${candidates.length ? `; got ${candidates.map((c) => `"${c}"`).join(', ')}` : ''}`);
    return undefined;
  }
  const address = addressOf(p, 'accounting_supplier_party.address', issues);
  if (!address) return undefined;
  const hasVatNumber = p.taxRegistrations.some((t) => t.taxScheme === 'VAT' && /^HU/i.test(t.companyId));
  return { taxNumber, communityVatNumber: hasVatNumber ? communityVatNumberOf(taxNumber) : undefined, name: oneLine(p.legal.registrationName), address };
}

/**
 * Every identifier the document sends for the buyer: its VAT numbers, its other tax identifiers,
 * then its company id. Read from the document, not the semantic party, which keeps one VAT
 * number (BT-48) and none under category O: NAV wants the buyer's tax number whichever it is.
 */
function buyerIdsOf(p: SpiParty): string[] {
  const others = (p.tax_scheme ?? []).filter((t) => t.scheme.trim().toUpperCase() !== 'VAT').map((t) => t.id.trim());
  return [...vatIdsOf(p), ...others, p.legal_entity?.company_id?.trim()].filter((t): t is string => !!t);
}

/**
 * customerVatStatus and the one tax number NAV takes: a private person (B2C without a tax
 * number) is reported as PRIVATE_PERSON with nothing else, as NAV requires; a Hungarian tax
 * number makes a DOMESTIC customer, its full adószám preferred as the seller's is (a domestic
 * reverse charge needs it); an EU VAT number or another country's number an OTHER one.
 */
function customerOf(p: Party, ids: readonly string[], transactionType: string, issues: IssueList): NavInvoice['customer'] | undefined {
  const country = p.address.country;
  if (ids.length === 0) {
    if (transactionType === 'B2C') return { status: 'PRIVATE_PERSON' };
    if (country === 'HU') {
      issues.missing('110', 'accounting_customer_party.tax_scheme', 'a Hungarian business buyer (B2B, B2G) must be named by its tax number (adószám); a private person is a B2C invoice');
      return undefined;
    }
    const address = addressOf(p, 'accounting_customer_party.address', issues);
    return address && { status: 'OTHER', name: oneLine(p.legal.registrationName), address };
  }
  let vatData: CustomerVatData;
  const first = ids[0]!;
  const hu = country === 'HU' || /^HU/i.test(first) ? preferredTaxNumber(ids) : undefined;
  if (hu) {
    vatData = { kind: 'domestic', taxNumber: hu };
  } else if (country === 'HU' || /^HU/i.test(first)) {
    issues.invalid('102', 'accounting_customer_party.tax_scheme', `the buyer's Hungarian tax number is not valid (8 digits with a check digit, then optionally the VAT and county codes); got "${first}"`);
    return undefined;
  } else {
    const eu = ids.map(euVatNumber).find((v) => !!v);
    vatData = eu ? { kind: 'community', vat: eu } : { kind: 'thirdState', id: first.slice(0, 50) };
  }
  const address = addressOf(p, 'accounting_customer_party.address', issues);
  return address && { status: vatData.kind === 'domestic' ? 'DOMESTIC' : 'OTHER', vatData, name: oneLine(p.legal.registrationName), address };
}

/** simpleAddress: NAV needs a postal code, a city and the street. */
function addressOf(p: Party, path: string, issues: IssueList): NavAddress | undefined {
  const a = p.address;
  const postalCode = a.zip?.trim().toUpperCase();
  const detail = oneLine([a.street, a.additionalStreet, a.line].filter(Boolean).join(', ')).slice(0, 255);
  if (!postalCode || !/^[A-Z0-9][A-Z0-9\s-]{1,8}[A-Z0-9]$/.test(postalCode) || !a.city?.trim() || !detail) {
    issues.missing('106', path, `NAV needs the postal code (3 to 10 letters and digits), the city and the street of the address${postalCode ? `; got postal code "${postalCode}"` : ''}`);
    return undefined;
  }
  return { country: a.country, postalCode, city: oneLine(a.city).slice(0, 255), detail };
}

/**
 * HUF per unit of the invoice currency (exchangeRate): 1 for a HUF invoice; otherwise the
 * document's `tax_exchange_rate` (VAT Act 80. §: the rate of the tax point). null means refused.
 */
function exchangeRateOf(doc: MainDocument, currency: string, issues: IssueList): Decimal | null {
  if (currency === 'HUF') return dec(1);
  const given = doc.tax_exchange_rate;
  if (!given) {
    issues.missing('104', 'tax_exchange_rate', `a ${currency} invoice must be reported with its amounts in HUF too: send tax_exchange_rate.calculation_rate, the HUF per ${currency} rate of the tax point`);
    return null;
  }
  if (given.target_currency_code && given.target_currency_code !== 'HUF') {
    issues.invalid('105', 'tax_exchange_rate.target_currency_code', `NAV converts amounts to HUF; got ${given.target_currency_code}`);
    return null;
  }
  const text = String(given.calculation_rate);
  if (!/^[0-9]{1,8}(\.[0-9]{1,6})?$/.test(text) || dec(text).lte(0)) {
    issues.invalid('105', 'tax_exchange_rate.calculation_rate', `must be a positive rate with at most 8 integer and 6 decimal digits (NAV ExchangeRateType); got ${text}`);
    return null;
  }
  return dec(text);
}

/** The invoice a MODIFY or STORNO modifies. */
function originalOf(inp: BuildInputs, issues: IssueList): string | undefined {
  if (inp.operation === 'CREATE') return undefined;
  if (inp.operation === 'STORNO') return inp.invoice.id;
  const refs = inp.invoice.billingReferences;
  if (refs.length !== 1) {
    issues.invalid('107', 'billing_reference', `a credit note is reported as the modification (MODIFY) of exactly one invoice; got ${refs.length} references`);
    return undefined;
  }
  return refs[0]!.id;
}

function lineOf(l: Line, number: number, vatRate: NavVatRate, sign: (d: Decimal) => Decimal, huf: (d: Decimal) => Decimal): NavLine {
  const unit = unitOf(l.unitCode);
  // A line's allowances and charges are in its net amount; NAV's unit price is then the net per unit.
  const adjusted = l.allowanceCharges.length > 0 && signOf(l.quantity) !== 0;
  const unitPrice = adjusted ? round(l.lineExtension.div(l.quantity), 10) : l.price;
  return {
    number,
    description: oneLine(l.item.name),
    quantity: sign(l.quantity),
    unit: unit.nav,
    unitOwn: unit.own,
    unitPrice,
    unitPriceHuf: round(huf(unitPrice), 10),
    vatRate,
    ...amountsOf(sign(l.lineExtension), vatRate, huf),
  };
}

function adjustmentLine(ac: AllowanceCharge, number: number, vatRate: NavVatRate, sign: (d: Decimal) => Decimal, huf: (d: Decimal) => Decimal): NavLine {
  const amount = ac.charge ? ac.amount : ac.amount.times(-1);
  return {
    number,
    description: oneLine(ac.reason ?? (ac.charge ? 'Felár' : 'Engedmény')),
    quantity: sign(dec(1)),
    unit: 'PIECE',
    unitPrice: amount,
    unitPriceHuf: huf(amount),
    vatRate,
    ...amountsOf(sign(amount), vatRate, huf),
  };
}

/** Net, VAT and gross of a line, each in the invoice currency and in HUF (VAT on the HUF net, as NAV checks it). */
function amountsOf(net: Decimal, vatRate: NavVatRate, huf: (d: Decimal) => Decimal): { net: Amounts; vat: Amounts; gross: Amounts } {
  const pct = percentOf(vatRate) ?? ZERO;
  const netHuf = huf(net);
  const vat = round(net.times(pct), 2);
  const vatHuf = round(netHuf.times(pct), 2);
  return { net: { amount: net, huf: netHuf }, vat: { amount: vat, huf: vatHuf }, gross: { amount: net.plus(vat), huf: netHuf.plus(vatHuf) } };
}

/** summaryByVatRate from the semantic VAT breakdown (its rounding is the invoice's), then the totals. */
function summaryOf(invoice: SemanticInvoice, buyerCountry: string, exemptionCase: ExemptionCase, sign: (d: Decimal) => Decimal, huf: (d: Decimal) => Decimal, issues: IssueList): NavInvoice['summary'] {
  const by = new Map<string, RateSummary>();
  for (const s of invoice.taxTotal.subtotals) {
    const vatRate = navVatRate(s.category, buyerCountry, exemptionCase, 'tax_total.tax_sub_totals', issues);
    if (!vatRate) continue;
    const key = rateKey(vatRate);
    const net = sign(s.taxable);
    const vat = sign(s.tax);
    const acc = by.get(key);
    const add = (a: Amounts | undefined, d: Decimal): Amounts => ({ amount: (a?.amount ?? ZERO).plus(d), huf: (a?.huf ?? ZERO).plus(huf(d)) });
    const n = add(acc?.net, net);
    const v = add(acc?.vat, vat);
    by.set(key, { vatRate, net: n, vat: v, gross: { amount: n.amount.plus(v.amount), huf: n.huf.plus(v.huf) } });
  }
  const byRate = [...by.values()];
  const total = (pick: (r: RateSummary) => Amounts): Amounts => ({ amount: sum(byRate.map((r) => pick(r).amount)), huf: sum(byRate.map((r) => pick(r).huf)) });
  return { byRate, net: total((r) => r.net), vat: total((r) => r.vat), gross: total((r) => r.gross) };
}

/** supplierBankAccountNumber: the first payee account NAV's BankAccountNumberType takes (a Hungarian 2×8 or 3×8 digit account, or an IBAN). */
function bankAccountOf(invoice: SemanticInvoice): string | undefined {
  return invoice.paymentMeans
    .map((m) => m.payeeAccount?.id.replace(/\s/g, '').toUpperCase())
    .find((a): a is string => !!a && /^([0-9]{8}-[0-9]{8}(-[0-9]{8})?|[A-Z]{2}[0-9]{2}[0-9A-Z]{11,30})$/.test(a));
}

/** UNCL4461 → PaymentMethodType. */
function paymentMethodOf(invoice: SemanticInvoice): NavInvoice['detail']['paymentMethod'] {
  const code = invoice.paymentMeans[0]?.code;
  if (!code) return undefined;
  if (['30', '31', '42', '58', '59', '49'].includes(code)) return 'TRANSFER';
  if (code === '10') return 'CASH';
  if (['48', '54', '55'].includes(code)) return 'CARD';
  return 'OTHER';
}
