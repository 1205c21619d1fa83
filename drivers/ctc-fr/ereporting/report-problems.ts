import { isSiren } from '../../../src/code-lists/tax-ids/french-ids.js';
import type { Decimal } from '../../../src/lib/money.js';
import { dec } from '../../../src/lib/money.js';
import { PA_SCHEME, SIREN_SCHEME, type InternationalInvoice, type PaymentSubtotal, type Report, type ReportPeriod, type ReportProblem } from './report-model.js';

// The flux 10 rules the XSD cannot express (its types are strings and decimals) and that a model
// could break, from Annexe 7 v1.9 as the AIFE Schematron F10 v1.0 checks them. Pure: the report and
// the clock in, the problems out; the driver refuses a report with any before depositing it.
// Codes are stable; the message names the rule.

export const REPORT_CODES = {
  oneReport: 'CTC_FR-201',
  sender: 'CTC_FR-202',
  senderRole: 'CTC_FR-203',
  issuer: 'CTC_FR-204',
  issuerRole: 'CTC_FR-205',
  typeCode: 'CTC_FR-206',
  reportId: 'CTC_FR-207',
  invoiceId: 'CTC_FR-208',
  rate: 'CTC_FR-209',
  category: 'CTC_FR-210',
  buyerId: 'CTC_FR-211',
  euro: 'CTC_FR-212',
  period: 'CTC_FR-213',
  future: 'CTC_FR-214',
  negativePayment: 'CTC_FR-215',
  invoiceType: 'CTC_FR-216',
  companyId: 'CTC_FR-217',
  exemption: 'CTC_FR-218',
  creditNoteReference: 'CTC_FR-219',
  /** Builders: a sale that is not what the sub-flow reports. */
  notInScope: 'CTC_FR-220',
} as const;

export const problem = (code: string, path: string, message: string): ReportProblem => ({ code, path, message });

/** G1.24: the rates a flux 10 may carry (metropolitan, Corsican and overseas). */
export const REPORT_RATES: readonly string[] = ['0', '0.9', '1.05', '1.75', '2.1', '5.5', '7', '8.5', '9.2', '9.6', '10', '13', '19.6', '20', '20.6'];
const RATES = REPORT_RATES.map((r) => dec(r));
const isReportRate = (percent: Decimal) => RATES.some((r) => r.eq(percent));

const CATEGORIES = ['TLB1', 'TPS1', 'TNT1', 'TMA1'];
/** G1.01. */
const INVOICE_TYPES = ['261', '380', '381', '384', '386', '389', '393', '396', '471', '472', '473', '500', '501', '502', '503'];
/** G1.02. */
const BUSINESS_PROCESSES = ['B1', 'S1', 'M1', 'B2', 'S2', 'M2', 'B4', 'S4', 'M4', 'S5', 'S6', 'B7', 'S7'];
/** G1.32: credit notes need the invoice they credit with its date; corrective invoices exactly one. */
const CREDIT_NOTES = ['261', '381', '396', '502', '503'];
const CORRECTIVES = ['384', '471', '472', '473'];
const VAT_CATEGORIES = ['S', 'E', 'AE', 'K', 'G', 'O', 'Z'];

/** G1.104 (TT-1, 50) and G1.05 (invoice numbers, 35): the characters, no space at either end, none doubled. */
export function idProblem(id: string, max: number): string | undefined {
  if (id.length === 0 || id.length > max) return `1 to ${max} characters`;
  if (!/^[A-Za-z0-9 \-+_/]+$/.test(id)) return 'only letters, digits, space and - + _ /';
  if (id.startsWith(' ') || id.endsWith(' ') || id.includes('  ')) return 'no space at either end nor two in a row';
  return undefined;
}

