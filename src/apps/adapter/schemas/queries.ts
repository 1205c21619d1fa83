import Type, { type Static } from 'typebox';
import { ModelSchema, TransactionTypeSchema } from '../../../spi/enums.js';
import { CURSOR_PATTERN } from '../../../platform/store/received-messages.js';

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
