import type { Migration } from '../../migrations/index.js';
import { p001Schema } from './001-schema.js';
import { p002Leases } from './002-leases.js';
import { p003DocumentsByEntity } from './003-documents-by-entity.js';
import { p004ReceivedMessages } from './004-received-messages.js';
import { p005EntityDriverSettings } from './005-entity-driver-settings.js';
import { p006OutboxActions } from './006-outbox-actions.js';
import { p007QueueRequestIds } from './007-queue-request-ids.js';
import { p008PngMediaType } from './008-png-media-type.js';
import { p009TransmissionRetries } from './009-transmission-retries.js';
import { p010Console } from './010-console.js';
import { p011CallbacksByDocument } from './011-callbacks-by-document.js';

/** PostgreSQL's own numbered migrations, oldest first. Never edit a released one: add the next number. */
export const PG_MIGRATIONS: readonly Migration[] = Object.freeze([p001Schema, p002Leases, p003DocumentsByEntity, p004ReceivedMessages, p005EntityDriverSettings, p006OutboxActions, p007QueueRequestIds, p008PngMediaType, p009TransmissionRetries, p010Console, p011CallbacksByDocument]);
