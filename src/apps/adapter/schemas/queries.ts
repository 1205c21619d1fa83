import Type, { type Static } from 'typebox';
import { ModelSchema, TransactionTypeSchema } from '../../../spi/enums.js';

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
