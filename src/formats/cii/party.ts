import type { Address, Contact, Party } from '../en16931/model.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';
import { idEl } from './values.js';

// ram:SellerTradeParty / ram:BuyerTradeParty in TradePartyType order: ID / GlobalID (BT-29/46),
// Name (BT-27/44), SpecifiedLegalOrganization (BT-30/47, trading name BT-28/45),
// DefinedTradeContact (BG-6/9), PostalTradeAddress (BG-5/8), URIUniversalCommunication
// (electronic address, BT-34/49), SpecifiedTaxRegistration (VA: VAT identifier BT-31/48; FC: tax
// registration BT-32).

export function tradePartyEl(name: 'ram:SellerTradeParty' | 'ram:BuyerTradeParty', p: Party): XmlNode {
  return el(
    name,
    undefined,
    p.identifications.filter((id) => !id.scheme).map((id) => leaf('ram:ID', id.id)),
    p.identifications.filter((id) => id.scheme).map((id) => idEl('ram:GlobalID', id)),
    leaf('ram:Name', p.legal.registrationName),
    p.legal.companyId || p.name
      ? el('ram:SpecifiedLegalOrganization', undefined, idEl('ram:ID', p.legal.companyId), leaf('ram:TradingBusinessName', p.name))
      : undefined,
    contactEl(p.contact),
    addressEl(p.address),
    p.endpoint ? el('ram:URIUniversalCommunication', undefined, idEl('ram:URIID', p.endpoint)) : undefined,
    p.taxRegistrations.map((t) => el('ram:SpecifiedTaxRegistration', undefined, leaf('ram:ID', t.companyId, { schemeID: t.taxScheme === 'VAT' ? 'VA' : 'FC' }))),
  );
}

/** ram:PostalTradeAddress in TradeAddressType order. */
export function addressEl(a: Address): XmlNode {
  return el(
    'ram:PostalTradeAddress',
    undefined,
    leaf('ram:PostcodeCode', a.zip),
    leaf('ram:LineOne', a.street),
    leaf('ram:LineTwo', a.additionalStreet),
    leaf('ram:LineThree', a.line),
    leaf('ram:CityName', a.city),
    leaf('ram:CountryID', a.country),
    leaf('ram:CountrySubDivisionName', a.subentity),
  );
}

function contactEl(c: Contact | undefined): XmlNode | undefined {
  if (!c || !(c.name || c.telephone || c.email)) return undefined;
  return el(
    'ram:DefinedTradeContact',
    undefined,
    leaf('ram:PersonName', c.name),
    c.telephone ? el('ram:TelephoneUniversalCommunication', undefined, leaf('ram:CompleteNumber', c.telephone)) : undefined,
    c.email ? el('ram:EmailURIUniversalCommunication', undefined, leaf('ram:URIID', c.email)) : undefined,
  );
}
