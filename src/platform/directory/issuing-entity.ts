import { compactId } from '../../code-lists/identifier.js';
import type { SpiDocument, SpiParty } from '../../spi/document.js';
import type { BusinessEntity } from '../../spi/business-entity.js';

// A document is issued by one of the configured business entities: the seller of an invoice
// or credit note, the sender of an application response. It is recognised by any identifier
// the two share (VAT or other tax number, legal registration number, electronic address id),
// compared without spaces, dots or dashes and ignoring case.

/**
 * The issuer's identifiers. Lenient about shape, because it also reads the standard fields of a
 * submission whose legal document comes from `overrides` (those fields were never checked).
 */
export function issuingParty(doc: SpiDocument | Record<string, unknown>): { path: string; ids: string[] } {
  const d = doc as Partial<SpiDocument> & { sender_party?: Partial<SpiParty> };
  const path = d.type === 'APPLICATION_RESPONSE' ? 'sender_party' : 'accounting_supplier_party';
  const p = (d.type === 'APPLICATION_RESPONSE' ? d.sender_party : (d as { accounting_supplier_party?: SpiParty }).accounting_supplier_party) as Partial<SpiParty> | undefined;
  const taxIds = Array.isArray(p?.tax_scheme) ? p.tax_scheme.map((t) => t?.id) : [];
  const ids = [...taxIds, p?.legal_entity?.company_id, p?.electronic_address?.id];
  return { path, ids: ids.filter((x): x is string => typeof x === 'string' && x.length > 0) };
}

// Entities are frozen snapshots (the directory's, the configuration's): their identifiers are
// computed once per entity instead of once per submission.
const known = new WeakMap<BusinessEntity, Set<string>>();

/** The entity's identifiers, compacted: what submissions find it by. */
export function identifiersOf(entity: BusinessEntity): Set<string> {
  let ids = known.get(entity);
  if (!ids) {
    ids = compacted(entity);
    if (Object.isFrozen(entity)) known.set(entity, ids);
  }
  return ids;
}

function compacted(entity: BusinessEntity): Set<string> {
  const p = entity.party;
  const ids = [...p.tax_identifiers.map((t) => t.id), p.legal_entity.company_id, p.electronic_address?.id];
  return new Set(ids.filter((x): x is string => !!x).map(compactId));
}

export function findIssuingEntity<E extends BusinessEntity>(entities: readonly E[], ids: readonly string[]): E | undefined {
  const wanted = ids.map(compactId);
  return entities.find((e) => {
    const known = identifiersOf(e);
    return wanted.some((id) => known.has(id));
  });
}

/** Whether the entity has a completed activation for exactly this scenario and document type. */
export function isActivated(entity: BusinessEntity, s: { model: string; country: string; transactionType: string; documentType: string }): boolean {
  return entity.activations.some(
    (a) =>
      a.status.code === 'COMPLETED' &&
      a.country_activations.some(
        (c) => c.model === s.model && c.country === s.country && c.einvoicing_type === s.transactionType && c.supported_document_types.includes(s.documentType),
      ),
  );
}
