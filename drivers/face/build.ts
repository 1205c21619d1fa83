import type { MainDocument } from '../../src/spi/document.js';
import { alpha3 } from '../../src/code-lists/country-alpha3.js';
import { compactId } from '../../src/code-lists/identifier.js';
import { isEuMember, withEuVatPrefix } from '../../src/code-lists/eu-members.js';
import { isNif, nifOf, personTypeOf } from '../../src/code-lists/tax-ids/spanish-nif.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { AllowanceCharge, Contact, Line, Party, SemanticInvoice, TaxCategory } from '../../src/formats/en16931/model.js';
import { dec, hundredth, plain, round, signOf, sum, ZERO, type Decimal } from '../../src/lib/money.js';
import { CORRECTION_METHODS, PAYMENT_MEANS, REASONS, UNITS } from './facturae-codes.js';
import type { AdministrativeCentre, Adjustment, Amount, Correction, FacturaeAddress, FacturaeContact, FacturaeInvoice, FacturaeLine, FacturaeParty, Installment, TaxOutput } from './model.js';
import { provinceOf } from './provinces.js';
import type { FaceSettings } from './settings.js';

// The semantic invoice as Facturae 3.2.2: the arithmetic is the semantic invoice's (lines, VAT
// breakdown, totals); this picks Facturae's shapes (legal entity or natural person, Spanish or
// overseas address, the buyer's DIR3 centres), maps VAT categories to IVA rates and special
// taxable events, and checks what Facturae's field sizes and FACe need beyond EN 16931. A credit
// note becomes a corrective invoice (class OR) by differences: every amount negative.

export interface FacturaeInputs {
  invoice: SemanticInvoice;
  doc: MainDocument;
  settings: FaceSettings;
  transactionType: string;
}

/** IVA rates in force or recently in force (21, 10, 4; 5, 2 and 0 temporarily on energy and food; 7.5 on electricity in 2024). */
const IVA_RATES = new Set(['21', '10', '7.5', '5', '4', '2', '0']);
const ROLES = { '01': 'Oficina contable', '02': 'Órgano gestor', '03': 'Unidad tramitadora' } as const;
const REVERSE_CHARGE = 'Operación con inversión del sujeto pasivo (art. 84.Uno.2º de la Ley 37/1992 del IVA)';

export function buildFacturae(inp: FacturaeInputs, issues: IssueList): FacturaeInvoice | undefined {
  const { invoice, doc, settings } = inp;
  const negate = invoice.kind === 'CreditNote';
  const sign = (d: Decimal) => (negate ? d.times(-1) : d);
  const text = new Fit(issues);
  const number = text.fit(invoice.id, 20, 'id', 'InvoiceNumber');
  const seller = partyOf(invoice.supplier, 'accounting_supplier_party', '101', text, issues);
  const buyer = partyOf(invoice.customer, 'accounting_customer_party', '102', text, issues);
  if (buyer) buyer.centres = centresOf(doc, inp.transactionType, issues);
  const rate = exchangeRateOf(doc, invoice, issues);

  const literals = new Set<string>();
  const lines: FacturaeLine[] = [];
  invoice.lines.forEach((l, i) => {
    const line = lineOf(l, i, sign, text, literals, issues);
    if (line) lines.push(line);
  });
  // Document-level allowances and charges: Facturae's general discounts and surcharges.
  const discounts = invoice.allowanceCharges.flatMap((ac, i) => (ac.charge ? [] : [adjustmentOf(ac, i, sign, text)]));
  const charges = invoice.allowanceCharges.flatMap((ac, i) => (ac.charge ? [adjustmentOf(ac, i, sign, text)] : []));
  invoice.allowanceCharges.forEach((ac, i) => ac.taxCategory && taxOf(ac.taxCategory, `allowance_charges[${i}]`, issues));
  const correction = negate ? correctionOf(invoice, settings, text, issues) : undefined;
  const description = invoice.notes.length > 0 ? text.fit(noteText(invoice), 2500, 'note', 'InvoiceDescription') : undefined;
  if (!seller || !buyer || rate === null || issues.hasErrors || number === undefined) return undefined;

  const euros = (d: Decimal): Amount => ({ amount: d, euros: rate ? round(d.times(rate.rate), 2) : undefined });
  const total = sign(invoice.totals.taxInclusive);
  const prepaid = !negate && invoice.totals.prepaid && signOf(invoice.totals.prepaid) > 0 ? invoice.totals.prepaid : undefined;
  const outstanding = prepaid ? total.minus(prepaid) : total;
  return {
    batchId: `${seller.taxId.number}${number}`.slice(0, 70),
    currency: invoice.currency,
    exchangeRate: rate,
    seller,
    buyer,
    number,
    corrective: correction,
    issueDate: invoice.issueDate,
    operationDate: invoice.taxPointDate && invoice.taxPointDate !== invoice.issueDate ? invoice.taxPointDate : undefined,
    description,
    orderReference: short(invoice.orderReference),
    fileReference: short(invoice.buyerReference),
    taxes: taxesOf(invoice, sign, euros),
    totals: {
      gross: sum(lines.map((l) => l.gross)),
      discounts,
      charges,
      totalDiscounts: discounts.length > 0 ? sum(discounts.map((d) => d.amount)) : undefined,
      totalCharges: charges.length > 0 ? sum(charges.map((c) => c.amount)) : undefined,
      beforeTaxes: sign(invoice.totals.taxExclusive),
      taxOutputs: sign(invoice.taxTotal.tax),
      total: euros(total),
      prepaid: prepaid && { date: invoice.issueDate, amount: prepaid },
      outstanding: euros(outstanding),
      executable: euros(sign(invoice.totals.payable)),
    },
    lines,
    installments: installmentsOf(invoice),
    legalLiterals: [...literals],
  };
}

