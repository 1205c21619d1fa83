import type { Migration } from './index.js';

/**
 * The request that queued a row (issue 44, part 3): `request_id` on both queues, so that the
 * workers' log lines about it, maybe days later in another process, name the request an operator
 * can find in the platform's logs. Written by whoever queues the row (the submission, the status
 * that asked for the callback, an outbox retry: the retry's own request). Nullable: rows queued
 * before this read their document's `request_id` instead (COALESCE in the due queries).
 */
export const m015QueueRequestIds: Migration = {
  version: 15,
  name: 'queue-request-ids',
  sql: `
    ALTER TABLE transmissions ADD COLUMN request_id TEXT;
    ALTER TABLE callbacks ADD COLUMN request_id TEXT;
  `,
};
