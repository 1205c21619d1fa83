// The French lifecycle statuses (CDV, "cycle de vie"), as the FNFE-MPE rules of XP Z12-012 1.4
// define them (BR-FR-CDV-CL-06, -09, -15): code, label, phase, the document status code (MDT-88)
// the official examples pair with it, the reasons each accepts, and the SPI status it means.

export interface LifecycleStatus {
  /** MDT-105 ProcessConditionCode. */
  readonly code: string;
  /** MDT-106 ProcessCondition, as the official examples write it. */
  readonly label: string;
  /** MDT-77: 305 for the platforms' transmission phase, 23 for the parties' processing phase. */
  readonly phase: '305' | '23';
  /** MDT-88 StatusCode, where the official examples give one. */
  readonly statusCode?: string;
  /** The SPI status the status gives the invoice it is about. */
  readonly spi: string;
  /** A reason (MDT-113) is required (BR-FR-CDV-15); the reasons this status accepts (BR-FR-CDV-CL-09). */
  readonly reasons?: readonly string[];
  /** Nothing follows: tracking the invoice can stop. */
  readonly final?: boolean;
}

const REFUSAL_REASONS = ['TX_TVA_ERR', 'MONTANTTOTAL_ERR', 'CALCUL_ERR', 'NON_CONFORME', 'DOUBLON', 'DEST_ERR', 'TRANSAC_INC', 'EMMET_INC', 'CONTRAT_TERM', 'DOUBLE_FACT', 'CMD_ERR', 'ADR_ERR', 'REF_CT_ABSENT'];
const PARTIAL_REASONS = ['AUTRE', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR', 'PU_ERR', 'REM_ERR', 'QTE_ERR', 'ART_ERR', 'MODPAI_ERR', 'QUALITE_ERR', 'LIVR_INCOMP'];
const DISPUTE_REASONS = ['AUTRE', 'COORD_BANC_ERR', 'TX_TVA_ERR', 'MONTANTTOTAL_ERR', 'CALCUL_ERR', 'NON_CONFORME', 'DOUBLON', 'DEST_INC', 'DEST_ERR', 'TRANSAC_INC', 'EMMET_INC', 'CONTRAT_TERM', 'DOUBLE_FACT', 'CMD_ERR', 'ADR_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR', 'PU_ERR', 'REM_ERR', 'QTE_ERR', 'ART_ERR', 'MODPAI_ERR', 'QUALITE_ERR', 'LIVR_INCOMP'];
const SUSPENSION_REASONS = ['JUSTIF_ABS', 'COORD_BANC_ERR', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR'];
const PLATFORM_REJECTION_REASONS = ['MONTANTTOTAL_ERR', 'CALCUL_ERR', 'DOUBLON', 'DEST_INC', 'ADR_ERR', 'REJ_SEMAN', 'REJ_UNI', 'REJ_COH', 'REJ_ADR', 'REJ_CONT_B2G', 'REJ_REF_PJ', 'REJ_ASS_PJ'];
const INADMISSIBLE_REASONS = ['IRR_VIDE_F', 'IRR_TYPE_F', 'IRR_SYNTAX', 'IRR_TAILLE_PJ', 'IRR_NOM_PJ', 'IRR_VID_PJ', 'IRR_EXT_DOC', 'IRR_TAILLE_F', 'IRR_ANTIVIRUS', 'IRR_NOM_F'];

const STATUSES: readonly LifecycleStatus[] = [
  { code: '200', label: 'Déposée', phase: '305', statusCode: '10', spi: 'IN_PROGRESS' },
  { code: '201', label: 'Émise par la plateforme', phase: '305', spi: 'IN_PROGRESS' },
  { code: '202', label: 'Reçue', phase: '305', statusCode: '43', spi: 'MESSAGE_ACKNOWLEDGEMENT' },
  { code: '203', label: 'Mise à disposition', phase: '305', statusCode: '48', spi: 'SUCCESS' },
  { code: '204', label: 'Prise en charge', phase: '23', statusCode: '45', spi: 'IN_PROCESS' },
  { code: '205', label: 'Approuvée', phase: '23', statusCode: '1', spi: 'ACCEPTED' },
  { code: '206', label: 'Approuvée partiellement', phase: '23', spi: 'CONDITIONALLY_ACCEPTED', reasons: PARTIAL_REASONS },
  { code: '207', label: 'En litige', phase: '23', statusCode: '46', spi: 'UNDER_QUERY', reasons: DISPUTE_REASONS },
  { code: '208', label: 'Suspendue', phase: '23', spi: 'UNDER_QUERY', reasons: SUSPENSION_REASONS },
  { code: '210', label: 'Refusée', phase: '23', statusCode: '50', spi: 'REJECTED', reasons: REFUSAL_REASONS, final: true },
  { code: '211', label: 'Paiement transmis', phase: '23', statusCode: '47', spi: 'PAID' },
  { code: '212', label: 'Encaissée', phase: '23', statusCode: '47', spi: 'PAID', final: true },
  { code: '213', label: 'Rejetée', phase: '305', statusCode: '8', spi: 'FAILED', reasons: PLATFORM_REJECTION_REASONS, final: true },
  { code: '220', label: 'Annulée', phase: '23', spi: 'FAILED', final: true },
  { code: '221', label: 'Erreur de routage', phase: '305', spi: 'FAILED', reasons: ['ROUTAGE_ERR'], final: true },
  { code: '501', label: 'Irrecevable', phase: '305', spi: 'FAILED', reasons: INADMISSIBLE_REASONS, final: true },
];

export const LIFECYCLE: ReadonlyMap<string, LifecycleStatus> = new Map(STATUSES.map((s) => [s.code, s]));

/**
 * The buyer's statuses an SPI application response says (the SPI's statuses are the buyer's
 * answers, as Peppol's UNCL4343 codes are): MESSAGE_ACKNOWLEDGEMENT has no buyer status of its
 * own, since receipt is the platforms' (202, 203).
 */
export const RESPONSE_STATUS_CODES: Readonly<Record<string, string>> = Object.freeze({
  IN_PROCESS: '204',
  ACCEPTED: '205',
  CONDITIONALLY_ACCEPTED: '206',
  UNDER_QUERY: '207',
  REJECTED: '210',
  PAID: '211',
});

/** Peppol's clarification codes (OPStatusReason, the SPI's `reason_code`) in the French list (MDT-113). */
export const FRENCH_REASON_OF: Readonly<Record<string, string>> = Object.freeze({
  REF: 'REF_ERR',
  LEG: 'NON_CONFORME',
  REC: 'DEST_ERR',
  QUA: 'QUALITE_ERR',
  DEL: 'LIVR_INCOMP',
  PRI: 'PU_ERR',
  QTY: 'QTE_ERR',
  ITM: 'ART_ERR',
  PAY: 'MODPAI_ERR',
  UNR: 'TRANSAC_INC',
  OTH: 'AUTRE',
});

/** The requested actions (MDT-121, BR-FR-CDV-CL-10): the SPI's `action_code`. */
export const ACTION_CODES: ReadonlySet<string> = new Set(['NOA', 'PIN', 'NIN', 'CNF', 'CNP', 'CNA', 'OTH']);
