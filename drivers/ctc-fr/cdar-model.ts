import type { Identifier } from '../../src/formats/en16931/model.js';
import type { LifecycleStatus } from './lifecycle.js';

// A lifecycle message (CDV, flux 6) as a UN/CEFACT Cross Domain Acknowledgement And Response
// (CDAR D22B) in the French profile `urn.cpro.gouv.fr:1p0:CDV:invoice`: who sends it, whose
// status it is, to whom, and the status of one invoice. MDT-* are the French data terms.

export const CDV_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';

export interface CdarParty {
  /** MDT-38 / MDT-57: the party's legal identifier (SIREN, scheme 0002). */
  globalId?: Identifier | undefined;
  name?: string | undefined;
  /** UNCL3035: BY buyer, SE seller, WK platform, DFH the tax administration's portal… */
  role: string;
  /** MDT-73: the party's electronic address (scheme 0225), required for a recipient that is neither WK nor DFH (BR-FR-CDV-08). */
  address?: Identifier | undefined;
}

export interface CdarMessage {
  /** MDT-2: REGULATED (domestic B2B in scope), B2BINT, B2C … (BR-FR-CDV-CL-01). */
  businessProcess: string;
  /** MDT-4. */
  id: string;
  /** MDT-5. */
  name?: string | undefined;
  /** MDG-4, ISO 8601. */
  issuedAt: string;
  sender: CdarParty;
  issuer: CdarParty;
  recipients: CdarParty[];
  invoice: {
    /** MDT-87: the invoice number (BT-1). */
    id: string;
    /** MDT-91: its type code (380, 381…). */
    typeCode: string;
    /** MDG-35: its issue date (BT-2), ISO. */
    issueDate: string;
    /** When the platform received it, ISO; only a platform knows. */
    receivedAt?: string | undefined;
    /** MDT-129: the seller's legal identifier (BT-30). */
    seller: Identifier;
    status: LifecycleStatus;
    /** MDT-113/114 and MDT-121/122. */
    reason?: { code: string; text?: string | undefined } | undefined;
    action?: { code: string; text?: string | undefined } | undefined;
  };
}
