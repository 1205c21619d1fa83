import type { ResponseParty, UblApplicationResponse } from './model.js';
import { idEl } from './amount.js';
import { codeEl, EN16931_UBL, type UblDialect } from './dialect.js';
import { rootAttrs } from './namespaces.js';
import { el, leaf, serialize, type XmlNode } from '../xml/writer.js';

/** A UBL 2.1 ApplicationResponse as XML text (the Peppol Invoice Response T111, the OIOUBL business response). */
export function renderApplicationResponse(doc: UblApplicationResponse, dialect: UblDialect = EN16931_UBL): string {
  return serialize(applicationResponseEl(doc, dialect));
}

export function applicationResponseEl(d: UblApplicationResponse, dialect: UblDialect = EN16931_UBL): XmlNode {
  const ref = d.documentReference;
  return el(
    'ApplicationResponse',
    rootAttrs('ApplicationResponse'),
    leaf('cbc:UBLVersionID', dialect.ublVersionId),
    leaf('cbc:CustomizationID', d.customizationId),
    codeEl('cbc:ProfileID', d.profileId, dialect),
    leaf('cbc:ID', d.id),
    dialect.afterId,
    leaf('cbc:IssueDate', d.issueDate),
    leaf('cbc:Note', d.note),
    responsePartyEl('cac:SenderParty', d.sender, dialect),
    responsePartyEl('cac:ReceiverParty', d.receiver, dialect),
    el(
      'cac:DocumentResponse',
      undefined,
      el(
        'cac:Response',
        undefined,
        leaf('cbc:ReferenceID', d.response.referenceId),
        codeEl('cbc:ResponseCode', d.response.code, dialect, { listID: 'UNCL4343OpSubset' }),
        leaf('cbc:Description', d.response.description),
        d.response.statuses.map((s) =>
          el('cac:Status', undefined, leaf('cbc:StatusReasonCode', s.reasonCode, { listID: s.listId }), leaf('cbc:StatusReason', s.reason)),
        ),
      ),
      el(
        'cac:DocumentReference',
        undefined,
        leaf('cbc:ID', ref.id),
        leaf('cbc:UUID', ref.uuid),
        leaf('cbc:IssueDate', ref.issueDate),
        codeEl('cbc:DocumentTypeCode', ref.typeCode, dialect),
      ),
    ),
  );
}

function responsePartyEl(name: string, p: ResponseParty, dialect: UblDialect): XmlNode {
  return el(
    name,
    undefined,
    idEl('cbc:EndpointID', p.endpoint, dialect),
    p.identification ? el('cac:PartyIdentification', undefined, idEl('cbc:ID', p.identification, dialect)) : undefined,
    p.name ? el('cac:PartyName', undefined, leaf('cbc:Name', p.name)) : undefined,
    el('cac:PartyLegalEntity', undefined, leaf('cbc:RegistrationName', p.registrationName), idEl('cbc:CompanyID', p.companyId, dialect)),
  );
}
