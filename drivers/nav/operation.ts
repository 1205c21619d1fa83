import type { MainDocument } from '../../src/spi/document.js';
import type { ChainPosition, Operation } from './model.js';

// Which data report a document is (Online Számla 3.0, 2.5): an invoice is CREATE; a credit note
// is the MODIFY of the invoice it references; an invoice resubmitted VOIDED is its STORNO, the
// cancelling document, which reverses every line under a number of its own. A modification names
// its place in the invoice's chain: the modification index (1 for the first) and line references
// that continue after the lines the invoice and its earlier modifications hold.

export const DEFAULT_STORNO_NUMBER = '{number}-STORNO';

export function operationOf(doc: MainDocument): Operation {
  if (doc.type === 'CREDIT_NOTE') return 'MODIFY';
  return doc.status === 'VOIDED' ? 'STORNO' : 'CREATE';
}

/** The cancelling document's own number from the configured pattern. */
export const storNumber = (pattern: string, invoiceNumber: string): string => pattern.replace('{number}', invoiceNumber);

/** The chain's head after a report: how many modifications and lines the invoice's chain holds. */
export interface ChainHead {
  modifications: number;
  lines: number;
}

/**
 * Where a report stands, from the head before it. Without a head (the invoice was not reported
 * through this adapter's store: goldens, the CLI) a modification is taken as the first, of an
 * invoice with as many lines as it has.
 */
export function positionOf(operation: Operation, lines: number, before: ChainHead | undefined): ChainPosition {
  if (operation === 'CREATE') return { modificationIndex: 0, linesBefore: 0 };
  return before ? { modificationIndex: before.modifications + 1, linesBefore: before.lines } : { modificationIndex: 1, linesBefore: lines };
}

/** The head after the report. */
export function headAfter(operation: Operation, lines: number, before: ChainHead | undefined): ChainHead {
  const at = positionOf(operation, lines, before);
  if (operation === 'CREATE') return { modifications: before?.modifications ?? 0, lines };
  return { modifications: at.modificationIndex, lines: at.linesBefore + lines };
}
