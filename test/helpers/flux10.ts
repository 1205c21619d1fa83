import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { drivers } from '../../drivers/index.js';
import type { CtcFrModel } from '../../drivers/ctc-fr/examine.js';
import type { ReportHeader } from '../../drivers/ctc-fr/ereporting/report-model.js';
import { intake } from '../../src/apps/adapter/services/intake.js';
import { createRegistry } from '../../src/driver-kit/registry.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { LightElement, parseLight } from '../../src/formats/xml/light-tree.js';
import { dec, sum } from '../../src/lib/money.js';
import { FIXTURES_DIR, fixtureConfig } from './fixtures.js';

// What the flux 10 tests share: the vendored DGFiP schemas (fixtures/ctc-fr/ereporting/xsd,
// PROVENANCE.md there), semantic invoices made by the CTC_FR driver's own examination of SPI
// documents, and reading a report back through the light tree.

export const EREPORTING_DIR = join(FIXTURES_DIR, 'ctc-fr', 'ereporting');
const XSD_DIR = join(EREPORTING_DIR, 'xsd');
const IMPORTED = ['report.xsd', 'transaction.xsd', 'payment.xsd', 'parametre.xsd'];

/** libxml2's schema errors of a flux 10 document against the DGFiP XSDs; empty when it is valid. */
export async function flux10SchemaErrors(fileName: string, xml: string): Promise<string[]> {
  const read = (f: string) => ({ fileName: f, contents: readFileSync(join(XSD_DIR, f), 'utf8') });
  const result = await validateXML({ xml: [{ fileName, contents: xml }], schema: [read('ereporting.xsd')], preload: IMPORTED.map(read) });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** The reports' clock: after every date of the examples (G1.07 reads it). */
export const REPORT_NOW = new Date('2026-12-01T09:30:00Z');

/** The PA and the declarant of the examples (the fixtures' seller, Atelier Numérique SAS). */
export const HEADER: ReportHeader = {
  id: 'FR-732829320-2026-11-D1',
  name: 'E-reporting Atelier Numerique',
  issuedAt: REPORT_NOW.toISOString(),
  typeCode: 'IN',
  sender: { matricule: 'PA42', scheme: '0238', name: 'Plateforme Exemple', role: 'WK' },
  issuer: { siren: '732829320', scheme: '0002', name: 'Atelier Numérique SAS', role: 'SE' },
};

const registry = createRegistry(drivers);
const config = fixtureConfig();

export function fixtureBody(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, 'ctc-fr', `${name}.json`), 'utf8')) as Record<string, any>;
}

/** The semantic invoice the CTC_FR driver examines out of an SPI document; throws with the issues when it refuses it. */
export async function semanticOf(body: unknown): Promise<SemanticInvoice> {
  const { examination } = await intake(body, config, registry);
  const model = examination.model as CtcFrModel | undefined;
  if (model?.kind !== 'invoice') throw new Error(`not examined: ${JSON.stringify(examination.issues)}`);
  return model.invoice;
}

export interface SaleLine {
  description: string;
  amount: string;
  percent: string;
  category?: string;
}

/**
 * A sale of the fixtures' seller as an SPI document (the domestic example's parties), its VAT per
 * rate and totals computed from the lines the way EN 16931 does: per breakdown, rounded.
 */
export function saleBody(s: { id: string; issueDate: string; taxDate?: string; creditNoteOf?: { id: string; issueDate: string }; currency?: string; lines: SaleLine[] }): Record<string, any> {
  const body = fixtureBody('domestic-en16931-ubl');
  const breakdowns = new Map<string, { category: string; percent: string; taxable: ReturnType<typeof dec> }>();
  for (const l of s.lines) {
    const category = l.category ?? 'S';
    const key = `${category}|${l.percent}`;
    const b = breakdowns.get(key) ?? { category, percent: l.percent, taxable: dec(0) };
    breakdowns.set(key, { ...b, taxable: b.taxable.plus(dec(l.amount)) });
  }
  const subtotals = [...breakdowns.values()].map((b) => ({ ...b, tax: b.taxable.times(dec(b.percent)).div(100).round(2, 1) }));
  const taxable = sum(subtotals.map((b) => b.taxable));
  const tax = sum(subtotals.map((b) => b.tax));
  const out: Record<string, any> = {
    ...body,
    id: s.id,
    type: s.creditNoteOf ? 'CREDIT_NOTE' : 'INVOICE',
    issue_date: s.issueDate,
    due_date: s.issueDate,
    currency_code: s.currency ?? 'EUR',
    amount: Number(taxable.plus(tax)),
    taxable_amount: Number(taxable),
    amount_due: Number(taxable.plus(tax)),
    document_type: s.creditNoteOf ? 'ubl-creditnote' : 'ubl-invoice',
    lines: s.lines.map((l, i) => ({ id: String(i + 1), description: l.description, quantity: 1, unit_price: Number(l.amount), amount: Number(l.amount), classified_tax_category: [{ category: l.category ?? 'S', country: 'FR', percentage: Number(l.percent) }] })),
    tax_total: {
      tax_amount: Number(tax),
      tax_sub_totals: subtotals.map((b) => ({ taxable_amount: Number(b.taxable), category: b.category, country: 'FR', percentage: Number(b.percent), tax_amount: Number(b.tax) })),
    },
  };
  if (s.taxDate) out['tax_date'] = s.taxDate;
  if (s.creditNoteOf) out['billing_reference'] = [{ invoice_document_reference: { id: s.creditNoteOf.id, issue_date: s.creditNoteOf.issueDate } }];
  return out;
}

export const sale = (s: Parameters<typeof saleBody>[0]) => semanticOf(saleBody(s));

/** A report read back. */
export function readReport(xml: string): LightElement {
  const root = parseLight(xml);
  if ('problem' in root) throw new Error(root.problem);
  return root;
}

export function childrenOf(e: LightElement): LightElement[] {
  const out: LightElement[] = [];
  for (let c = e.firstChild; c; c = c.nextSibling) if (c instanceof LightElement) out.push(c);
  return out;
}

/** Every element at a path of names from `e` (`Invoice/Seller/CompanyId`). */
export function all(e: LightElement, path: string): LightElement[] {
  let level = [e];
  for (const name of path.split('/')) level = level.flatMap((x) => childrenOf(x).filter((c) => c.tagName === name));
  return level;
}

/** The one element at a path; throws when there is none or several. */
export function one(e: LightElement, path: string): LightElement {
  const found = all(e, path);
  if (found.length !== 1) throw new Error(`${found.length} elements at ${path}`);
  return found[0]!;
}

export const text = (e: LightElement, path: string) => one(e, path).textContent;
export const names = (e: LightElement) => childrenOf(e).map((c) => c.tagName);
