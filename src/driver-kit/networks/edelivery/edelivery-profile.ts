import type { SmlEnvironment } from './access-point-settings.js';

// What one eDelivery network fixes that another may fix differently (issue 41: Peppol and
// NemHandel share the lookup and the AS4 code; where their profiles differ, the difference is
// here): the SML zones, the transport profile an SMP endpoint is published under, how the access
// points name themselves in eb:PartyInfo, the agreement, and the identifier schemes of the
// participants, document types and processes.

export interface EdeliveryProfile {
  /** The driver id whose documents travel this network (`PEPPOL`), which names it in logs and the inbox. */
  readonly network: string;
  /** The SML's DNS zone per environment. */
  readonly smlZones: Readonly<Record<SmlEnvironment, string>>;
  /** The SMP endpoint's transportProfile this access point sends with. */
  readonly transportProfile: string;
  /** eb:PartyId/@type of the access points, and where their id comes from (the certificate's CN). */
  readonly partyIdType: string;
  readonly agreementRef: string;
  /** Identifier schemes (Policy for use of Identifiers): participants, document types, processes. */
  readonly participantScheme: string;
  readonly documentTypeScheme: string;
  readonly processScheme: string;
}

/** Peppol AS4 profile 2.0, SML 1.3.0 (BDXL), Policy for use of Identifiers 4.4.0. */
export const PEPPOL_PROFILE: EdeliveryProfile = {
  network: 'PEPPOL',
  // OpenPeppol's own SML since it took the SML over from the European Commission (drivers/peppol/README.md).
  smlZones: { production: 'participant.sml.prod.tech.peppol.org', test: 'participant.sml.test.tech.peppol.org' },
  transportProfile: 'peppol-transport-as4-v2_0',
  partyIdType: 'urn:fdc:peppol.eu:2017:identifiers:ap',
  agreementRef: 'urn:fdc:peppol.eu:2017:agreements:tia:ap_provider',
  participantScheme: 'iso6523-actorid-upis',
  documentTypeScheme: 'busdox-docid-qns',
  processScheme: 'cenbii-procid-ubl',
};

/**
 * NemHandel eDelivery (the Danish Business Authority's network): Peppol's AS4 profile, SML and SMP
 * specifications with no AS4 or PMode deviation, its own SML zones (one SMP, the NemHandel
 * registry), OIOUBL's process scheme, and its own certificates (OCES system certificates, the
 * trust anchors are settings). Sources and the readings chosen: drivers/nemhandel/README.md.
 */
export const NEMHANDEL_PROFILE: EdeliveryProfile = {
  ...PEPPOL_PROFILE,
  network: 'NEMHANDEL',
  smlZones: { production: 'edel.sml.dataudveksling.dk', test: 'edel.sml-demo.dataudveksling.dk' },
  processScheme: 'oioubl-procid-ubl',
};
