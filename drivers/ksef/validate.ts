import type { MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import { buildFa3 } from './fa3-build.js';
import type { Fa3Invoice } from './fa3-model.js';
import type { KsefSettings } from './settings.js';

// Validate and map in one pass: the semantic invoice (EN 16931's arithmetic and rules), then
// FA(3)'s own choices and checks. What is checked is exactly what render writes.

/** EN 16931 as the arithmetic FA(3) is computed from; its identifiers are never written. */
const KSEF_PROFILE: Profile = {
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'FA (3)' },
  endpointRequired: false,
  buyerReference: () => undefined,
};

export const KSEF_NUMBER = 'ksefNumber';

export type Examination = { issues: IssueList; fa3: Fa3Invoice | undefined };

/** Validates and maps once per document: validate and render share it (the clock decides nothing in it). */
export const examine = perDocument((doc: SpiDocument, ctx: DocumentContext): Examination => {
  const issues = new IssueList('KSEF');
  checkCommon(doc, 'KSEF', issues);
  const main = doc as MainDocument;
  const invoice = semanticInvoice(main, ctx, issues, KSEF_PROFILE);
  if (!invoice) return { issues, fa3: undefined };
  const ksefNumberOf = (n: string) => ctx.acceptedReferences?.(n)?.find((r) => r.key === KSEF_NUMBER)?.value;
  const fa3 = buildFa3({ invoice, doc: main, settings: ctx.settings as KsefSettings, ksefNumberOf }, issues);
  return { issues, fa3: issues.hasErrors ? undefined : fa3 };
});
