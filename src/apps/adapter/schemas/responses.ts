import Type, { type Static } from 'typebox';
import { ActivationStatusCodeSchema, ModelSchema, TransactionTypeSchema } from '../../../spi/enums.js';

// Response bodies with the SPI's names, so tests (and a curious reader) can check what the
// adapter sends against one typed definition.

export const HealthStatusSchema = Type.Enum(['UP', 'DOWN', 'WARN']);
export const HealthComponentSchema = Type.Object({
  id: Type.String({ maxLength: 50 }),
  name: Type.String({ maxLength: 150 }),
  type: Type.Enum(['OTHER', 'SYSTEM', 'API', 'ADAPTER', 'DATABASE']),
  status: HealthStatusSchema,
  description: Type.Optional(Type.String({ maxLength: 250 })),
  endpoints: Type.Optional(Type.Array(Type.String())),
}, { additionalProperties: false });
export const HealthReportSchema = Type.Object({
  status: HealthStatusSchema,
  version: Type.String({ minLength: 1 }),
  description: Type.String({ maxLength: 250 }),
  components: Type.Array(HealthComponentSchema),
  time: Type.String({ format: 'date-time' }),
}, { additionalProperties: false });
export type HealthComponent = Static<typeof HealthComponentSchema>;
export type HealthReport = Static<typeof HealthReportSchema>;

export const CredentialValidationSchema = Type.Object({ status: Type.Enum(['VALID', 'INVALID']) }, { additionalProperties: false });

export const BasicErrorSchema = Type.Object({ message: Type.String({ maxLength: 250 }) }, { additionalProperties: false });

export const ErrorResponseSchema = Type.Object(
  {
    errors: Type.Array(
      Type.Object(
        {
          code: Type.Enum(['INVALID_OPERATION', 'SERVICE_EXCEPTION', 'SERVICE_UNAVAILABLE', 'SERVICE_LIMIT_EXCEEDED', 'MISSING_REQUIRED_DATA', 'INVALID_DATA', 'NOT_FOUND']),
          message: Type.String({ minLength: 1 }),
          help_url: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** The SPI's document statuses (document_status.status). */
export const DOCUMENT_STATUSES = ['ACCEPTED', 'FAILED', 'SUCCESS', 'IN_PROGRESS', 'REJECTED', 'MESSAGE_ACKNOWLEDGEMENT', 'IN_PROCESS', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID'] as const;

/** `GET /einvoicing/documents/{document_id}/status` (document_status). */
export const DocumentStatusSchema = Type.Object(
  {
    document_id: Type.String({ minLength: 1 }),
    status: Type.Enum(DOCUMENT_STATUSES),
    submission_date: Type.String({ format: 'date-time' }),
    processing_details: Type.Optional(ErrorResponseSchema),
    /** JSON text: `[{source, received_at, payload}]`. */
    provider_response: Type.Optional(Type.String()),
    /** JSON text: `[{key, value}]`. */
    provider_references: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type DocumentStatusBody = Static<typeof DocumentStatusSchema>;

const BusinessEntityRef = Type.Object({ id: Type.String(), display_name: Type.String() }, { additionalProperties: false });

export const ActivationOutSchema = Type.Object(
  {
    id: Type.String(),
    business_entity: BusinessEntityRef,
    status: Type.Object({ code: ActivationStatusCodeSchema, message: Type.String() }, { additionalProperties: false }),
    country_activations: Type.Array(
      Type.Object(
        {
          model: ModelSchema,
          country: Type.String({ pattern: '^[A-Z]{2}$' }),
          einvoicing_type: TransactionTypeSchema,
          supported_document_types: Type.Array(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ActivationOut = Static<typeof ActivationOutSchema>;

export const ActivationsResponseSchema = Type.Object({ activations: Type.Array(ActivationOutSchema) }, { additionalProperties: false });
export const BusinessEntitiesResponseSchema = Type.Object({ business_entities: Type.Array(BusinessEntityRef) }, { additionalProperties: false });
export type BusinessEntityOut = Static<typeof BusinessEntityRef>;

export const DataInputFieldSchema = Type.Object({
  path: Type.String(),
  field_name: Type.String(),
  data_type: Type.Enum(['string', 'number', 'date', 'boolean']),
  inclusion_type: Type.Enum(['Mandatory', 'Optional', 'Conditional']),
  description: Type.Optional(Type.String()),
  documentation_link: Type.Optional(Type.String()),
  accepted_values: Type.Optional(Type.Array(Type.String())),
  default_value: Type.Optional(Type.String()),
  example: Type.Optional(Type.String()),
  condition: Type.Optional(Type.Unknown()),
}, { additionalProperties: false });
export const DataInputFieldsResponseSchema = Type.Object({
  country: Type.String(),
  transaction_type: TransactionTypeSchema,
  model: ModelSchema,
  document_type: Type.String(),
  fields: Type.Array(DataInputFieldSchema),
}, { additionalProperties: false });
export type DataInputFieldsResponse = Static<typeof DataInputFieldsResponseSchema>;

/** One representation in `GET /einvoicing/documents/{document_id}/download` (download_document_response_documents_inner). */
export const DownloadedDocumentSchema = Type.Object(
  {
    mime_type: Type.String({ minLength: 1 }),
    document_url: Type.Optional(Type.String({ format: 'uri' })),
    document_content: Type.Optional(Type.String()),
    expires_at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

/** `GET /einvoicing/documents/{document_id}/download` (download_document_response). */
export const DownloadResponseSchema = Type.Object(
  {
    document_id: Type.String({ minLength: 1 }),
    request_id: Type.Optional(Type.String()),
    documents: Type.Array(DownloadedDocumentSchema),
    model: Type.Optional(ModelSchema),
  },
  { additionalProperties: false },
);
export type DownloadResponse = Static<typeof DownloadResponseSchema>;

/** `POST /einvoicing/documents` (document_submission_response): the request id is the platform's trace id when it sent one. */
export const SubmissionResultSchema = Type.Object(
  { document_id: Type.String({ minLength: 1 }), status: Type.Literal('ACCEPTED'), request_id: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