/** Texts that must fit a Facturae field: one issue per field that does not. */
class Fit {
  constructor(private readonly issues: IssueList) {}

  fit(value: string, max: number, path: string, field: string): string | undefined {
    if (value.length <= max) return value;
    this.issues.invalid('107', path, `Facturae's ${field} holds at most ${max} characters; this one has ${value.length}`);
    return undefined;
  }
}

const short = (ref: string | undefined) => (ref && ref.length <= 20 ? ref : undefined);

function partyOf(p: Party, path: string, code: string, text: Fit, issues: IssueList): FacturaeParty | undefined {
  const country = p.address.country;
  const vat = p.taxRegistrations.find((t) => t.taxScheme === 'VAT')?.companyId;
  const raw = vat ?? p.legal.companyId?.id;
  let taxId: FacturaeParty['taxId'];
  if (country === 'ES' || (raw && /^ES/i.test(raw))) {
    const nif = raw ? nifOf(raw) : undefined;
    if (!nif || !isNif(nif)) {
      issues.invalid(code, `${path}.tax_scheme`, `a Spanish party is identified by its NIF (a DNI, NIE or entity NIF with a valid check character, ES prefix optional)${raw ? `; got "${raw}"` : ''}`);
      return undefined;
    }
    taxId = { personType: personTypeOf(nif), residence: 'R', number: nif };
  } else if (raw) {
    // In the EU (by country: Northern Ireland is not), a VAT number carries its VAT prefix, EL
    // for Greece: Facturae writes an intra-Community party's number after its country's letters.
    const eu = isEuMember(country);
    const id = (eu && vat && withEuVatPrefix(vat, country)) || compactId(raw);
    taxId = { personType: 'J', residence: eu ? 'U' : 'E', number: id };
    if (id.length < 3 || id.length > 30) issues.invalid(code, `${path}.tax_scheme`, `Facturae's TaxIdentificationNumber has 3 to 30 characters; got "${raw}"`);
  } else {
    issues.missing(code, `${path}.tax_scheme`, 'Facturae identifies every party by its tax number: send the VAT number (or the NIF as legal_entity.company_id)');
    return undefined;
  }
  const address = addressOf(p, path, text, issues);
  const registration = p.legal.registrationName;
  let name: FacturaeParty['name'] | undefined;
  if (taxId.personType === 'F') {
    // A natural person: Facturae wants the name and surnames apart. Spanish names are written
    // "Nombre Apellido1 Apellido2"; a compound given name is the rest before the two surnames.
    const words = registration.trim().split(/\s+/);
    if (words.length < 2) issues.invalid(code, `${path}.legal_entity.registration_name`, `a natural person (NIF ${taxId.number}) needs a name and at least one surname; got "${registration}"`);
    else {
      const second = words.length >= 3 ? words.pop() : undefined;
      const first = words.pop()!;
      const given = text.fit(words.join(' '), 40, `${path}.legal_entity.registration_name`, 'Individual/Name');
      const surname = text.fit(first, 40, `${path}.legal_entity.registration_name`, 'Individual/FirstSurname');
      if (given && surname) name = { name: given, firstSurname: surname, secondSurname: second?.slice(0, 40) };
    }
  } else {
    const corporate = text.fit(registration, 80, `${path}.legal_entity.registration_name`, 'CorporateName');
    const trade = p.name && p.name !== registration && p.name.length <= 40 ? p.name : undefined;
    if (corporate) name = { corporate, trade };
  }
  if (!address || !name) return undefined;
  return { taxId, centres: [], name, address, contact: contactOf(p.contact) };
}

