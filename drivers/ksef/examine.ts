import type { MainDocument } from '../../src/spi/document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { buildFa3 } from './build.js';
import type { Fa3Invoice } from './model.js';
import type { KsefSettings } from './settings.js';

// Validate and map in one pass: the semantic invoice (EN 16931's arithmetic and rules), then
// FA(3)'s own choices and checks. What is checked is exactly what render writes.

/** EN 16931 as the arithmetic FA(3) is computed from; its identifiers are never written. */
const KSEF_PROFILE: Profile = {
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'FA (3)' },
  endpointRequired: false,
  buyerReference: () => undefined,
};

/** The provider reference an invoice KSeF accepted carries (ksef-transport.ts): its KSeF number, what a corrective invoice names. */
export const KSEF_NUMBER = 'ksefNumber';

export const examine = xmlExaminer<KsefSettings, Fa3Invoice>('KSEF', async (doc, ctx, issues) => {
  const main = doc as MainDocument;
  const invoice = semanticInvoice(main, ctx, issues, KSEF_PROFILE);
  if (!invoice) return undefined;
  const ksefNumbers = await correctedKsefNumbers(invoice, ctx);
  return buildFa3({ invoice, doc: main, settings: ctx.settings, ksefNumberOf: (n) => ksefNumbers.get(n) }, issues);
});

/**
 * The KSeF numbers of the invoices a corrective invoice names, by their numbers: the ones KSeF
 * accepted from this entity, asked of the store before FA(3) is built (which stays synchronous).
 */
async function correctedKsefNumbers(invoice: SemanticInvoice, ctx: DocumentContext<KsefSettings>): Promise<ReadonlyMap<string, string>> {
  const numbers = new Map<string, string>();
  const accepted = ctx.acceptedReferences;
  if (invoice.kind !== 'CreditNote' || !accepted) return numbers;
  for (const { id } of invoice.billingReferences) {
    const ksefNumber = (await accepted(id))?.find((r) => r.key === KSEF_NUMBER)?.value;
    if (ksefNumber !== undefined) numbers.set(id, ksefNumber);
  }
  return numbers;
}
