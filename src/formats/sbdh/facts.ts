// What a Peppol Business Message Envelope (SBDH, specification 2.0.2) says about the document it
// wraps: who sends it to whom, which document type and process (the SMP lookup's keys), the C1
// country (mandatory since 2.0, for the network's statistics) and the message level response
// parameters of 2.0.2. Values as the Peppol Policy for use of Identifiers 4.4.0 writes them.

export const SBDH_NAMESPACE = 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader';
export const HEADER_VERSION = '1.0';
/** The authority of Sender, Receiver and MLS_TO: participant ids as `scheme:value` (`0088:7315458756324`). */
export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';
export const DOCUMENT_TYPE_SCHEME = 'busdox-docid-qns';
export const PROCESS_SCHEME = 'cenbii-procid-ubl';
/** The process schemes an envelope may name: Peppol's, and OIOUBL's on NemHandel eDelivery (its profiles, `Procurement-BilSim-1.0`). */
export const PROCESS_SCHEMES: readonly string[] = [PROCESS_SCHEME, 'oioubl-procid-ubl'];

export const SCOPE = { documentType: 'DOCUMENTID', process: 'PROCESSID', countryC1: 'COUNTRY_C1', mlsTo: 'MLS_TO', mlsType: 'MLS_TYPE' } as const;

/** When the receiver's access point sends a message level response (2.0.2): always, or only on failure. */
export const MLS_TYPES = ['FAILURE_ONLY', 'ALWAYS_SEND'] as const;
export type MlsType = (typeof MLS_TYPES)[number];

/** ISO 3166-1 alpha-2 as the specification's case-sensitive pattern has it (XK and 1A included). */
export const COUNTRY_C1 = /^[A-Z0-9][A-Z0-9]$/;
/** A participant id value of scheme iso6523-actorid-upis: a four-digit ICD, a colon, the identifier. */
export const PARTICIPANT_ID = /^[0-9]{4}:\S+$/;

export interface EnvelopeFacts {
  /** C1's participant id value (`0088:…`), of scheme iso6523-actorid-upis. */
  sender: string;
  /** C4's participant id value, as registered in the SML/SMP. */
  receiver: string;
  /** The full document type id (`…Invoice-2::Invoice##<CustomizationID>::2.1`), of scheme busdox-docid-qns. */
  documentTypeId: string;
  /** The process id (`urn:fdc:peppol.eu:2017:poacc:billing:01:1.0`), of scheme cenbii-procid-ubl unless `processScheme` says another. */
  processId: string;
  /** One of PROCESS_SCHEMES when not cenbii-procid-ubl (NemHandel's oioubl-procid-ubl). */
  processScheme?: string | undefined;
  /** C1's country, ISO 3166-1 alpha-2. */
  countryC1: string;
  /** Unique per envelope: a UUID the caller makes (the writer stays pure). */
  instanceIdentifier: string;
  /** When the envelope was made, given by the caller; written in UTC. */
  creationDateAndTime: Date;
  /** Where a message level response goes, when not to the sender (a participant id value). */
  mlsTo?: string | undefined;
  mlsType?: MlsType | undefined;
}

/** An envelope read back: its facts and the business document it carries, as text. */
export interface ReadEnvelope {
  facts: EnvelopeFacts;
  /** The business document from its root element's start tag to its end tag, then a newline; no XML declaration. */
  businessDocument: string;
}