function addressOf(p: Party, path: string, text: Fit, issues: IssueList): FacturaeAddress | undefined {
  const a = p.address;
  const street = text.fit([a.street, a.additionalStreet, a.line].filter(Boolean).join(', '), 80, `${path}.address.line_1`, 'Address');
  if (street === '') issues.missing('110', `${path}.address.line_1`, 'Facturae needs the street address of every party');
  if (a.country === 'ES') {
    const zip = a.zip?.replace(/\s/g, '');
    const province = (a.subentity && a.subentity.length <= 20 ? a.subentity : undefined) ?? (zip ? provinceOf(zip) : undefined);
    if (!zip || !/^[0-9]{5}$/.test(zip) || !province) {
      issues.invalid('110', `${path}.address.zip`, `an address in Spain needs its five-digit postal code${zip ? `; got "${a.zip}"` : ''}`);
      return undefined;
    }
    if (!a.city) {
      issues.missing('110', `${path}.address.city`, 'an address in Spain needs its town');
      return undefined;
    }
    const town = text.fit(a.city, 50, `${path}.address.city`, 'Town');
    return street && town ? { inSpain: true, address: street, postCode: zip, town, province } : undefined;
  }
  const country = alpha3(a.country);
  if (!country) {
    issues.invalid('110', `${path}.address.country`, `Facturae's country list has no ${a.country}`);
    return undefined;
  }
  const postCodeAndTown = text.fit([a.zip, a.city].filter(Boolean).join(' ') || a.country, 50, `${path}.address.city`, 'PostCodeAndTown');
  // Province is mandatory abroad too: the region, else the town, else the country, whichever fits.
  const province = [a.subentity, a.city].find((x): x is string => !!x && x.length <= 20) ?? country;
  return street && postCodeAndTown ? { inSpain: false, address: street, postCodeAndTown, province, country } : undefined;
}

function contactOf(c: Contact | undefined): FacturaeContact | undefined {
  if (!c) return undefined;
  // Optional details are written when they fit Facturae's sizes, else left out.
  const telephone = c.telephone?.replace(/[\s().-]/g, '');
  const contact = { telephone: telephone && telephone.length <= 15 ? telephone : undefined, email: c.email && c.email.length <= 60 ? c.email : undefined, person: c.name?.slice(0, 40) };
  return contact.telephone || contact.email || contact.person ? contact : undefined;
}

/**
 * The buyer's DIR3 units (extension `administrative_centres`): FACe routes an invoice by the
 * Oficina contable, Órgano gestor and Unidad tramitadora of the public body, so B2G needs all three.
 */
function centresOf(doc: MainDocument, transactionType: string, issues: IssueList): AdministrativeCentre[] {
  const given = doc.accounting_customer_party.administrative_centres ?? [];
  const centres = given.map((c) => ({ code: c.code.toUpperCase(), role: c.role_code, name: c.name }));
  if (transactionType === 'B2G') {
    const missing = Object.entries(ROLES).filter(([role]) => !centres.some((c) => c.role === role));
    if (missing.length > 0) {
      issues.missing('106', 'accounting_customer_party.administrative_centres', `FACe routes an invoice to a public body by its DIR3 units: send ${missing.map(([r, n]) => `role_code ${r} (${n})`).join(', ')}`);
    }
  }
  return centres;
}

