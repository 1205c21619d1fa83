import type { MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import { buildInvoiceData } from './build.js';
import type { NavInvoice } from './model.js';
import { operationOf } from './operation.js';
import type { NavSettings } from './settings.js';
import { DRIVER } from './identity.js';

// Validate and map in one pass: the semantic invoice (EN 16931's arithmetic and rules), then the
// NAV's own choices and checks. What is checked is exactly what render writes.

/** The provider reference a reported invoice carries once the NAV has processed it (DONE): its transaction. */
export const NAV_TRANSACTION = 'navTransactionId';

/** EN 16931 as the arithmetic the report is computed from; its identifiers are never written. */
const NAV_PROFILE: Profile = {
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'NAV Online Számla 3.0' },
  endpointRequired: false,
  buyerReference: () => undefined,
};

export const examine = xmlExaminer<NavSettings, NavInvoice>(DRIVER, async (doc, ctx, issues) => {
  const main = doc as MainDocument;
  const invoice = semanticInvoice(main, ctx, issues, NAV_PROFILE);
  if (!invoice) return undefined;
  const settings = ctx.settings;
  const exemptionCase = settings.entities?.[ctx.entity.id]?.exemption_case ?? settings.exemption_case ?? 'TAM';
  const operation = operationOf(main);
  const report = buildInvoiceData({ invoice, doc: main, settings, exemptionCase, operation }, issues);
  // The NAV takes a modification or cancellation after the invoice's own report is DONE (2.5:
  // processing is asynchronous, so order is not kept otherwise), and the chain that numbers it
  // (the modification index, the line references) is this adapter's only for invoices it
  // reported. Otherwise it goes as the first modification of an invoice with as many lines, and
  // the NAV is the judge: a warning says so.
  if (report?.original !== undefined && ctx.acceptedReferences && !(await ctx.acceptedReferences(report.original))?.some((r) => r.key === NAV_TRANSACTION)) {
    const what = operation === 'STORNO' ? 'cancels' : 'modifies';
    issues.warn('108', operation === 'STORNO' ? 'status' : 'billing_reference', `this document ${what} invoice ${report.original}, whose report this adapter has not seen DONE: it is reported as the invoice's first modification, its line references after its own lines; the NAV refuses it if the invoice's chain already holds them`);
  }
  return report;
});
