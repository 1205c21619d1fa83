import type { UblApplicationResponse } from './model.js';
import { idEl } from './amount.js';
import { rootAttrs } from './namespaces.js';
import { el, leaf, serialize, type XmlNode } from '../xml/writer.js';

type ResponseParty = UblApplicationResponse['sender'];

/** A UBL 2.1 ApplicationResponse as XML text (used for the Peppol Invoice Response, T111). */
export function renderApplicationResponse(doc: UblApplicationResponse): string {
  return serialize(applicationResponseEl(doc));
}

export function applicationResponseEl(d: UblApplicationResponse): XmlNode {
  return el(
    'ApplicationResponse',
    rootAttrs('ApplicationResponse'),
    leaf('cbc:CustomizationID', d.customizationId),
    leaf('cbc:ProfileID', d.profileId),
    leaf('cbc:ID', d.id),
    leaf('cbc:IssueDate', d.issueDate),
    leaf('cbc:Note', d.note),
    responsePartyEl('cac:SenderParty', d.sender),
    responsePartyEl('cac:ReceiverParty', d.receiver),
    el(
      'cac:DocumentResponse',
      undefined,
      el(
        'cac:Response',
        undefined,
        leaf('cbc:ResponseCode', d.response.code, { listID: 'UNCL4343OpSubset' }),
        d.response.statuses.map((s) =>
          el('cac:Status', undefined, leaf('cbc:StatusReasonCode', s.reasonCode, { listID: s.listId }), leaf('cbc:StatusReason', s.reason)),
        ),
      ),
      el('cac:DocumentReference', undefined, leaf('cbc:ID', d.documentReference.id), leaf('cbc:DocumentTypeCode', d.documentReference.typeCode)),
    ),
  );
}

function responsePartyEl(name: string, p: ResponseParty): XmlNode {
  return el(
    name,
    undefined,
    idEl('cbc:EndpointID', p.endpoint),
    p.identification ? el('cac:PartyIdentification', undefined, idEl('cbc:ID', p.identification)) : undefined,
    el('cac:PartyLegalEntity', undefined, leaf('cbc:RegistrationName', p.registrationName)),
  );
}