/**
 * `tax_exchange_rate`: EUR per unit of the invoice currency (art. 79.Once LIVA: the Banco de
 * España's rate at the tax point). Spanish VAT is paid in euros, so a non-EUR invoice carries
 * ExchangeRateDetails and each tax amount in euros. null means refused, undefined not needed.
 */
function exchangeRateOf(doc: MainDocument, invoice: SemanticInvoice, issues: IssueList): FacturaeInvoice['exchangeRate'] | null {
  if (invoice.currency === 'EUR') return undefined;
  const given = doc.tax_exchange_rate;
  if (!given) {
    issues.missing('104', 'tax_exchange_rate', `a ${invoice.currency} invoice states its taxes in euros (art. 79.Once of the VAT Act): send tax_exchange_rate.calculation_rate, the EUR per ${invoice.currency} rate of the tax point`);
    return null;
  }
  if (given.target_currency_code && given.target_currency_code !== 'EUR') {
    issues.invalid('105', 'tax_exchange_rate.target_currency_code', `Facturae converts taxes to EUR; got ${given.target_currency_code}`);
    return null;
  }
  const rate = String(given.calculation_rate);
  if (!/^[0-9]{1,10}(\.[0-9]{1,8})?$/.test(rate) || dec(rate).lte(0)) {
    issues.invalid('105', 'tax_exchange_rate.calculation_rate', `must be a positive rate with at most 8 decimals (Facturae's ExchangeRate); got ${rate}`);
    return null;
  }
  return { rate: dec(rate), date: given.date ?? invoice.taxPointDate ?? invoice.issueDate };
}

interface LineTax {
  rate: Decimal;
  special?: FacturaeLine['special'];
  literal?: string | undefined;
}

/** A VAT category as IVA: its rate, and the special taxable event (exempt, not subject) it is. */
function taxOf(c: TaxCategory, path: string, issues: IssueList): LineTax | undefined {
  const reason = c.exemptionReason ?? c.exemptionReasonCode;
  switch (c.id) {
    case 'S': {
      const rate = c.percent ?? ZERO;
      if (IVA_RATES.has(plain(rate))) return { rate };
      issues.invalid('103', `${path}.classified_tax_category`, `${rate.toFixed()} % is not a Spanish IVA rate (21, 10, 4 %; 5, 2, 0 % where in force)`);
      return undefined;
    }
    case 'Z':
      return { rate: ZERO };
    case 'E':
    case 'K':
    case 'G':
    case 'O':
      if (!reason) {
        issues.missing('108', `${path}.classified_tax_category`, `Facturae states why a line bears no IVA (SpecialTaxableEventReason): send exemption_reason, or configure drivers.FACE.exemption_reasons.${c.id}`);
        return undefined;
      }
      return { rate: ZERO, special: { code: c.id === 'O' ? '02' : '01', reason: reason.slice(0, 2500) } };
    case 'AE':
      return { rate: ZERO, literal: (c.exemptionReason ?? REVERSE_CHARGE).slice(0, 250) };
    default:
      issues.invalid('103', `${path}.classified_tax_category`, `VAT category ${c.id} has no place in an IVA invoice to FACe (IGIC and IPSI invoices are not supported)`);
      return undefined;
  }
}

function lineOf(l: Line, i: number, sign: (d: Decimal) => Decimal, text: Fit, literals: Set<string>, issues: IssueList): FacturaeLine | undefined {
  const path = `lines[${i}]`;
  const tax = taxOf(l.item.taxCategory, path, issues);
  const description = text.fit(l.item.name, 2500, `${path}.description`, 'ItemDescription');
  if (!tax || description === undefined) return undefined;
  if (tax.literal) literals.add(tax.literal);
  const discounts = l.allowanceCharges.filter((a) => !a.charge).map((a) => ({ reason: a.reason ?? 'Descuento', amount: sign(a.amount) }));
  const charges = l.allowanceCharges.filter((a) => a.charge).map((a) => ({ reason: a.reason ?? 'Cargo', amount: sign(a.amount) }));
  const gross = sign(l.lineExtension);
  // TotalCost is the line before its own discounts and charges: GrossAmount is then exactly the
  // semantic invoice's line amount, which every total is summed from.
  const totalCost = gross.plus(sum(discounts.map((d) => d.amount))).minus(sum(charges.map((c) => c.amount)));
  return {
    description,
    quantity: sign(l.quantity),
    unit: UNITS[l.unitCode],
    unitPrice: round(l.price, 8),
    totalCost,
    discounts,
    charges,
    gross,
    tax: { rate: tax.rate, base: gross, amount: round(hundredth(gross.times(tax.rate)), 2) },
    special: tax.special,
    additionalInformation: l.item.description?.slice(0, 2500) ?? l.note?.slice(0, 2500),
    articleCode: l.item.sellersId && l.item.sellersId.length <= 20 ? l.item.sellersId : undefined,
  };
}