export function reportProblems(report: Report, now: Date): ReportProblem[] {
  const out: ReportProblem[] = [];
  const add: Add = (code, path, message) => out.push(problem(code, path, message));
  const { header, body } = report;

  // Typed as one field, but a model read from JSON could still carry both or neither.
  const raw = report as unknown as Record<string, unknown>;
  if (!body || raw['transactions'] !== undefined || raw['payments'] !== undefined || (body.kind !== 'transactions' && body.kind !== 'payments')) {
    add(REPORT_CODES.oneReport, 'body', 'a report holds exactly one of the transactions (TB-2) or the payments (TB-3) (G6.29)');
  }

  const idWrong = idProblem(header.id, 50);
  if (idWrong) add(REPORT_CODES.reportId, 'header.id', `the report's id (TT-1) takes ${idWrong} (G1.104)`);
  if (header.typeCode !== 'IN' && header.typeCode !== 'RE') add(REPORT_CODES.typeCode, 'header.typeCode', 'the report type (TT-4) is IN or RE (G8.01)');
  if (header.sender.scheme !== PA_SCHEME || header.sender.matricule.length !== 4) {
    add(REPORT_CODES.sender, 'header.sender', "the sender is the approved platform: its 4-character matricule, scheme 0238 (TT-7, TT-8; G6.22)");
  }
  if (header.sender.role !== 'WK') add(REPORT_CODES.senderRole, 'header.sender.role', 'the sender\'s role (TT-10) is WK (G7.51)');
  if (header.issuer.scheme !== SIREN_SCHEME || !isSiren(header.issuer.siren)) {
    add(REPORT_CODES.issuer, 'header.issuer', 'the declarant is named by its SIREN, 9 digits with a valid check digit, scheme 0002 (TT-12, TT-13; G6.26)');
  }
  if (header.issuer.role !== 'SE' && header.issuer.role !== 'BY') add(REPORT_CODES.issuerRole, 'header.issuer.role', "the declarant's role (TT-15) is SE or BY (G7.52)");
  if (!body) return out;

  periodProblems(body.period, 'body.period', add);
  const today = parisDate(now);
  const notFuture = (date: string, path: string, what: string) => {
    if (date > today) add(REPORT_CODES.future, path, `${what} ${date} is after today, ${today} (G1.07)`);
  };
  const rateOk = (percent: Decimal, path: string) => {
    if (!isReportRate(percent)) add(REPORT_CODES.rate, path, `rate ${percent.toFixed()} is not one of ${REPORT_RATES.join(', ')} (G1.24)`);
  };

  if (body.kind === 'transactions') {
    body.invoices.forEach((inv, i) => invoiceProblems(inv, `body.invoices[${i}]`, add, rateOk));
    body.transactions.forEach((t, i) => {
      const path = `body.transactions[${i}]`;
      notFuture(t.date, `${path}.date`, 'the transactions date (TT-77)');
      if (!CATEGORIES.includes(t.category)) add(REPORT_CODES.category, `${path}.category`, `the category (TT-81) is one of ${CATEGORIES.join(', ')} (G1.68)`);
      t.subtotals.forEach((s, j) => rateOk(s.percent, `${path}.subtotals[${j}].percent`));
    });
  } else if (body.kind === 'payments') {
    const subtotals = (list: PaymentSubtotal[], path: string) =>
      list.forEach((s, j) => {
        rateOk(s.percent, `${path}.subtotals[${j}].percent`);
        if (s.currency !== undefined && s.currency !== 'EUR') add(REPORT_CODES.euro, `${path}.subtotals[${j}].currency`, 'amounts collected are in euro (TT-94, TT-98; G6.27)');
        // G7.07 allows a negative collection (a refund); the Schematron v1.0 refuses it (G1.16), and it decides.
        if (s.amount.lt(0)) add(REPORT_CODES.negativePayment, `${path}.subtotals[${j}].amount`, 'an amount collected (TT-95, TT-99) is not negative (G1.16)');
      });
    body.invoices.forEach((p, i) => {
      const path = `body.invoices[${i}]`;
      const wrong = idProblem(p.invoiceId, 35);
      if (wrong) add(REPORT_CODES.invoiceId, `${path}.invoiceId`, `an invoice number (TT-91) takes ${wrong} (G1.05)`);
      notFuture(p.date, `${path}.date`, 'the payment date (TT-92)');
      subtotals(p.subtotals, path);
    });
    body.transactions.forEach((p, i) => {
      notFuture(p.date, `body.transactions[${i}].date`, 'the payment date (TT-96)');
      subtotals(p.subtotals, `body.transactions[${i}]`);
    });
  }
  return out;
}

type Add = (code: string, path: string, message: string) => void;

