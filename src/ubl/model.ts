import type { Identifier } from '../en16931/model.js';

// What UBL carries beyond the semantic invoice (src/en16931/model.ts): the application response.

/** A UBL ApplicationResponse (the Peppol Invoice Response is one). */
export interface UblApplicationResponse {
  customizationId: string;
  profileId: string;
  id: string;
  issueDate: string;
  note?: string | undefined;
  sender: { endpoint: Identifier; registrationName: string; identification?: Identifier | undefined };
  receiver: { endpoint: Identifier; registrationName: string; identification?: Identifier | undefined };
  response: {
    code: string;
    statuses: { reasonCode: string; listId: string; reason?: string | undefined }[];
  };
  documentReference: { id: string; typeCode?: string | undefined };
}