function adjustmentOf(ac: AllowanceCharge, i: number, sign: (d: Decimal) => Decimal, text: Fit): Adjustment {
  const reason = text.fit(ac.reason ?? (ac.charge ? 'Cargo' : 'Descuento'), 2500, `allowance_charges[${i}].reason`, ac.charge ? 'ChargeReason' : 'DiscountReason') ?? '';
  return { reason, amount: sign(ac.amount) };
}

/** TaxesOutputs: one Tax per IVA rate (exempt, not subject and zero-rated lines share 0 %). */
function taxesOf(invoice: SemanticInvoice, sign: (d: Decimal) => Decimal, euros: (d: Decimal) => Amount): TaxOutput[] {
  const by = new Map<string, { rate: Decimal; base: Decimal; tax: Decimal }>();
  for (const s of invoice.taxTotal.subtotals) {
    const rate = s.category.id === 'S' ? (s.category.percent ?? ZERO) : ZERO;
    const key = rate.toFixed(2);
    const acc = by.get(key) ?? { rate, base: ZERO, tax: ZERO };
    by.set(key, { rate, base: acc.base.plus(s.taxable), tax: acc.tax.plus(s.tax) });
  }
  return [...by.values()].sort((a, b) => b.rate.cmp(a.rate)).map((t) => ({ rate: t.rate, base: euros(sign(t.base)), tax: euros(sign(t.tax)) }));
}

function correctionOf(invoice: SemanticInvoice, settings: FaceSettings, text: Fit, issues: IssueList): Correction | undefined {
  const refs = invoice.billingReferences;
  if (refs.length > 1) issues.invalid('109', 'billing_reference', `a Facturae corrective invoice names one corrected invoice; this credit note names ${refs.length}`);
  const ref = refs[0];
  if (!ref) return undefined;
  const number = text.fit(ref.id, 20, 'billing_reference[0].invoice_document_reference.id', 'Corrective/InvoiceNumber');
  const reasonCode = settings.correction_reason_code ?? '16';
  const method = settings.correction_method ?? '02';
  const date = ref.issueDate ?? invoice.issueDate;
  const note = noteText(invoice);
  return number === undefined
    ? undefined
    : {
        number,
        reasonCode,
        reasonDescription: REASONS[reasonCode]!,
        period: { start: date, end: date },
        method,
        methodDescription: CORRECTION_METHODS[method]!,
        additionalReason: note ? note.slice(0, 2500) : undefined,
        issueDate: ref.issueDate,
      };
}

/** PaymentDetails: one installment, the amount payable at the due date, when an invoice has both. */
function installmentsOf(invoice: SemanticInvoice): Installment[] {
  const payable = invoice.totals.payable;
  if (invoice.kind !== 'Invoice' || signOf(payable) <= 0 || !invoice.dueDate) return [];
  const m = invoice.paymentMeans[0];
  const account = m?.payeeAccount?.id.replace(/\s/g, '');
  const means = (m && PAYMENT_MEANS[m.code]) ?? (account ? '04' : '13');
  return [
    {
      dueDate: invoice.dueDate,
      amount: payable,
      means,
      creditAccount: means === '04' && account && account.length >= 5 && account.length <= 34 ? account : undefined,
      reference: m?.paymentId?.slice(0, 60),
    },
  ];
}

/** The invoice's notes as one text. */
function noteText(invoice: SemanticInvoice): string {
  return invoice.notes.map((n) => n.text).join('\n');
}
