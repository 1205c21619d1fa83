import { isSiren, sirenOfCompanyId, sirenOfVat } from '../../../src/code-lists/tax-ids/french-ids.js';
import { isEuMember } from '../../../src/code-lists/eu-members.js';
import type { Party, SemanticInvoice } from '../../../src/formats/en16931/model.js';
import { ZERO, type Decimal } from '../../../src/lib/money.js';
import type { Supply } from '../settings.js';
import type { Built, DeclarantRole, InternationalInvoice, ReportParty, ReportProblem } from './report-model.js';
import { problem, REPORT_CODES } from './report-problems.js';

// Sub-flow 10.1: one international B2B invoice, the seller in France and the buyer abroad (the
// declarant sells, SE) or the buyer in France and the seller abroad (the declarant buys, BY).
// The header and the VAT breakdown only; lines are optional in 10.1 and not written (README).

export interface InternationalOptions {
  /** The entity's `supply`: the billing framework's letter (TT-28: B goods, S services, M both). */
  supply: Supply;
  /** BT-111: the invoice's VAT in euro, required when its currency is another (G6.23). */
  vatInEur?: Decimal | undefined;
  /** TT-24, when the seller opted for VAT on debits (G1.44). */
  taxDueDateTypeCode?: string | undefined;
}

/**
 * TT-28: the letter from the entity's supply; the digit from the invoice's own French framework
 * (BT-23, which the CTC_FR driver writes: 2 when already paid), else 1 (an invoice deposited).
 */
function businessProcess(inv: SemanticInvoice, supply: Supply): string {
  const digit = /^[BSM]([1-8])$/.exec(inv.profileId)?.[1] ?? '1';
  return `${{ goods: 'B', services: 'S', mixed: 'M' }[supply]}${digit}`;
}

export function internationalInvoice(inv: SemanticInvoice, options: InternationalOptions): Built<{ invoice: InternationalInvoice; role: DeclarantRole }> {
  const sellerCountry = inv.supplier.address.country;
  const buyerCountry = inv.customer.address.country;
  const role: DeclarantRole | undefined = sellerCountry === 'FR' && buyerCountry !== 'FR' ? 'SE' : buyerCountry === 'FR' && sellerCountry !== 'FR' ? 'BY' : undefined;
  const problems: ReportProblem[] = [];
  if (!role) {
    problems.push(problem(REPORT_CODES.notInScope, 'customer.address.country', `invoice ${inv.id} is not international: the seller is in ${sellerCountry} and the buyer in ${buyerCountry}; 10.1 reports a sale abroad or a purchase from abroad`));
  }
  let taxInEur: Decimal | undefined = inv.currency === 'EUR' ? inv.taxTotal.tax : options.vatInEur;
  if (!taxInEur) {
    problems.push(problem(REPORT_CODES.euro, 'taxTotal', `invoice ${inv.id} is in ${inv.currency}: its VAT total in euro (BT-111) is required, as TT-52 is always in euro (G6.23)`));
    taxInEur = ZERO;
  }
  const seller = reportParty(inv.supplier, 'supplier', problems);
  const buyer = reportParty(inv.customer, 'customer', problems);
  if (!role || !seller || !buyer || problems.length > 0) return { ok: false, problems };

  const invoice: InternationalInvoice = {
    id: inv.id,
    issueDate: inv.issueDate,
    typeCode: inv.typeCode,
    currency: inv.currency,
    dueDate: inv.dueDate,
    taxDueDateTypeCode: options.taxDueDateTypeCode,
    notes: inv.notes.map((n) => ({ subject: n.subjectCode, content: n.text })),
    businessProcess: businessProcess(inv, options.supply),
    referencedDocuments: inv.billingReferences.map((r) => ({ id: r.id, issueDate: r.issueDate })),
    seller,
    buyer,
    deliveries: inv.delivery ? [{ date: inv.delivery.date, country: inv.delivery.address?.country }] : [],
    totals: { taxExclusive: inv.totals.taxExclusive, tax: { amount: taxInEur, currency: 'EUR' } },
    subtotals: inv.taxTotal.subtotals.map((s) => ({
      taxable: s.taxable,
      tax: s.tax,
      category: { code: s.category.id, percent: s.category.percent ?? ZERO, exemptionReason: s.category.exemptionReason, exemptionReasonCode: s.category.exemptionReasonCode },
    })),
  };
  return { ok: true, value: { invoice, role } };
}

/**
 * TT-33 / TT-36 (G2.19): a party in France by its SIREN (0002); in another member state (0223)
 * by its VAT number, else its registration; outside the EU (0227) by its registration, else its
 * VAT or tax number. Without any, G6.28 cannot be met.
 */
function reportParty(p: Party, path: 'supplier' | 'customer', problems: ReportProblem[]): ReportParty | undefined {
  const country = p.address.country;
  const vatId = p.taxRegistrations.find((t) => t.taxScheme === 'VAT')?.companyId;
  const registration = p.legal.companyId?.id;
  if (country === 'FR') {
    const siren = (registration && sirenOfCompanyId(registration)) || (vatId && sirenOfVat(vatId));
    if (!siren || !isSiren(siren)) {
      problems.push(problem(REPORT_CODES.companyId, `${path}.legal.companyId`, `the party in France needs its SIREN (scheme 0002; G2.19)`));
      return undefined;
    }
    return { companyId: { id: siren, scheme: '0002' }, vatId, country };
  }
  const eu = isEuMember(country);
  const id = eu ? (vatId ?? registration) : (registration ?? vatId ?? p.taxRegistrations[0]?.companyId);
  if (!id) {
    const code = path === 'customer' ? REPORT_CODES.buyerId : REPORT_CODES.companyId;
    problems.push(problem(code, `${path}.legal.companyId`, `the party in ${country} needs an identifier: its ${eu ? 'VAT number or registration (scheme 0223)' : 'registration or tax number (scheme 0227)'} (G2.19, G6.28)`));
    return undefined;
  }
  return { companyId: { id, scheme: eu ? '0223' : '0227' }, vatId, country };
}
