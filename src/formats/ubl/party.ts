import type { Address, Contact, Party } from '../en16931/model.js';
import { idEl } from './amount.js';
import type { UblDialect } from './dialect.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

// cac:Party in the order UBL 2.1 requires: EndpointID, PartyIdentification, PartyName,
// PostalAddress, PartyTaxScheme, PartyLegalEntity, Contact.

export function partyEl(party: Party, dialect: UblDialect, contactId?: string): XmlNode {
  return el(
    'cac:Party',
    undefined,
    idEl('cbc:EndpointID', party.endpoint, dialect),
    party.identifications.map((id) => el('cac:PartyIdentification', undefined, idEl('cbc:ID', id, dialect))),
    party.name ? el('cac:PartyName', undefined, leaf('cbc:Name', party.name)) : undefined,
    addressEl('cac:PostalAddress', party.address, dialect),
    party.taxRegistrations.map((t) =>
      el(
        'cac:PartyTaxScheme',
        undefined,
        leaf('cbc:CompanyID', t.companyId, { schemeID: t.scheme }),
        t.taxScheme === 'VAT' ? dialect.vatScheme : el('cac:TaxScheme', undefined, leaf('cbc:ID', t.taxScheme)),
      ),
    ),
    el(
      'cac:PartyLegalEntity',
      undefined,
      leaf('cbc:RegistrationName', party.legal.registrationName),
      idEl('cbc:CompanyID', party.legal.companyId, dialect),
    ),
    contactEl(party.contact, contactId),
  );
}

/** An address aggregate (PostalAddress, DeliveryLocation/Address) in AddressType order. */
export function addressEl(name: string, a: Address, dialect: UblDialect): XmlNode {
  return el(
    name,
    undefined,
    dialect.addressFormat,
    leaf('cbc:StreetName', a.street),
    leaf('cbc:AdditionalStreetName', a.additionalStreet),
    leaf('cbc:CityName', a.city),
    leaf('cbc:PostalZone', a.zip),
    leaf('cbc:CountrySubentity', a.subentity),
    a.line ? el('cac:AddressLine', undefined, leaf('cbc:Line', a.line)) : undefined,
    el('cac:Country', undefined, leaf('cbc:IdentificationCode', a.country)),
  );
}

function contactEl(c: Contact | undefined, id: string | undefined): XmlNode | undefined {
  if (!id && !(c && (c.name || c.telephone || c.email))) return undefined;
  return el('cac:Contact', undefined, leaf('cbc:ID', id), leaf('cbc:Name', c?.name), leaf('cbc:Telephone', c?.telephone), leaf('cbc:ElectronicMail', c?.email));
}
