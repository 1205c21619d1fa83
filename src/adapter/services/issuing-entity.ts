import type { SpiDocument, SpiParty } from '../schemas/document.js';
import type { BusinessEntity, ConfigFile } from '../../config/config-file-schema.js';

// A document is issued by one of the configured business entities: the seller of an invoice
// or credit note, the sender of an application response. It is recognised by any identifier
// the two share (VAT or other tax number, legal registration number, electronic address id),
// compared without spaces, dots or dashes and ignoring case.

function compact(id: string): string {
  return id.toUpperCase().replace(/[\s.\-]/g, '');
}

export function issuingParty(doc: SpiDocument): { path: string; ids: string[] } {
  if (doc.type === 'APPLICATION_RESPONSE') {
    const p = doc.sender_party;
    return { path: 'sender_party', ids: [p.legal_entity.company_id, p.electronic_address?.id].filter((x): x is string => !!x) };
  }
  const p: SpiParty = doc.accounting_supplier_party;
  const ids = [...(p.tax_scheme ?? []).map((t) => t.id), p.legal_entity?.company_id, p.electronic_address?.id];
  return { path: 'accounting_supplier_party', ids: ids.filter((x): x is string => !!x) };
}

function identifiersOf(entity: BusinessEntity): Set<string> {
  const p = entity.party;
  const ids = [...p.tax_identifiers.map((t) => t.id), p.legal_entity.company_id, p.electronic_address?.id];
  return new Set(ids.filter((x): x is string => !!x).map(compact));
}

export function findIssuingEntity(config: ConfigFile, ids: readonly string[]): BusinessEntity | undefined {
  const wanted = ids.map(compact);
  return config.business_entities.find((e) => {
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
