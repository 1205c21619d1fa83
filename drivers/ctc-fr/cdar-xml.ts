import { formattedDateEl, idEl } from '../../src/formats/cii/values.js';
import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import { CDV_GUIDELINE, type CdarMessage, type CdarParty } from './cdar-model.js';

// The CDAR writer: element order of the D22B schema (CrossDomainAcknowledgementAndResponse_100pD22B),
// dates and times in format 204 (YYYYMMDDHHMMSS, UTC). Pure: it only writes the model.

const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** `2026-09-01T10:15:00.000Z` → `20260901101500`. */
export function dateTime204(iso: string): string {
  return iso.slice(0, 19).replace(/[-T:]/g, '');
}

const dateTimeEl = (name: string, iso: string | undefined) => (iso ? el(name, undefined, leaf('udt:DateTimeString', dateTime204(iso), { format: '204' })) : undefined);

export function renderCdar(m: CdarMessage): string {
  const i = m.invoice;
  const detailed = i.reason || i.action;
  return serialize(
    el(
      'rsm:CrossDomainAcknowledgementAndResponse',
      NS,
      el(
        'rsm:ExchangedDocumentContext',
        undefined,
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', undefined, leaf('ram:ID', m.businessProcess)),
        el('ram:GuidelineSpecifiedDocumentContextParameter', undefined, leaf('ram:ID', CDV_GUIDELINE)),
      ),
      el(
        'rsm:ExchangedDocument',
        undefined,
        leaf('ram:ID', m.id),
        leaf('ram:Name', m.name),
        dateTimeEl('ram:IssueDateTime', m.issuedAt),
        partyEl('ram:SenderTradeParty', m.sender),
        partyEl('ram:IssuerTradeParty', m.issuer),
        m.recipients.map((r) => partyEl('ram:RecipientTradeParty', r)),
      ),
      el(
        'rsm:AcknowledgementDocument',
        undefined,
        el('ram:MultipleReferencesIndicator', undefined, leaf('udt:Indicator', 'false')),
        leaf('ram:TypeCode', i.status.phase),
        dateTimeEl('ram:IssueDateTime', m.issuedAt),
        el(
          'ram:ReferenceReferencedDocument',
          undefined,
          leaf('ram:IssuerAssignedID', i.id),
          leaf('ram:StatusCode', i.status.statusCode),
          leaf('ram:TypeCode', i.typeCode),
          dateTimeEl('ram:ReceiptDateTime', i.receivedAt),
          formattedDateEl('ram:FormattedIssueDateTime', i.issueDate),
          leaf('ram:ProcessConditionCode', i.status.code),
          leaf('ram:ProcessCondition', i.status.label),
          el('ram:IssuerTradeParty', undefined, idEl('ram:GlobalID', i.seller), leaf('ram:RoleCode', 'SE')),
          detailed
            ? el(
                'ram:SpecifiedDocumentStatus',
                undefined,
                leaf('ram:ReasonCode', i.reason?.code),
                leaf('ram:Reason', i.reason?.text),
                leaf('ram:RequestedActionCode', i.action?.code),
                leaf('ram:RequestedAction', i.action?.text),
                // MDT-124-2, the detail's sequence number, is required with any detail (BR-FR-CDV-16).
                leaf('ram:SequenceNumeric', '1'),
              )
            : undefined,
        ),
      ),
    ),
  );
}

function partyEl(name: string, p: CdarParty): XmlNode {
  return el(
    name,
    undefined,
    idEl('ram:GlobalID', p.globalId),
    leaf('ram:Name', p.name),
    leaf('ram:RoleCode', p.role),
    p.address ? el('ram:URIUniversalCommunication', undefined, idEl('ram:URIID', p.address)) : undefined,
  );
}
