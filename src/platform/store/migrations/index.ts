import { m001AdapterMeta } from './001-adapter-meta.js';
import { m002Documents } from './002-documents.js';
import { m003StatusHistory } from './003-status-history.js';
import { m004Lifecycle } from './004-lifecycle.js';
import { m005DocumentResubmission } from './005-document-resubmission.js';
import { m006Chains } from './006-chains.js';
import { m007ArtifactEncoding } from './007-artifact-encoding.js';
import { m008Merchants } from './008-merchants.js';
import { m009SequencesAndInbox } from './009-sequences-and-inbox.js';
import { m010Leases } from './010-leases.js';
import { m011DocumentsByEntity } from './011-documents-by-entity.js';
import { m012ReceivedMessages } from './012-received-messages.js';
import { m013EntityDriverSettings } from './013-entity-driver-settings.js';
import { m014OutboxActions } from './014-outbox-actions.js';
import { m015QueueRequestIds } from './015-queue-request-ids.js';
import { m016PngMediaType } from './016-png-media-type.js';
import { m017TransmissionRetries } from './017-transmission-retries.js';
import { m018Console } from './018-console.js';
import { m019CallbacksByDocument } from './019-callbacks-by-document.js';

export interface Migration {
  /** 1, 2, 3…: applied in order, each once, each in its own transaction. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /**
   * Runs with foreign key enforcement off (a table rebuild: SQLite ignores the pragma inside a
   * transaction, so migrate() sets it around it), then `PRAGMA foreign_key_check` must find
   * nothing before the migration commits.
   */
  readonly foreignKeysOff?: boolean;
}

/** Every migration, oldest first. Never edit a released one: add the next number. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([m001AdapterMeta, m002Documents, m003StatusHistory, m004Lifecycle, m005DocumentResubmission, m006Chains, m007ArtifactEncoding, m008Merchants, m009SequencesAndInbox, m010Leases, m011DocumentsByEntity, m012ReceivedMessages, m013EntityDriverSettings, m014OutboxActions, m015QueueRequestIds, m016PngMediaType, m017TransmissionRetries, m018Console, m019CallbacksByDocument]);
