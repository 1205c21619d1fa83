import type { Identifier } from '../en16931/model.js';

// What UBL carries beyond the semantic invoice (src/formats/en16931/model.ts): the application response.

export interface ResponseParty {
  endpoint: Identifier;
  registrationName: string;
  identification?: Identifier | undefined;
  /** PartyName (OIOUBL wants one where no PartyIdentification names the party). */
  name?: string | undefined;
  /** PartyLegalEntity/CompanyID. */
  companyId?: Identifier | undefined;
}

/** A UBL ApplicationResponse (the Peppol Invoice Response and the OIOUBL business response are two). */
export interface UblApplicationResponse {
  customizationId: string;
  profileId: string;
  id: string;
  issueDate: string;
  note?: string | undefined;
  sender: ResponseParty;
  receiver: ResponseParty;
  response: {
    /** Response/ReferenceID: which part of the referenced document is answered (OIOUBL: 1, the whole). */
    referenceId?: string | undefined;
    code: string;
    /** Response/Description: the answer's text (OIOUBL), where Peppol uses Status/StatusReason. */
    description?: string | undefined;
    statuses: { reasonCode: string; listId: string; reason?: string | undefined }[];
  };
  documentReference: { id: string; uuid?: string | undefined; issueDate?: string | undefined; typeCode?: string | undefined };
}
