import Type, { type Static } from 'typebox';
import { ModelSchema, TransactionTypeSchema } from '../../../spi/enums.js';
import { CURSOR_PATTERN } from '../../../platform/store/received-messages.js';
import { CALLBACK_CURSOR, TRANSMISSION_CURSOR } from '../../../platform/store/outbox.js';

// Query strings as the SPI defines them. Unknown parameters are ignored (the platform may add
// some); a parameter given twice arrives as an array and fails "must be a string".

const Country = Type.String({ pattern: '^[A-Za-z]{2}$' });

export const ActivationsQuery = Type.Object({
  business_entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  country: Type.Optional(Country),
  mode: Type.Optional(Type.Enum(['business_entities', 'activations'])),
});
export type ActivationsQuery = Static<typeof ActivationsQuery>;

export const DataInputFieldsQuery = Type.Object({
  country: Country,
  transaction_type: TransactionTypeSchema,
  model: ModelSchema,
  document_type: Type.String({ minLength: 1, maxLength: 100 }),
});
export type DataInputFieldsQuery = Static<typeof DataInputFieldsQuery>;

/** `GET /einvoicing/documents/{document_id}/download`: the scenario the document must belong to, and a MIME filter. */
export const DownloadQuery = Type.Object({
  ...DataInputFieldsQuery.properties,
  mime_type: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

/** `GET /admin/received-messages`: filters, a page size (1 to 500, 50 when absent) and the cursor a page's `next` gave. */
export const ReceivedMessagesQuery = Type.Object({
  network: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  business_entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  disposition: Type.Optional(Type.Enum(['status', 'kept'])),
  /** A whole number from 1 to 500: checked by the service, which says so in words. */
  limit: Type.Optional(Type.String({ maxLength: 10 })),
  before: Type.Optional(Type.String({ pattern: CURSOR_PATTERN })),
});
export type ReceivedMessagesQuery = Static<typeof ReceivedMessagesQuery>;

/** The filters of `GET /admin/outbox/callbacks` and `/transmissions`; the state's values differ. */
const outboxQuery = <S extends string>(states: readonly S[], cursor: string) =>
  Type.Object({
    state: Type.Optional(Type.Enum(states)),
    /** The merchant that has the document's entity ('' for the operator's own). */
    merchant: Type.Optional(Type.String({ maxLength: 100 })),
    business_entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The document's model (its driver's format). */
    driver: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Rows created more than this many seconds ago. */
    older_than: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    /** A whole number from 1 to 500: checked by the service, which says so in words. */
    limit: Type.Optional(Type.String({ maxLength: 10 })),
    before: Type.Optional(Type.String({ pattern: cursor })),
  });

export const OutboxCallbacksQuery = outboxQuery(['pending', 'retrying', 'held', 'failed', 'cancelled', 'delivered'], CALLBACK_CURSOR);
export type OutboxCallbacksQuery = Static<typeof OutboxCallbacksQuery>;
export const OutboxTransmissionsQuery = outboxQuery(['queued', 'retrying', 'sent', 'failed', 'cancelled', 'done'], TRANSMISSION_CURSOR);
export type OutboxTransmissionsQuery = Static<typeof OutboxTransmissionsQuery>;

/** `GET /admin/outbox/actions`. */
export const OutboxActionsQuery = Type.Object({
  limit: Type.Optional(Type.String({ maxLength: 10 })),
  before: Type.Optional(Type.String({ pattern: CALLBACK_CURSOR })),
});
export type OutboxActionsQuery = Static<typeof OutboxActionsQuery>;

/** `POST /admin/outbox/callbacks/retry-failed`: the site, a merchant id or '' for the operator's BILLING_URL. */
export const RetryFailedBody = Type.Object({ site: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export type RetryFailedBody = Static<typeof RetryFailedBody>;
