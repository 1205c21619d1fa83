import { childText, documentElement } from './dom.js';
import { SbdhError } from './sbdh-error.js';

// The Peppol document type identifier of a UBL business document (Policy for use of Identifiers
// 4.4.0, scheme busdox-docid-qns): `<root namespace>::<root local name>##<CustomizationID>::<UBL
// version>`. Peppol's UBL documents are UBL 2.1 (BIS Billing 3.0, the Invoice Response T111) and
// do not carry cbc:UBLVersionID, so the version is 2.1, the syntax version the SBDH's TypeVersion says too.

const UBL_NAMESPACE = /^urn:oasis:names:specification:ubl:schema:xsd:[A-Za-z]+-2$/;
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const UBL_VERSION = '2.1';

/** What identifies a business document's type: its root element and CustomizationID. */
export interface PayloadRoot {
  namespace: string;
  localName: string;
  customizationId: string;
}

/** The root and CustomizationID of a UBL document's root element; anything else is refused (SBDH-005). */
export function payloadRootOf(root: Element): PayloadRoot {
  const namespace = root.namespaceURI ?? '';
  if (!UBL_NAMESPACE.test(namespace)) throw new SbdhError('SBDH-005', `the business document's root {${namespace}}${root.localName} is not a UBL 2 document`);
  const customizationId = childText(root, CBC, 'CustomizationID');
  if (!customizationId) throw new SbdhError('SBDH-005', `the business document ${root.localName} has no cbc:CustomizationID to name its document type`);
  return { namespace, localName: root.localName, customizationId };
}

/** The document type id of a payload root. */
export function documentTypeIdFor(root: PayloadRoot): string {
  return `${root.namespace}::${root.localName}##${root.customizationId}::${UBL_VERSION}`;
}

/** The document type id of a rendered Peppol UBL Invoice, CreditNote or ApplicationResponse. */
export function documentTypeIdOf(businessDocumentXml: string): string {
  return documentTypeIdFor(payloadRootOf(documentElement(businessDocumentXml, 'SBDH-006', 'the business document')));
}

/** What a Peppol sender looks the receiver up by: the document type id and the process id, the document's cbc:ProfileID (BIS 3.0 §3: the process is the profile). */
export function routingOf(businessDocumentXml: string): { documentTypeId: string; processId: string } {
  const root = documentElement(businessDocumentXml, 'SBDH-006', 'the business document');
  const processId = childText(root, CBC, 'ProfileID');
  if (!processId) throw new SbdhError('SBDH-005', `the business document ${root.localName} has no cbc:ProfileID to name its process`);
  return { documentTypeId: documentTypeIdFor(payloadRootOf(root)), processId };
}
