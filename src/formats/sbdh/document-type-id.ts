import { expandedName, scanRoot, type RootScan } from '../xml/root-scan.js';
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


const CUSTOMIZATION_ID = expandedName(CBC, 'CustomizationID');
const PROFILE_ID = expandedName(CBC, 'ProfileID');

/** The scan of a business document's text (xml/root-scan.ts), refused as SBDH-006 when its start cannot be read. */
export function scanPayload(businessDocumentXml: string, inScope?: ReadonlyMap<string, string>): RootScan {
  try {
    return scanRoot(businessDocumentXml, [CUSTOMIZATION_ID, PROFILE_ID], inScope);
  } catch (err) {
    throw new SbdhError('SBDH-006', `the business document cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The root and CustomizationID of a scanned business document; anything but a UBL 2 document with one is refused (SBDH-005). */
export function payloadRootOf(scan: RootScan): PayloadRoot {
  if (!UBL_NAMESPACE.test(scan.namespace)) throw new SbdhError('SBDH-005', `the business document's root {${scan.namespace}}${scan.localName} is not a UBL 2 document`);
  const customizationId = scan.children.get(CUSTOMIZATION_ID);
  if (!customizationId) throw new SbdhError('SBDH-005', `the business document ${scan.localName} has no cbc:CustomizationID to name its document type`);
  return { namespace: scan.namespace, localName: scan.localName, customizationId };
}

/** The document type id of a payload root. */
export function documentTypeIdFor(root: PayloadRoot): string {
  return `${root.namespace}::${root.localName}##${root.customizationId}::${UBL_VERSION}`;
}

/** The document type id of a rendered Peppol UBL Invoice, CreditNote or ApplicationResponse. */
export function documentTypeIdOf(businessDocumentXml: string): string {
  return documentTypeIdFor(payloadRootOf(scanPayload(businessDocumentXml)));
}

/** What a Peppol sender looks the receiver up by: the document type id and the process id, the document's cbc:ProfileID (BIS 3.0 §3: the process is the profile). */
export function routingOf(businessDocumentXml: string): { documentTypeId: string; processId: string } {
  const scan = scanPayload(businessDocumentXml);
  const documentTypeId = documentTypeIdFor(payloadRootOf(scan));
  const processId = scan.children.get(PROFILE_ID);
  if (!processId) throw new SbdhError('SBDH-005', `the business document ${scan.localName} has no cbc:ProfileID to name its process`);
  return { documentTypeId, processId };
}
