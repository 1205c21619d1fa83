import type { Address, AllowanceCharge, Line, Party, SemanticInvoice } from '../en16931/model.js';
import type { Decimal } from '../../lib/money.js';
import { categoryName, money, paymentMeansName, percent, price, quantity, unitName } from './labels.js';
import { MUTED, PageFlow, type Cell, type Column } from './page-flow.js';
import type { Pdf } from './pdfa-document.js';

// The invoice a person reads: the same semantic invoice the XML is written from, laid out on A4.
// Seller (with the logo) and document facts at the top, the buyer and the deliver-to address,
// the lines (the table header and a running head repeat on every page), document allowances and
// charges, the VAT breakdown, the totals, payment and notes; "page n of N" at the foot. Labels are
// English; names and addresses print as given, in any script DejaVu Sans covers.

const LINE_COLUMNS: readonly Column[] = [
  { title: '#', width: 26 },
  { title: 'Description', width: 199 },
  { title: 'Quantity', width: 52, align: 'right' },
  { title: 'Unit', width: 40 },
  { title: 'Unit price', width: 70, align: 'right' },
  { title: 'VAT', width: 38, align: 'right' },
  { title: 'Net amount', width: 86, align: 'right' },
];

export interface InvoicePdfOptions {
  /** PNG bytes without an alpha channel (PDFKit embeds those synchronously), printed at most 160 × 56 points at the top left. */
  logo?: Buffer | undefined;
}

export function drawInvoice(pdf: Pdf, d: SemanticInvoice, o: InvoicePdfOptions = {}): void {
  const flow = new PageFlow(pdf);
  const title = `${d.kind === 'Invoice' ? 'Invoice' : 'Credit note'} ${d.id}`;
  header(flow, d, o.logo);
  parties(flow, d);
  flow.onEveryPage(() => {
    flow.text(`${title} · ${d.supplier.legal.registrationName} → ${d.customer.legal.registrationName}`, { size: 8, color: MUTED });
    flow.gap(16);
  });
  flow.table(LINE_COLUMNS, d.lines.map((l) => lineRow(l, d.currency)));
  documentAllowances(flow, d);
  vatBreakdown(flow, d);
  totals(flow, d);
  payment(flow, d);
  notes(flow, d);
  flow.footers((page, count) => `${title} · ${d.issueDate} · page ${page} of ${count}`);
}

function header(flow: PageFlow, d: SemanticInvoice, logo: Buffer | undefined): void {
  const top = flow.y;
  if (logo) {
    flow.pdf.image(logo, flow.left, top, { fit: [160, 56] });
    flow.y = top + 64;
  }
  const sellerHeight = partyBlock(flow, d.supplier, flow.left, 260, undefined, true);
  const facts = documentFacts(d);
  const x = flow.left + flow.width - 220;
  flow.y = top;
  flow.y += flow.text(d.kind === 'Invoice' ? 'INVOICE' : 'CREDIT NOTE', { x, width: 220, size: 18, bold: true, align: 'right' }) + 6;
  for (const [label, value] of facts) {
    const h = flow.text(label, { x, width: 100, color: MUTED });
    flow.text(value, { x: x + 100, width: 120, align: 'right' });
    flow.y += h + 1;
  }
  flow.y = Math.max(flow.y, top + (logo ? 64 : 0) + sellerHeight) + 18;
}

function documentFacts(d: SemanticInvoice): [string, string][] {
  const facts: [string, string | undefined][] = [
    ['Number', d.id],
    ['Issue date', d.issueDate],
    ['Due date', d.dueDate ?? d.paymentMeans.find((pm) => pm.dueDate)?.dueDate],
    ['VAT point date', d.taxPointDate],
    ['Buyer reference', d.buyerReference],
    ['Order', d.orderReference],
    ...d.billingReferences.map((r): [string, string] => ['Corrects invoice', r.issueDate ? `${r.id} of ${r.issueDate}` : r.id]),
    ['Currency', d.currency],
  ];
  return facts.filter((f): f is [string, string] => f[1] !== undefined && f[1] !== '');
}

function parties(flow: PageFlow, d: SemanticInvoice): void {
  const top = flow.y;
  const half = flow.width / 2 - 10;
  const buyer = partyBlock(flow, d.customer, flow.left, half, 'Bill to');
  flow.y = top;
  const to = d.delivery?.address;
  const delivery = to || d.delivery?.date ? deliveryBlock(flow, to, d.delivery?.date, flow.left + half + 20, half) : 0;
  flow.y = top + Math.max(buyer, delivery) + 16;
}

/** A party's name, address and identifiers; returns the height drawn. */
function partyBlock(flow: PageFlow, p: Party, x: number, width: number, heading: string | undefined, seller = false): number {
  const top = flow.y;
  if (heading) flow.y += flow.text(heading.toUpperCase(), { x, width, size: 7.5, bold: true, color: MUTED }) + 2;
  flow.y += flow.text(p.legal.registrationName, { x, width, size: seller ? 12 : 10, bold: true }) + 2;
  const lines = [
    p.name && p.name !== p.legal.registrationName ? p.name : undefined,
    ...addressLines(p.address),
    ...p.taxRegistrations.map((t) => (t.taxScheme === 'VAT' ? `VAT ID ${t.companyId}` : `Tax number ${t.companyId}`)),
    p.legal.companyId ? `Registration ${p.legal.companyId.id}` : undefined,
    ...p.identifications.map((i) => `ID ${i.scheme ? `${i.scheme}:` : ''}${i.id}`),
    p.endpoint ? `Electronic address ${p.endpoint.scheme ? `${p.endpoint.scheme}:` : ''}${p.endpoint.id}` : undefined,
    p.contact?.name,
    p.contact?.telephone,
    p.contact?.email,
  ].filter((l): l is string => !!l);
  flow.y += flow.text(lines.join('\n'), { x, width, size: 8.5 });
  const height = flow.y - top;
  flow.y = top;
  return height;
}