/** Today in France: a sale made at 00:30 in Paris is dated that day, which UTC still calls yesterday. */
function parisDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function periodProblems(p: ReportPeriod, path: string, add: Add): void {
  if (!(p.end > p.start)) add(REPORT_CODES.period, path, `the period's end (${p.end}) is after its start (${p.start}) (G6.25)`);
}

function invoiceProblems(inv: InternationalInvoice, path: string, add: Add, rateOk: (percent: Decimal, path: string) => void): void {
  const wrong = idProblem(inv.id, 35);
  if (wrong) add(REPORT_CODES.invoiceId, `${path}.id`, `an invoice number (TT-19) takes ${wrong} (G1.05)`);
  inv.referencedDocuments.forEach((r, i) => {
    const bad = idProblem(r.id, 35);
    if (bad) add(REPORT_CODES.invoiceId, `${path}.referencedDocuments[${i}].id`, `a referenced invoice number (TT-30) takes ${bad} (G1.05)`);
  });
  if (!INVOICE_TYPES.includes(inv.typeCode)) add(REPORT_CODES.invoiceType, `${path}.typeCode`, `the invoice type (TT-21) is one of ${INVOICE_TYPES.join(', ')} (G1.01)`);
  if (!BUSINESS_PROCESSES.includes(inv.businessProcess)) add(REPORT_CODES.invoiceType, `${path}.businessProcess`, `the billing framework (TT-28) is one of ${BUSINESS_PROCESSES.join(', ')} (G1.02)`);
  const dated = inv.referencedDocuments.filter((r) => r.issueDate !== undefined);
  if (CREDIT_NOTES.includes(inv.typeCode) && dated.length === 0) {
    add(REPORT_CODES.creditNoteReference, `${path}.referencedDocuments`, 'a credit note names the invoice it credits with its date (TG-11; G1.32)');
  }
  if (CORRECTIVES.includes(inv.typeCode) && (inv.referencedDocuments.length !== 1 || dated.length !== 1)) {
    add(REPORT_CODES.creditNoteReference, `${path}.referencedDocuments`, 'a corrective invoice names exactly one earlier invoice with its date (TG-11; G1.32)');
  }
  for (const [role, party] of [['seller', inv.seller], ['buyer', inv.buyer]] as const) {
    if (!party?.companyId?.id) {
      if (role === 'buyer') add(REPORT_CODES.buyerId, `${path}.buyer.companyId`, "an international invoice names the buyer's company identifier (TT-36; G6.28)");
      continue;
    }
    const { id, scheme } = party.companyId;
    const fits = scheme === '0002' ? /^\d{9}$/.test(id) : scheme === '0223' || scheme === '0227' ? id.length <= 18 : scheme === '0228' ? /^\d{9,10}$/.test(id) : scheme === '0229' && /^\d{9}$/.test(id);
    if (!fits) add(REPORT_CODES.companyId, `${path}.${role}.companyId`, `the ${role}'s identifier is 0002 (9 digits), 0223 or 0227 (at most 18 characters), 0228 (9 or 10 digits) or 0229 (9 digits) (G2.19)`);
    if ((scheme === '0002' || scheme === '0223') && !party.vatId) add(REPORT_CODES.companyId, `${path}.${role}.vatId`, `the ${role}'s VAT number is required with scheme ${scheme} (G2.33)`);
  }
  if (inv.totals.tax.currency !== 'EUR') add(REPORT_CODES.euro, `${path}.totals.tax.currency`, "the invoice's VAT total (TT-52) is in euro (G6.23)");
  inv.subtotals.forEach((s, i) => {
    const at = `${path}.subtotals[${i}].category`;
    if (!VAT_CATEGORIES.includes(s.category.code)) add(REPORT_CODES.category, `${at}.code`, `the VAT category (TT-56) is one of ${VAT_CATEGORIES.join(', ')} (G2.31)`);
    rateOk(s.category.percent, `${at}.percent`);
    if (s.category.code === 'E' && (!s.category.exemptionReason || !s.category.exemptionReasonCode)) {
      add(REPORT_CODES.exemption, at, 'an exempt (E) breakdown names its exemption reason and code (TT-58, TT-59; G1.40)');
    }
  });
}
