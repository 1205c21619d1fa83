import type { Artifact, ChainSpec } from '../../src/spi/driver.js';
import type { NavInvoice } from './model.js';
import { headAfter, positionOf, type ChainHead } from './operation.js';
import type { NavSettings } from './settings.js';
import { FIRST, invoiceDataXml, placedInChain } from './xml.js';
import { DOCUMENT_TYPE } from './identity.js';

// The InvoiceData of a document: what the NAV receives, base64 inside manageInvoice. A
// modification's place in its invoice's chain is decided where the document is stored (the
// driver's `chain`), so two modifications of one invoice never share an index or line numbers;
// render alone gives the report as the first modification of an invoice reported with it.

/** The artifact of a cancellation (an invoice resubmitted VOIDED): the transport sends it as STORNO. */
export const STORNO_TYPE = 'nav-storno';

/** The report at its place: an original as written; a modification as the chain's head says. */
const placed = (operation: NavInvoice['operation'], lines: number, xml: string, before: ChainHead | undefined): string =>
  operation === 'CREATE' ? xml : placedInChain(xml, positionOf(operation, lines, before));

const artifactOf = (report: NavInvoice, content: string): Artifact => ({
  documentType: report.operation === 'STORNO' ? STORNO_TYPE : report.operation === 'MODIFY' ? DOCUMENT_TYPE.CREDIT_NOTE : DOCUMENT_TYPE.INVOICE,
  mimeType: 'application/xml',
  content,
});

/** The examined report, unchained. Pure: only writes. */
export function render(report: NavInvoice): Artifact[] {
  return [artifactOf(report, placed(report.operation, report.lines.length, invoiceDataXml(report, FIRST), undefined))];
}

interface ChainInput {
  /** The report written at FIRST (index 1, references from 1): `link` moves it into place. */
  xml: string;
  operation: NavInvoice['operation'];
  lines: number;
  documentType: string;
}

/** One chain per invoice (`NAV:<taxpayer id>:<invoice number>`): its head counts modifications and lines. */
export const chain: ChainSpec<NavSettings, NavInvoice> = {
  prepare(report) {
    const input: ChainInput = { xml: invoiceDataXml(report, FIRST), operation: report.operation, lines: report.lines.length, documentType: artifactOf(report, '').documentType };
    return { key: `NAV:${report.supplier.taxNumber.taxpayerId}:${report.original ?? report.number}`, input };
  },
  link(input, previous) {
    const { xml, operation, lines, documentType } = input as ChainInput;
    const before = previous as ChainHead | undefined;
    return { artifacts: [{ documentType, mimeType: 'application/xml', content: placed(operation, lines, xml, before) }], head: headAfter(operation, lines, before) };
  },
};
