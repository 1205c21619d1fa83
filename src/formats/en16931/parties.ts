import type { SpiParty } from '../../spi/document.js';
import type { BusinessEntity } from '../../spi/business-entity.js';
import type { IssueList } from '../../spi/issues.js';
import type { Address, Identifier, Party } from './model.js';
import { companyIdScheme, deriveEndpoint, easKnown } from './electronic-address.js';

// Seller and buyer parties. The document's own party data wins; for the seller, the business
// entity's configuration supplies what no SPI field carries (contact, electronic address,
// registration scheme). Nothing is invented: a missing requirement is an issue.

export function vatIdsOf(party: SpiParty): string[] {
  return (party.tax_scheme ?? []).filter((t) => t.scheme.trim().toUpperCase() === 'VAT').map((t) => t.id.trim());
}

function otherTaxIdOf(party: SpiParty): { id: string; scheme: string } | undefined {
  const other = (party.tax_scheme ?? []).find((t) => t.scheme.trim().toUpperCase() !== 'VAT');
  return other ? { id: other.id.trim(), scheme: other.scheme.trim().toUpperCase() } : undefined;
}

export function addressOf(a: SpiParty['address']): Address {
  return { street: a.line_1, additionalStreet: a.line_2, line: a.line_3, city: a.city, zip: a.zip, subentity: a.division, country: a.country };
}

export interface PartyOptions {
  /** Drop VAT identifiers: a "not subject to VAT" (O) invoice must not carry them (BR-O-02..04). */
  withoutVat: boolean;
  /** The format requires the electronic address (BT-34, BT-49): Peppol and XRechnung do, plain EN 16931 does not. */
  endpointRequired: boolean;
}

export function supplierParty(p: SpiParty, entity: BusinessEntity, path: string, issues: IssueList, o: PartyOptions): Party | undefined {
  const conf = entity.party;
  const registrationName = p.legal_entity?.registration_name ?? p.name ?? conf.legal_entity.registration_name;
  const fromDoc = p.legal_entity?.company_id;
  const companyId: Identifier | undefined = fromDoc
    ? { id: fromDoc, scheme: companyIdScheme(fromDoc, p.address.country) }
    : conf.legal_entity.company_id
      ? { id: conf.legal_entity.company_id, scheme: conf.legal_entity.company_id_scheme }
      : undefined;
  const vatIds = vatIdsOf(p);
  if (vatIds.length === 0 && !companyId) {
    issues.missing('010', `${path}.tax_scheme`, 'the seller needs a VAT identifier or a legal registration identifier (BR-CO-26)');
  }
  const endpoint = p.electronic_address ?? conf.electronic_address ?? deriveEndpoint({ vatIds, companyId: companyId?.id, country: p.address.country });
  if (!endpoint && o.endpointRequired) {
    issues.missing('011', `${path}.electronic_address`, 'no electronic address (BT-34): configure party.electronic_address for this business entity, or send a valid VAT number');
    return undefined;
  }
  if (endpoint && !checkScheme(endpoint, path, issues)) return undefined;
  return {
    endpoint,
    identifications: p.identifier ? [{ id: p.identifier.id, scheme: p.identifier.scheme }] : [],
    name: p.name && p.name !== registrationName ? p.name : undefined,
    address: addressOf(p.address),
    taxRegistrations: registrations(o.withoutVat ? [] : vatIds, otherTaxIdOf(p)),
    legal: { registrationName, companyId },
    contact: conf.contact,
  };
}

export function customerParty(p: SpiParty, path: string, issues: IssueList, o: PartyOptions): Party | undefined {
  const registrationName = p.legal_entity?.registration_name ?? p.name;
  if (!registrationName) issues.missing('012', `${path}.legal_entity.registration_name`, 'the buyer needs a name (BT-44): send legal_entity.registration_name or name');
  const vatIds = vatIdsOf(p);
  const company = p.legal_entity?.company_id;
  const companyId = company ? { id: company, scheme: companyIdScheme(company, p.address.country) } : undefined;
  const endpoint = p.electronic_address ?? deriveEndpoint({ vatIds, companyId: company, country: p.address.country });
  const endpointMissing = !endpoint && o.endpointRequired;
  if (endpointMissing) issues.missing('011', `${path}.electronic_address`, 'no electronic address (BT-49) can be derived for the buyer: send electronic_address {scheme, id} or a valid VAT number');
  if (!registrationName || endpointMissing || (endpoint && !checkScheme(endpoint, path, issues))) return undefined;
  return {
    endpoint,
    identifications: p.identifier ? [{ id: p.identifier.id, scheme: p.identifier.scheme }] : [],
    name: p.name && p.name !== registrationName ? p.name : undefined,
    address: addressOf(p.address),
    taxRegistrations: registrations(o.withoutVat ? [] : vatIds.slice(0, 1), undefined),
    legal: { registrationName, companyId },
    contact: p.contact,
  };
}

/** BT-31 (one VAT identifier) and BT-32 (one other tax registration, e.g. a German Steuernummer). */
function registrations(vatIds: string[], other: { id: string; scheme: string } | undefined): Party['taxRegistrations'] {
  const out: Party['taxRegistrations'] = vatIds.slice(0, 1).map((id) => ({ companyId: id, taxScheme: 'VAT' }));
  if (other) out.push({ companyId: other.id, taxScheme: other.scheme });
  return out;
}

/** Derived addresses always use listed schemes; an explicit one is checked (PEPPOL-EN16931-CL008). */
export function checkScheme(endpoint: Identifier, path: string, issues: IssueList): boolean {
  if (easKnown(endpoint)) return true;
  issues.invalid('013', `${path}.electronic_address.scheme`, `${endpoint.scheme ?? '(none)'} is not a Peppol EAS code`);
  return false;
}
