import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentTypeIdOf } from '../../../src/formats/sbdh/document-type-id.js';
import type { EnvelopeFacts } from '../../../src/formats/sbdh/facts.js';
import { FIXTURES_DIR, GOLDEN_CLOCK } from '../../helpers/fixtures.js';

// The PEPPOL goldens the SBDH goldens wrap (an invoice, a credit note, an Invoice Response T111),
// with the facts an access point would give: the parties' EndpointIDs as participant ids, the
// process of the document's ProfileID, the fixed clock of the goldens and a fixed instance id.

export const SBDH_GOLDENS_DIR = join(FIXTURES_DIR, 'as4', 'transport', 'sbdh');

export const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
export const INVOICE_RESPONSE_PROCESS = 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3';

export interface SbdhCase {
  name: string;
  payload: string;
  facts: EnvelopeFacts;
}

function sbdhCase(name: string, sender: string, receiver: string, processId: string, instance: string): SbdhCase {
  const payload = readFileSync(join(FIXTURES_DIR, 'peppol', `${name}.xml`), 'utf8');
  return { name, payload, facts: { sender, receiver, documentTypeId: documentTypeIdOf(payload), processId, countryC1: 'DE', instanceIdentifier: instance, creationDateAndTime: GOLDEN_CLOCK } };
}

export const SBDH_CASES: readonly SbdhCase[] = [
  sbdhCase('spec-invoice', '9930:DE987654321', '9930:DE123456789', BILLING_PROCESS, '3f1c2a8e-5b7d-4e2a-9c61-0d8f4b2a7e11'),
  sbdhCase('spec-credit-note', '9930:DE987654321', '9930:DE123456789', BILLING_PROCESS, '7a9e4c2d-1f3b-4d8a-b5e6-2c7f9a1d3e22'),
  sbdhCase('spec-application-response', '9930:DE998877665', '9930:DE112233445', INVOICE_RESPONSE_PROCESS, 'c4d2e8f1-9a6b-4c3d-8e7f-5a1b2c3d4e33'),
];
