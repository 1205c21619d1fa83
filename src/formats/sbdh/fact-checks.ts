import { COUNTRY_C1, MLS_TYPES, PARTICIPANT_ID, PROCESS_SCHEMES, type EnvelopeFacts } from './facts.js';
import { SbdhError } from './sbdh-error.js';

// The checks of the facts' values, once for both directions: the writer refuses what the reader
// would refuse, so an envelope this code writes is always one it reads back.

export function checkParticipant(role: string, value: string): void {
  if (!PARTICIPANT_ID.test(value)) throw new SbdhError('SBDH-003', `the ${role} "${value}" is no iso6523-actorid-upis participant id (four-digit ICD, a colon, the identifier)`);
}

/** Every value check of a complete set of facts. */
export function checkFacts(facts: EnvelopeFacts): void {
  checkParticipant('sender', facts.sender);
  checkParticipant('receiver', facts.receiver);
  if (facts.mlsTo !== undefined) checkParticipant('MLS_TO', facts.mlsTo);
  if (!COUNTRY_C1.test(facts.countryC1)) throw new SbdhError('SBDH-007', `COUNTRY_C1 "${facts.countryC1}" is not two capital letters or digits (ISO 3166-1 alpha-2)`);
  if (facts.mlsType !== undefined && !MLS_TYPES.includes(facts.mlsType)) throw new SbdhError('SBDH-007', `MLS_TYPE "${facts.mlsType}" is none of ${MLS_TYPES.join(', ')}`);
  if (!facts.instanceIdentifier.trim()) throw new SbdhError('SBDH-007', 'the InstanceIdentifier is empty');
  if (Number.isNaN(facts.creationDateAndTime.getTime())) throw new SbdhError('SBDH-007', 'the CreationDateAndTime is not a time');
  if (facts.processScheme !== undefined && !PROCESS_SCHEMES.includes(facts.processScheme)) throw new SbdhError('SBDH-004', `the process scheme "${facts.processScheme}" is none of ${PROCESS_SCHEMES.join(', ')}`);
  if (!facts.documentTypeId.trim() || !facts.processId.trim()) throw new SbdhError('SBDH-004', 'the DOCUMENTID and PROCESSID scopes need values');
}
