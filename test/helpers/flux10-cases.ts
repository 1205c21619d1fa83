import { b2cTransactions } from '../../drivers/ctc-fr/ereporting/b2c-transactions.js';
import { internationalInvoice, type InternationalOptions } from '../../drivers/ctc-fr/ereporting/international-invoice.js';
import { dailyPayments, invoicePayment } from '../../drivers/ctc-fr/ereporting/payments.js';
import { reportPeriod } from '../../drivers/ctc-fr/ereporting/report-period.js';
import type { Built, InternationalInvoice, Report } from '../../drivers/ctc-fr/ereporting/report-model.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { dec } from '../../src/lib/money.js';
import { fixtureBody, HEADER, sale, semanticOf } from './flux10.js';

// The golden flux 10 reports (fixtures/ctc-fr/ereporting/<case>.xml), built the way the driver
// will: semantic invoices from SPI documents, the builders, a period from the regime.

export function built<T>(b: Built<T>): T {
  if (!b.ok) throw new Error(`refused: ${JSON.stringify(b.problems)}`);
  return b.value;
}

/** Which lines of the examples are goods, for a mixed supply. */
export const GOODS = /Ouvrages|Clavier/;
const lineSupply = (l: { item: { name: string } }) => (GOODS.test(l.item.name) ? ('goods' as const) : ('services' as const));

/** Two sales of 5 November 2026: a subscription (services, 20 %) with books (goods, 5.5 %); a keyboard (goods, 20 %) with its installation (services, 20 %). */
export async function oneDaySales(): Promise<SemanticInvoice[]> {
  return [
    await sale({ id: 'T2026-1105-001', issueDate: '2026-11-05', lines: [{ description: 'Abonnement logiciel, novembre 2026', amount: '1000', percent: '20' }, { description: 'Ouvrages techniques', amount: '100', percent: '5.5' }] }),
    await sale({ id: 'T2026-1105-002', issueDate: '2026-11-05', lines: [{ description: 'Clavier', amount: '49.9', percent: '20' }, { description: 'Installation', amount: '30', percent: '20' }] }),
  ];
}

/** A sale of 12 November, a partial credit note the same day and another, alone, on the 13th. */
export async function creditNoteSales(): Promise<SemanticInvoice[]> {
  const invoice = { id: 'T2026-1112-001', issueDate: '2026-11-12' };
  return [
    await sale({ ...invoice, lines: [{ description: 'Formation en ligne', amount: '200', percent: '20' }] }),
    await sale({ id: 'A2026-1112-001', issueDate: '2026-11-12', creditNoteOf: invoice, lines: [{ description: 'Formation en ligne, session annulée', amount: '50', percent: '20' }] }),
    await sale({ id: 'A2026-1113-001', issueDate: '2026-11-13', creditNoteOf: invoice, lines: [{ description: 'Geste commercial', amount: '20', percent: '20' }] }),
  ];
}

/** The reverse-charge example: consulting for Kunde GmbH in Berlin (AE, VATEX-EU-AE). */
export const germanServiceSale = () => semanticOf(fixtureBody('reverse-charge-en16931-ubl'));

/** A machine tool exported to a buyer in the United States (G, VATEX-EU-G), named by its EIN. */
export function usExportBody(): Record<string, any> {
  const body = fixtureBody('reverse-charge-en16931-ubl');
  const reason = { exemption_reason: 'Exonération de TVA, article 262 I du CGI', exemption_reason_code: 'VATEX-EU-G' };
  return {
    ...body,
    id: 'F2026-0007-EX',
    issue_date: '2026-11-09',
    due_date: '2026-12-09',
    amount: 15000,
    taxable_amount: 15000,
    amount_due: 15000,
    accounting_customer_party: {
      name: 'Machining Inc.',
      address: { line_1: '1 Industrial Way', zip: '48201', city: 'Detroit', country: 'US' },
      legal_entity: { registration_name: 'Machining Inc.', company_id: '12-3456789' },
      electronic_address: { scheme: '0060', id: '123456789' },
    },
    lines: [{ id: '1', description: 'Machine-outil CN 5 axes', quantity: 1, unit_price: 15000, amount: 15000, classified_tax_category: [{ category: 'G', country: 'FR', percentage: 0, ...reason }] }],
    tax_total: { tax_amount: 0, tax_sub_totals: [{ taxable_amount: 15000, category: 'G', country: 'FR', percentage: 0, tax_amount: 0, ...reason }] },
  };
}

const international = async (inv: SemanticInvoice, options: InternationalOptions): Promise<InternationalInvoice> => built(internationalInvoice(inv, options)).invoice;

const transactionsOf = async (sales: SemanticInvoice[]) => built(b2cTransactions(sales, { supply: 'mixed', lineSupply }));

export const GOLDEN_CASES: Readonly<Record<string, () => Promise<Report>>> = {
  'b2c-one-day-goods-services': async () => ({
    header: HEADER,
    body: { kind: 'transactions', period: reportPeriod('normal_monthly', 'transactions', '2026-11-05'), invoices: [], transactions: await transactionsOf(await oneDaySales()) },
  }),
  'b2c-credit-note-netting': async () => ({
    header: { ...HEADER, id: 'FR-732829320-2026-11-D2' },
    body: { kind: 'transactions', period: reportPeriod('normal_monthly', 'transactions', '2026-11-12'), invoices: [], transactions: await transactionsOf(await creditNoteSales()) },
  }),
  'international-sale-de-reverse-charge': async () => ({
    header: { ...HEADER, id: 'FR-732829320-2026-11-D1-B2BI' },
    body: { kind: 'transactions', period: reportPeriod('normal_monthly', 'transactions', '2026-11-02'), invoices: [await international(await germanServiceSale(), { supply: 'services' })], transactions: [] },
  }),
  'international-sale-us-export': async () => ({
    header: { ...HEADER, id: 'FR-732829320-2026-11-D1-EXPORT' },
    body: { kind: 'transactions', period: reportPeriod('normal_monthly', 'transactions', '2026-11-09'), invoices: [await international(await semanticOf(usExportBody()), { supply: 'goods' })], transactions: [] },
  }),
  'international-service-payment': async () => ({
    header: { ...HEADER, id: 'FR-732829320-2026-11-PAY-B2BI' },
    body: {
      kind: 'payments',
      period: reportPeriod('normal_monthly', 'payments', '2026-11-20'),
      invoices: [invoicePayment({ id: 'F2026-0042-INT', issueDate: '2026-10-05' }, '2026-11-20', [{ percent: dec('20'), amount: dec('1200') }])],
      transactions: [],
    },
  }),
  'b2c-payments': async () => ({
    header: { ...HEADER, id: 'FR-732829320-2026-11-PAY-B2C' },
    body: {
      kind: 'payments',
      period: reportPeriod('normal_monthly', 'payments', '2026-11-03'),
      invoices: [],
      transactions: dailyPayments([
        { date: '2026-11-04', collected: [{ percent: dec('20'), amount: dec('24') }] },
        { date: '2026-11-03', collected: [{ percent: dec('20'), amount: dec('120') }, { percent: dec('5.5'), amount: dec('10.55') }] },
        { date: '2026-11-03', collected: [{ percent: dec('20'), amount: dec('60') }] },
      ]),
    },
  }),
  'b2c-corrective-re': async () => {
    const initial = await GOLDEN_CASES['b2c-one-day-goods-services']!();
    return { ...initial, header: { ...initial.header, id: 'FR-732829320-2026-11-D1-RE1', typeCode: 'RE', issuedAt: '2026-12-02T10:00:00.000Z' } };
  },
};
