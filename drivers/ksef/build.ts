import type { MainDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import { euVatNumber, isoCountry } from '../../src/code-lists/eu-members.js';
import { compactId } from '../../src/code-lists/identifier.js';
import { isNip, nipOf } from '../../src/code-lists/tax-ids/polish-nip.js';
import type { AllowanceCharge, Contact, Line, Party, SemanticInvoice, TaxCategory } from '../../src/formats/en16931/model.js';
import { dec, round, signOf, sum, ZERO, type Decimal } from '../../src/lib/money.js';
import type { BuyerId, CorrectedInvoice, Fa3Address, Fa3Contact, Fa3Invoice, Fa3Line, Fa3Sum } from './model.js';
import { GROUP_ORDER, polishRate, TAXED_GROUPS, type PolishRate, type RateGroup } from './rate-groups.js';
import { DEFAULT_SYSTEM_INFO, type KsefSettings } from './settings.js';
import { isOtherMemberPrefix, unitName } from './fa3-codes.js';

// The semantic invoice as FA(3): the arithmetic is the semantic invoice's (lines, VAT breakdown,
// totals); this maps it to Polish rates and sums, picks the schema's choices (how the buyer is
// identified, which exemption basis), and checks what FA(3) and the VAT Act need beyond EN 16931.
// A credit note becomes a corrective invoice (KOR) written as differences: every amount negative.

export interface Fa3Inputs {
  invoice: SemanticInvoice;
  doc: MainDocument;
  settings: KsefSettings;
  /** The KSeF number of a corrected invoice this adapter cleared, by its number. */
  ksefNumberOf: (invoiceNumber: string) => string | undefined;
}

const MAX_NAME = 512;
const FOOTER_CHUNK = 3500;

export function buildFa3(inp: Fa3Inputs, issues: IssueList): Fa3Invoice | undefined {
  const { invoice, doc, settings } = inp;
  const seller = sellerOf(invoice.supplier, issues);
  const buyerInPoland = invoice.customer.address.country === 'PL';
  const buyer = buyerOf(invoice.customer, doc.transaction_type ?? 'B2B', issues);
  const negate = invoice.kind === 'CreditNote';
  const sign = (d: Decimal) => (negate ? d.times(-1) : d);

  const rated = invoice.lines.map((l, i) => {
    if (l.item.name.length > MAX_NAME) issues.invalid('107', `lines[${i}].description`, `FA(3) holds an item name of at most ${MAX_NAME} characters (P_7); this one has ${l.item.name.length}`);
    return rateOf(l.item.taxCategory, buyerInPoland, `lines[${i}].classified_tax_category`, issues);
  });
  const adjustments = invoice.allowanceCharges.map((ac, i) => ac.taxCategory && rateOf(ac.taxCategory, buyerInPoland, `allowance_charges[${i}]`, issues));
  // Only a taxed group (P_14_x) has an amount FA(3) states in PLN too (P_14_xW, and KursWaluty on its lines).
  const taxed = [...rated, ...adjustments].some((r) => r && TAXED_GROUPS.has(r.group));
  const rate = exchangeRateOf(doc, invoice.currency, taxed, issues);

  const lines: Fa3Line[] = [];
  invoice.lines.forEach((l, i) => {
    const r = rated[i];
    if (r) lines.push(lineOf(l, lines.length + 1, r, rate, sign));
  });
  invoice.allowanceCharges.forEach((ac, i) => {
    const r = adjustments[i];
    if (r) lines.push(adjustmentLine(ac, lines.length + 1, r, rate, sign));
  });
  const exemption = exemptionOf(invoice, issues);
  const correction = negate ? correctionOf(inp, issues) : undefined;
  if (!seller || !buyer || rate === null || issues.hasErrors) return undefined;

  const sums = sumsOf(invoice, buyerInPoland, rate, sign);
  const groups = new Set(sums.map((s) => s.group));
  const payable = invoice.totals.payable;
  const prepaid = invoice.totals.prepaid;
  return {
    systemInfo: settings.system_info ?? DEFAULT_SYSTEM_INFO,
    seller,
    buyer,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    number: invoice.id,
    supplyDate: invoice.taxPointDate && invoice.taxPointDate !== invoice.issueDate ? invoice.taxPointDate : undefined,
    sums,
    total: sign(invoice.totals.taxInclusive),
    reverseCharge: groups.has('9') || groups.has('10'),
    exemption,
    kind: negate ? 'KOR' : 'VAT',
    correction,
    lines,
    settlement: !negate && prepaid && signOf(prepaid) > 0 ? { prepaid, payable } : undefined,
    payment: paymentOf(invoice, payable),
    orderReference: invoice.orderReference,
    footer: chunks(invoice.notes.map((n) => n.text).join('\n'), FOOTER_CHUNK),
  };
}

function sellerOf(p: Party, issues: IssueList): Fa3Invoice['seller'] | undefined {
  const vat = p.taxRegistrations.find((t) => t.taxScheme === 'VAT')?.companyId;
  const nip = vat ? nipOf(vat) : undefined;
  if (!nip || !isNip(nip)) {
    issues.invalid('101', 'accounting_supplier_party.tax_scheme', `the seller must be identified by a Polish NIP (10 digits with a valid check digit, PL prefix optional)${vat ? `; got "${vat}"` : ''}`);
    return undefined;
  }
  return { nip, name: p.legal.registrationName, address: addressOf(p), contact: contactOf(p.contact) };
}

/**
 * Podmiot2's identifier: a Polish NIP (the invoice then reaches the buyer in KSeF), an EU VAT
 * number as prefix and number, another country's tax number, or none (a consumer). A Polish
 * business buyer must be named by its NIP.
 */
function buyerOf(p: Party, transactionType: string, issues: IssueList): Fa3Invoice['buyer'] | undefined {
  const raw = p.taxRegistrations.find((t) => t.taxScheme === 'VAT')?.companyId;
  const vat = raw && compactId(raw);
  const country = kodKraju(p.address.country);
  let id: BuyerId;
  // A Greek number written GR (as EN 16931 allows) is an EU VAT number with the prefix EL.
  const eu = vat ? euVatNumber(vat) : undefined;
  if (vat && (eu?.prefix === 'PL' || (country === 'PL' && /^[0-9]{10}$/.test(vat)))) {
    const nip = nipOf(vat)!;
    if (!nip || !isNip(nip)) {
      issues.invalid('103', 'accounting_customer_party.tax_scheme', `the buyer's NIP is not valid (10 digits with a check digit); got "${vat}"`);
      return undefined;
    }
    id = { kind: 'NIP', nip };
  } else if (eu && isOtherMemberPrefix(eu.prefix) && /^[0-9A-Z+*]{1,12}$/.test(eu.number)) {
    id = { kind: 'EU', code: eu.prefix, vat: eu.number };
  } else if (vat) {
    id = { kind: 'OTHER', country: /^[A-Z]{2}$/.test(country) ? country : undefined, id: vat };
  } else {
    if (country === 'PL' && transactionType !== 'B2C') {
      issues.missing('103', 'accounting_customer_party.tax_scheme', 'a Polish business buyer (B2B, B2G) must be named by its NIP, so that KSeF makes the invoice available to it');
      return undefined;
    }
    id = { kind: 'NONE' };
  }
  return { id, name: p.legal.registrationName, address: addressOf(p), contact: contactOf(p.contact) };
}

function addressOf(p: Party): Fa3Address {
  const a = p.address;
  const country = kodKraju(a.country);
  const street = [a.street, a.additionalStreet, a.line].filter(Boolean).join(', ');
  const place = [a.zip, a.city].filter(Boolean).join(' ');
  return street ? { country, line1: street, line2: place || undefined } : { country, line1: place || country };
}

/** TKodKraju is ISO 3166 with XI (Northern Ireland) beside GB: of the SPI's non-ISO countries only EL, Greece, becomes GR. */
const kodKraju = (country: string) => (country === 'XI' ? country : isoCountry(country));

function contactOf(c: Contact | undefined): Fa3Contact | undefined {
  return c && (c.email || c.telephone) ? { email: c.email, telephone: c.telephone?.slice(0, 16) } : undefined;
}

/**
 * `tax_exchange_rate`: PLN per unit of the invoice currency (art. 31a: the NBP average rate of
 * the last working day before the tax point). A non-PLN invoice states its Polish VAT in PLN too
 * (art. 106e ust. 11 converts tax amounts), so one with a taxed line (`taxed`: 23, 8, 5 or 4 %)
 * needs one. One without Polish VAT (reverse charge, 0 %, exempt, outside Polish VAT) has no
 * amount to convert: a rate sent is still checked, but none is required. null means refused,
 * undefined that none is used.
 */
function exchangeRateOf(doc: MainDocument, currency: string, taxed: boolean, issues: IssueList): Decimal | undefined | null {
  const given = doc.tax_exchange_rate;
  if (currency === 'PLN') return undefined;
  if (!given) {
    if (!taxed) return undefined;
    issues.missing('104', 'tax_exchange_rate', `a ${currency} invoice with Polish VAT must state its VAT in PLN (art. 106e ust. 11 of the VAT Act): send tax_exchange_rate.calculation_rate, the PLN per ${currency} rate of the tax point`);
    return null;
  }
  if (given.target_currency_code && given.target_currency_code !== 'PLN') {
    issues.invalid('105', 'tax_exchange_rate.target_currency_code', `KSeF converts VAT to PLN; got ${given.target_currency_code}`);
    return null;
  }
  const text = String(given.calculation_rate);
  if (!/^[0-9]{1,10}(\.[0-9]{1,6})?$/.test(text) || dec(text).lte(0)) {
    issues.invalid('105', 'tax_exchange_rate.calculation_rate', `must be a positive rate with at most 6 decimals (FA(3) KursWaluty); got ${text}`);
    return null;
  }
  return dec(text);
}

function rateOf(c: TaxCategory, buyerInPoland: boolean, path: string, issues: IssueList): PolishRate | undefined {
  const r = polishRate(c, buyerInPoland);
  if (!r) issues.invalid('102', path, `VAT category ${c.id}${c.percent ? ` at ${c.percent.toFixed()} %` : ''} has no Polish rate (23, 22, 8, 7, 5, 4, 3 % for S)`);
  return r;
}

function lineOf(l: Line, no: number, r: PolishRate, rate: Decimal | undefined | null, sign: (d: Decimal) => Decimal): Fa3Line {
  const allowances = sum(l.allowanceCharges.filter((a) => !a.charge).map((a) => a.amount));
  const charges = sum(l.allowanceCharges.filter((a) => a.charge).map((a) => a.amount));
  const discount = allowances.minus(charges);
  // P_9A × P_8B − P_10 = P_11. A charge larger than the allowances has no place in P_10: the
  // unit price then carries it (8 decimals).
  const price = signOf(discount) < 0 && signOf(l.quantity) !== 0 ? l.lineExtension.div(l.quantity).round(8) : l.price;
  return {
    no,
    name: l.item.name,
    index: l.item.sellersId?.slice(0, 50),
    unit: unitName(l.unitCode),
    quantity: sign(l.quantity),
    price,
    discount: signOf(discount) > 0 ? sign(discount) : undefined,
    net: sign(l.lineExtension),
    rate: r.code,
    exchangeRate: rate && TAXED_GROUPS.has(r.group) ? rate : undefined,
  };
}

/** A document-level allowance or charge as a line of its own: FA(3) has no other place that moves the VAT base. */
function adjustmentLine(ac: AllowanceCharge, no: number, r: PolishRate, rate: Decimal | undefined | null, sign: (d: Decimal) => Decimal): Fa3Line {
  const amount = ac.charge ? ac.amount : ac.amount.times(-1);
  return {
    no,
    name: ac.reason ?? (ac.charge ? 'Opłata dodatkowa' : 'Rabat'),
    unit: 'szt.',
    quantity: sign(dec(1)),
    price: amount,
    net: sign(amount),
    rate: r.code,
    exchangeRate: rate && TAXED_GROUPS.has(r.group) ? rate : undefined,
  };
}

/** P_13_x / P_14_x: the VAT breakdown summed per Polish group (23 and 22 % share P_13_1). */
function sumsOf(invoice: SemanticInvoice, buyerInPoland: boolean, rate: Decimal | undefined | null, sign: (d: Decimal) => Decimal): Fa3Sum[] {
  const by = new Map<RateGroup, { base: Decimal; tax: Decimal }>();
  for (const s of invoice.taxTotal.subtotals) {
    const group = polishRate(s.category, buyerInPoland)!.group;
    const acc = by.get(group) ?? { base: ZERO, tax: ZERO };
    by.set(group, { base: acc.base.plus(s.taxable), tax: acc.tax.plus(s.tax) });
  }
  return GROUP_ORDER.filter((g) => by.has(g)).map((group) => {
    const { base, tax } = by.get(group)!;
    const taxed = TAXED_GROUPS.has(group);
    return {
      group,
      base: sign(base),
      tax: taxed ? sign(tax) : undefined,
      taxPln: taxed && rate ? sign(round(tax.times(rate), 2)) : undefined,
    };
  });
}

/**
 * Adnotacje/Zwolnienie: the legal basis of the exemption, once per invoice. A VATEX-EU code
 * names an article of Directive 2006/112/EC (P_19B); any other reason is taken as the Polish
 * provision (P_19A, e.g. "art. 43 ust. 1 pkt 37 ustawy o VAT").
 */
function exemptionOf(invoice: SemanticInvoice, issues: IssueList): Fa3Invoice['exemption'] {
  const exempt = invoice.taxTotal.subtotals.filter((s) => s.category.id === 'E').map((s) => s.category);
  if (exempt.length === 0) return undefined;
  const texts = [...new Set(exempt.map((c) => c.exemptionReason ?? c.exemptionReasonCode).filter((t): t is string => !!t))];
  const text = texts.join('; ');
  if (!text) {
    issues.missing('109', 'lines', 'exempt (E) lines need the legal basis of the exemption (P_19A/B): send exemption_reason, or configure drivers.KSEF.exemption_reasons.E');
    return undefined;
  }
  if (text.length > 256) {
    issues.invalid('109', 'lines', 'FA(3) holds one exemption basis of at most 256 characters per invoice (P_19A/B); these reasons are longer together');
    return undefined;
  }
  const directive = exempt.every((c) => c.exemptionReasonCode?.toUpperCase().startsWith('VATEX-EU-'));
  return { field: directive ? 'P_19B' : 'P_19A', text };
}

function correctionOf(inp: Fa3Inputs, issues: IssueList): Fa3Invoice['correction'] {
  const { invoice, settings } = inp;
  const invoices: CorrectedInvoice[] = [];
  invoice.billingReferences.forEach((r, i) => {
    if (!r.issueDate) {
      issues.missing('106', `billing_reference[${i}].invoice_document_reference.issue_date`, 'a corrective invoice names the corrected invoice\'s issue date (DataWystFaKorygowanej)');
      return;
    }
    invoices.push({ number: r.id, date: r.issueDate, ksefNumber: inp.ksefNumberOf(r.id) });
  });
  const note = invoice.notes[0]?.text;
  const reason = note && note.length <= 256 ? note : settings.correction_reason;
  return { reason, type: settings.correction_type, invoices };
}

/** Platnosc: the due date, the form of payment and the accounts, when anything is payable. */
function paymentOf(invoice: SemanticInvoice, payable: Decimal): Fa3Invoice['payment'] {
  const means = invoice.paymentMeans[0];
  const accounts = invoice.paymentMeans.flatMap((m) => (m.payeeAccount && m.payeeAccount.id.length >= 10 ? [{ number: m.payeeAccount.id.replace(/\s/g, '') }] : []));
  const dueDate = invoice.kind === 'Invoice' && signOf(payable) > 0 ? invoice.dueDate : undefined;
  if (!means && !dueDate) return undefined;
  const form = means && FORMS[means.code];
  const other = means && !form ? (OTHER_FORMS[means.code] ?? 'Inna') : undefined;
  return { dueDate, form, other, accounts };
}

/** UNCL4461 → TFormaPlatnosci: 1 cash, 2 card, 3 voucher, 4 cheque, 5 credit, 6 transfer, 7 mobile. */
const FORMS: Readonly<Record<string, number>> = { '10': 1, '48': 2, '54': 2, '55': 2, '20': 4, '30': 6, '31': 6, '42': 6, '58': 6 };
const OTHER_FORMS: Readonly<Record<string, string>> = { '49': 'Polecenie zapłaty', '59': 'Polecenie zapłaty SEPA', '68': 'Płatność online' };

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.slice(0, 3);
}
