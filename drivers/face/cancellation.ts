import type { MainDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { nifOf } from '../../src/code-lists/tax-ids/spanish-nif.js';
import type { FaceSettings } from './settings.js';

// A FACE invoice resubmitted with status VOIDED is a request to cancel it in FACe (anularFactura):
// a new document under the same key (the driver's voidsByResubmission) whose artifact names the
// invoice's registry number and the reason. FACe passes the request to the public body; the
// invoice's own statuses then follow it (cancellation requested, accepted or refused).

export const CANCELLATION_TYPE = 'facturae-cancellation';
/** The provider reference FACe's registry number is kept under (face-transport.ts writes it). */
export const REGISTRY_NUMBER = 'face_registry_number';
const DEFAULT_REASON = 'Anulación solicitada por el emisor';

export interface CancellationRequest {
  /** The issuer's NIF, as the envelope names the sender. */
  emisor: string;
  numero_registro: string;
  numero_factura: string;
  motivo: string;
}

export function isCancellation(doc: MainDocument): boolean {
  return doc.type === 'INVOICE' && doc.status === 'VOIDED';
}

/** The request, or an issue when this adapter never registered the invoice in FACe (the store says which it did). */
export async function cancellationOf(doc: MainDocument, ctx: DocumentContext<FaceSettings>, issues: IssueList): Promise<CancellationRequest | undefined> {
  const registry = (await ctx.acceptedReferences?.(doc.id))?.find((r) => r.key === REGISTRY_NUMBER)?.value;
  if (!registry) {
    issues.invalid('111', 'status', `VOIDED asks FACe to cancel invoice ${doc.id}, but this adapter has no FACe registry number for it (it was not registered through this adapter, or not yet): cancel it in FACe's portal`);
    return undefined;
  }
  const motivo = (doc.note?.trim() || ctx.settings.cancellation_reason || DEFAULT_REASON).slice(0, 2500);
  const party = ctx.entity.party;
  const emisor = nifOf(party.tax_identifiers.find((t) => t.scheme.toUpperCase() === 'VAT')?.id ?? party.legal_entity.company_id ?? '');
  return { emisor, numero_registro: registry, numero_factura: doc.id, motivo };
}