function deliveryBlock(flow: PageFlow, to: Address | undefined, date: string | undefined, x: number, width: number): number {
  const top = flow.y;
  flow.y += flow.text('DELIVER TO', { x, width, size: 7.5, bold: true, color: MUTED }) + 2;
  const lines = [...(to ? addressLines(to) : []), date ? `Delivered ${date}` : undefined].filter((l): l is string => !!l);
  flow.y += flow.text(lines.join('\n'), { x, width, size: 8.5 });
  const height = flow.y - top;
  flow.y = top;
  return height;
}

function addressLines(a: Address): string[] {
  return [a.street, a.additionalStreet, a.line, [a.zip, a.city].filter(Boolean).join(' '), [a.subentity, a.country].filter(Boolean).join(', ')].filter((l): l is string => !!l);
}

function lineRow(l: Line, currency: string): Cell[] {
  const detail = [
    l.item.description,
    l.item.sellersId ? `Item ${l.item.sellersId}` : undefined,
    ...l.allowanceCharges.map((ac) => allowanceText(ac, currency)),
    l.note,
  ].filter((s): s is string => !!s);
  return [
    l.id,
    { strong: l.item.name, detail: detail.length > 0 ? detail.join('\n') : undefined },
    quantity(l.quantity),
    unitName(l.unitCode),
    price(l.price),
    percent(l.item.taxCategory.percent),
    money(l.lineExtension),
  ];
}

function allowanceText(ac: AllowanceCharge, currency: string): string {
  const what = ac.reason ?? (ac.charge ? 'Charge' : 'Discount');
  return `${ac.charge ? '+' : '−'} ${what}: ${money(ac.amount)} ${currency}`;
}

function documentAllowances(flow: PageFlow, d: SemanticInvoice): void {
  if (d.allowanceCharges.length === 0) return;
  flow.gap(10);
  flow.table(
    [
      { title: 'Document allowances and charges', width: 300 },
      { title: 'VAT', width: 125, align: 'right' },
      { title: 'Amount', width: 86, align: 'right' },
    ],
    d.allowanceCharges.map((ac) => [
      ac.reason ?? (ac.charge ? 'Charge' : 'Discount'),
      ac.taxCategory ? `${ac.taxCategory.id} ${percent(ac.taxCategory.percent)}` : '',
      `${ac.charge ? '' : '−'}${money(ac.amount)}`,
    ]),
  );
}

function vatBreakdown(flow: PageFlow, d: SemanticInvoice): void {
  flow.gap(10);
  flow.table(
    [
      { title: 'VAT category', width: 205 },
      { title: 'Rate', width: 60, align: 'right' },
      { title: `Taxable amount (${d.currency})`, width: 130, align: 'right' },
      { title: `VAT (${d.currency})`, width: 116, align: 'right' },
    ],
    d.taxTotal.subtotals.map((s): Cell[] => [
      { strong: `${s.category.id} · ${categoryName(s.category.id)}`, detail: [s.category.exemptionReasonCode, s.category.exemptionReason].filter(Boolean).join(' ') || undefined },
      percent(s.category.percent),
      money(s.taxable),
      money(s.tax),
    ]),
  );
}

function totals(flow: PageFlow, d: SemanticInvoice): void {
  const t = d.totals;
  const c = d.currency;
  const optional = (label: string, v: Decimal | undefined): [string, string][] => (v && !v.eq(0) ? [[label, `${money(v)} ${c}`]] : []);
  flow.gap(8);
  flow.pairs(
    [
      ['Sum of lines', `${money(t.lineExtension)} ${c}`],
      ...optional('Allowances', t.allowanceTotal),
      ...optional('Charges', t.chargeTotal),
      ['Total without VAT', `${money(t.taxExclusive)} ${c}`],
      ['VAT', `${money(d.taxTotal.tax)} ${c}`],
      ['Total with VAT', `${money(t.taxInclusive)} ${c}`],
      ...optional('Paid', t.prepaid),
      [d.kind === 'Invoice' ? 'Amount due' : 'Amount credited', `${money(t.payable)} ${c}`, true],
    ],
    240,
  );
}

function payment(flow: PageFlow, d: SemanticInvoice): void {
  const lines = d.paymentMeans.map((pm) =>
    [
      paymentMeansName(pm.code),
      pm.payeeAccount ? `account ${pm.payeeAccount.id}` : undefined,
      pm.card ? `card ···· ${pm.card.pan.slice(-4)}${pm.card.holder ? ` (${pm.card.holder})` : ''}` : undefined,
      pm.mandate ? `mandate ${pm.mandate.id}` : undefined,
      pm.paymentId ? `reference ${pm.paymentId}` : undefined,
    ]
      .filter(Boolean)
      .join(', '),
  );
  if (d.paymentTermsNote) lines.push(d.paymentTermsNote);
  section(flow, 'Payment', lines);
}

function notes(flow: PageFlow, d: SemanticInvoice): void {
  section(flow, 'Notes', d.notes.map((n) => n.text));
}

function section(flow: PageFlow, heading: string, lines: readonly string[]): void {
  if (lines.length === 0) return;
  const text = lines.join('\n');
  flow.gap(14);
  flow.need(14 + flow.measure(text, flow.width));
  flow.y += flow.text(heading.toUpperCase(), { size: 7.5, bold: true, color: MUTED }) + 3;
  flow.y += flow.text(text);
}

