import type { MainDocument } from '../../src/spi/document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { ZERO } from '../../src/lib/money.js';
import { b2cTransactions, dailyPayments, internationalInvoice, renderReport, reportPeriod, reportProblems, type Built, type PaymentsReport, type Report, type ReportHeader, type ReportSender, type TransactionsReport } from './ereporting/index.js';
import { frenchSeller } from './french-invoice.js';
import { entitySettings, type CtcFrSettings } from './settings.js';

// What CTC_FR reports instead of (B2C) or besides (a sale abroad) depositing an invoice: the
// sale's transaction data as a flux 10 file (drivers/ctc-fr/ereporting/README.md), handed to the
// entity's approved platform, which aggregates its clients' data per period and sends the
// tax administration its own report. So each sale is one file: a B2C sale as its day's
// transactions per category and rate (10.3), a sale abroad as its invoice (10.1), in the period
// of the entity's VAT regime that holds the sale's date, named by the sale's number (TT-1), sent
// by the platform (its matricule, TT-8) for the entity (its SIREN, TT-13, role SE). The file's
// time (TT-3) is the render clock's; every rule that does not depend on it is checked here, when
// the document is examined.

/** A report without its time, which render gives it. */
export interface ReportDraft {
  header: Omit<ReportHeader, 'issuedAt'>;
  body: TransactionsReport | PaymentsReport;
}

/** The sandbox's platform has no matricule of its own: this stands in for one (4 characters, G6.22). */
export const SANDBOX_MATRICULE = '0000';

/** A B2C sale (invoice or credit note) as its day's transactions (10.3). */
export function b2cReport(main: MainDocument, semantic: SemanticInvoice, ctx: DocumentContext<CtcFrSettings>, issues: IssueList): ReportDraft | undefined {
  const choices = entitySettings(ctx.settings, ctx.entity.id);
  const seller = frenchSeller(semantic.supplier, main.accounting_supplier_party, ctx.entity, issues);
  if (!seller) return undefined;
  const sale = { ...semantic, supplier: seller };
  const transactions = built(b2cTransactions([sale], { supply: choices.supply }), issues);
  if (!transactions) return undefined;
  const date = sale.taxPointDate ?? sale.issueDate;
  return draft(sale, ctx, { kind: 'transactions', period: reportPeriod(choices.vatRegime, 'transactions', date), invoices: [], transactions }, issues);
}

/**
 * A paid B2C sale's collection (10.4), when its VAT is due on collection: services (and a mixed
 * supply, whose lines are services unless said otherwise, as in 10.3), the entity not having
 * opted for VAT on debits. The SPI says a sale is paid (status PAID) but not when: the day of the
 * sale (its tax point) is taken, as for a sale paid at checkout. A credit note's refund is not
 * reported: the rules refuse a negative collection (G1.16).
 */
export function b2cPaymentReport(main: MainDocument, semantic: SemanticInvoice, ctx: DocumentContext<CtcFrSettings>, issues: IssueList): ReportDraft | undefined {
  const choices = entitySettings(ctx.settings, ctx.entity.id);
  if (main.status !== 'PAID' || semantic.kind === 'CreditNote' || choices.supply === 'goods' || choices.vatOnDebits) return undefined;
  const seller = frenchSeller(semantic.supplier, main.accounting_supplier_party, ctx.entity, issues);
  if (!seller) return undefined;
  const sale = { ...semantic, supplier: seller };
  const date = sale.taxPointDate ?? sale.issueDate;
  // What was collected per rate, VAT included; supplies outside French VAT (O) are no collection of it.
  const collected = sale.taxTotal.subtotals.filter((s) => s.category.id !== 'O').map((s) => ({ percent: s.category.percent ?? ZERO, amount: s.taxable.plus(s.tax) }));
  if (collected.length === 0) return undefined;
  const body: PaymentsReport = { kind: 'payments', period: reportPeriod(choices.vatRegime, 'payments', date), invoices: [], transactions: dailyPayments([{ date, collected }]) };
  // Its own id (TT-1): the sale's transaction data may share its period.
  return draft(sale, ctx, body, issues, '-P');
}

/** A French seller's invoice to a buyer abroad as its transaction data (10.1). */
export function crossBorderReport(invoice: SemanticInvoice, ctx: DocumentContext<CtcFrSettings>, issues: IssueList): ReportDraft | undefined {
  const choices = entitySettings(ctx.settings, ctx.entity.id);
  const international = built(internationalInvoice(invoice, { supply: choices.supply }), issues);
  if (!international) return undefined;
  const date = invoice.taxPointDate ?? invoice.issueDate;
  return draft(invoice, ctx, { kind: 'transactions', period: reportPeriod(choices.vatRegime, 'transactions', date), invoices: [international.invoice], transactions: [] }, issues);
}

/** The report's XML at the render clock's time. */
export function renderReportDraft(draft: ReportDraft, now: Date): string {
  return renderReport({ ...draft, header: { ...draft.header, issuedAt: now.toISOString() } } as Report);
}

function draft(sale: SemanticInvoice, ctx: DocumentContext<CtcFrSettings>, body: TransactionsReport | PaymentsReport, issues: IssueList, idSuffix = ''): ReportDraft | undefined {
  const header: ReportDraft['header'] = {
    // TT-1: the sale's number in the characters G1.104 allows.
    id: sale.id.replace(/[^A-Za-z0-9 \-+_/]/g, '_').trim().slice(0, 50 - idSuffix.length) + idSuffix,
    typeCode: 'IN',
    sender: senderOf(ctx),
    issuer: { siren: sale.supplier.legal.companyId!.id, scheme: '0002', name: sale.supplier.legal.registrationName.slice(0, 150), role: 'SE' },
  };
  const report = { header, body } as ReportDraft;
  // The clock only decides whether a date lies in the future (G1.07): the submission's time is the one that matters.
  const problems = reportProblems({ ...report, header: { ...header, issuedAt: new Date().toISOString() } } as Report, new Date());
  for (const p of problems) issues.invalid(p.code, `ereporting.${p.path}`, p.message);
  return problems.length > 0 ? undefined : report;
}

function senderOf(ctx: DocumentContext<CtcFrSettings>): ReportSender {
  const platform = entitySettings(ctx.settings, ctx.entity.id).platform;
  // An entity listed with a platform client has its matricule (the network refuses to start
  // without it); any other goes to the sandbox's platform (platform-access.ts, configuredEntities).
  const real = ctx.settings.entities?.[ctx.entity.id] !== undefined && platform.client_id !== undefined;
  return {
    matricule: (real && platform.matricule) || SANDBOX_MATRICULE,
    scheme: '0238',
    name: ((real && platform.name) || 'Sandbox approved platform').slice(0, 150),
    role: 'WK',
  };
}

/** A builder's value, or its problems as the document's issues. */
function built<T>(b: Built<T>, issues: IssueList): T | undefined {
  if (b.ok) return b.value;
  for (const p of b.problems) issues.invalid(p.code, `ereporting.${p.path}`, p.message);
  return undefined;
}
