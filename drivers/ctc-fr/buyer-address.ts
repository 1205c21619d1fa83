import type { MainDocument } from '../../src/spi/document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { Identifier } from '../../src/formats/en16931/model.js';
import { isSiret } from '../../src/code-lists/tax-ids/french-ids.js';
import { buyerSiren } from './french-invoice.js';

// A French buyer the document gives no electronic address (BT-49) receives where the directory
// says: its facility's line when the document names the facility (a SIRET as company id), else
// the line of its SIREN, else its only line. Asked of the entity's approved platform while the
// document is examined (DocumentContext.receivers), so the invoice is written to the address
// the platforms route by, and a buyer the directory does not have is a 400 at once. When the
// directory cannot be asked, or no network runs (goldens, the CLI's render), the address is the
// SIREN, the line every company has; the transport checks it again before depositing.

export async function buyerAddress(doc: MainDocument, ctx: Pick<DocumentContext, 'receivers'>, issues: IssueList): Promise<Identifier | undefined> {
  const buyer = doc.accounting_customer_party;
  if (buyer.address.country !== 'FR' || buyer.electronic_address || !ctx.receivers) return undefined;
  const siren = buyerSiren(buyer);
  if (!siren) return undefined; // the French rules say what is missing (CTC_FR-111)
  const companyId = buyer.legal_entity?.company_id;
  const siret = companyId && isSiret(companyId) ? companyId : undefined;
  const answer = await ctx.receivers([{ scheme: '0002', id: siren }, ...(siret ? [{ scheme: '0009', id: siret }] : [])]);
  if ('found' in answer) return { scheme: answer.found.scheme, id: answer.found.id };
  if ('absent' in answer) issues.invalid('114', 'accounting_customer_party', `${answer.absent} (the approved platform's directory)`);
  return undefined;
}
