import { sees, type Principal } from '../../../platform/directory/directory.js';
import { SpiError } from '../../../platform/http/errors.js';
import { type SpiErrorItem } from '../../../spi/error-item.js';
import type { StatusRecord } from '../../../platform/store/documents.js';
import type { Store } from '../../../platform/store/store.js';
import type { DocumentStatusBody } from '../schemas/responses.js';

// GET /einvoicing/documents/{document_id}/status: the latest entry of the document's status
// history, in the SPI's `document_status` shape. The platform polls it when callbacks are late,
// so it answers from the same rows callbacks are made from. `provider_response` gathers every
// raw payload the history holds, oldest first, and `provider_references` every reference given,
// both as the JSON strings the SPI asks for; `processing_details` carries the errors the
// current status reports.

export async function documentStatus(id: string, store: Pick<Store, 'documents'>, principal: Principal): Promise<DocumentStatusBody> {
  const merchantId = await store.documents.merchantOf(id);
  const history = merchantId !== undefined && sees(principal, merchantId) ? await store.documents.statusHistory(id) : undefined;
  if (!history || history.statuses.length === 0) throw SpiError.one(404, 'NOT_FOUND', `There is no document ${id}.`);
  const current = history.statuses[history.statuses.length - 1]!;
  const errors = current.errors ? (JSON.parse(current.errors) as (SpiErrorItem & { help_url?: string })[]) : [];
  const payloads = history.statuses.filter((s) => s.providerPayload !== null).map((s) => ({ source: s.source, received_at: s.createdAt, payload: JSON.parse(s.providerPayload!) as unknown }));
  const references = distinctReferences(history.statuses);
  return {
    document_id: history.id,
    status: current.status as DocumentStatusBody['status'],
    submission_date: history.createdAt,
    ...(errors.length > 0 && { processing_details: { errors } }),
    ...(payloads.length > 0 && { provider_response: JSON.stringify(payloads) }),
    ...(references.length > 0 && { provider_references: JSON.stringify(references) }),
  };
}

/** Every `{key, value}` the history gave, in the order first given, each pair once. */
function distinctReferences(statuses: readonly StatusRecord[]): { key: string; value: string }[] {
  const seen = new Set<string>();
  const out: { key: string; value: string }[] = [];
  for (const s of statuses) {
    for (const ref of s.providerReferences ? (JSON.parse(s.providerReferences) as { key: string; value: string }[]) : []) {
      const k = JSON.stringify([ref.key, ref.value]);
      if (!seen.has(k)) {
        seen.add(k);
        out.push({ key: ref.key, value: ref.value });
      }
    }
  }
  return out;
}
