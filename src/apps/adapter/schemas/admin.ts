import Type, { type Static } from 'typebox';
import { named } from '../../../lib/schema-name.js';
import { MerchantViewSchema } from '../../../platform/directory/merchant-schema.js';

export { MerchantViewSchema };
import { BusinessEntitySchema } from '../../../spi/business-entity.js';

// The admin API's and the sandbox control's answers (issue 44): the views are typed as these
// schemas' Static, so a field added to a view and not here fails the compiler before it fails
// the OpenAPI document.

const Nullable = <S extends Parameters<typeof Type.Union>[0][number]>(s: S) => Type.Union([s, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

export const BusinessEntityListSchema = named(Type.Object({ business_entities: Type.Array(named(BusinessEntitySchema, 'BusinessEntity')) }, { additionalProperties: false }), 'BusinessEntityList');

export const MerchantListSchema = Type.Object({ merchants: Type.Array(MerchantViewSchema) }, { additionalProperties: false });

export const CreatedApiKeySchema = Type.Object(
  { id: Type.String(), api_key: Type.String({ description: 'The key itself: shown this once, stored as its SHA-256.' }), hint: Type.String(), created_at: Instant },
  { additionalProperties: false },
);
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;

export const AuthorizeUrlSchema = Type.Object({ authorize_url: Type.String({ format: 'uri' }) }, { additionalProperties: false });

const CertificateFactsSchema = named(
  Type.Object(
    {
      fingerprint: Type.String(),
      subject: Type.String(),
      issuer: Type.String(),
      not_before: Instant,
      not_after: Instant,
      key_usage: Type.Optional(Type.Array(Type.String())),
    },
    { additionalProperties: false },
  ),
  'CertificateFacts',
);

export const EntityDriverViewSchema = named(
  Type.Object(
    {
      business_entity_id: Type.String(),
      driver: Type.String(),
      source: Type.Enum(['config', 'api', 'none']),
      version: Type.Optional(Type.Integer()),
      updated_at: Type.Optional(Instant),
      /** The driver's settings for the entity, each secret shown as `{sealed: fingerprint}`. */
      settings: Type.Record(Type.String(), Type.Unknown()),
      certificates: Type.Record(Type.String(), CertificateFactsSchema),
    },
    { additionalProperties: false },
  ),
  'EntityDriverView',
);
export type EntityDriverViewBody = Static<typeof EntityDriverViewSchema>;

const PageCursor = Type.Optional(Type.String({ description: 'The `before` of the next page; absent on the last.' }));

export const ReceivedMessageSummarySchema = named(
  Type.Object(
    {
      network: Type.String(),
      message_id: Type.String(),
      business_entity_id: Type.Optional(Type.String()),
      sender: Type.String(),
      receiver: Type.String(),
      document_type: Type.String(),
      process_id: Type.Optional(Type.String()),
      disposition: Type.Enum(['status', 'kept']),
      received_at: Instant,
    },
    { additionalProperties: false },
  ),
  'ReceivedMessageSummary',
);
export type ReceivedMessageSummary = Static<typeof ReceivedMessageSummarySchema>;
export const ReceivedMessagePageSchema = Type.Object({ received_messages: Type.Array(ReceivedMessageSummarySchema), next: PageCursor }, { additionalProperties: false });
export const ReceivedMessageSchema = Type.Object(
  {
    ...ReceivedMessageSummarySchema.properties,
    content: Type.String(),
    answer: Type.Object({ content_type: Type.String(), body: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

const NullableText = Nullable(Type.String());

export const OutboxCallbackViewSchema = named(
  Type.Object(
    {
      id: Type.Integer(),
      document_id: Type.String(),
      site: Type.String(),
      business_entity_id: Type.String(),
      driver: Type.String(),
      state: Type.Enum(['pending', 'retrying', 'held', 'failed', 'cancelled', 'delivered']),
      attempts: Type.Integer(),
      next_attempt_at: Type.Optional(Instant),
      retried_until: Type.Optional(Instant),
      last_error: NullableText,
      response_status: Nullable(Type.Integer()),
      claimed_by: Type.Optional(NullableText),
      lease_until: Type.Optional(NullableText),
      cancelled_by: Type.Optional(Type.String()),
      created_at: Instant,
      ended_at: NullableText,
    },
    { additionalProperties: false },
  ),
  'OutboxCallback',
);
export type OutboxCallbackView = Static<typeof OutboxCallbackViewSchema>;

export const OutboxTransmissionViewSchema = named(
  Type.Object(
    {
      document_id: Type.String(),
      site: Type.String(),
      business_entity_id: Type.String(),
      driver: Type.String(),
      state: Type.Enum(['queued', 'retrying', 'sent', 'failed', 'cancelled', 'done']),
      attempts: Type.Integer(),
      next_attempt_at: Type.Optional(Instant),
      last_error: NullableText,
      message_id: NullableText,
      claimed_by: Type.Optional(NullableText),
      lease_until: Type.Optional(NullableText),
      cancelled_by: Type.Optional(Type.String()),
      created_at: Instant,
      updated_at: Instant,
    },
    { additionalProperties: false },
  ),
  'OutboxTransmission',
);
export type OutboxTransmissionView = Static<typeof OutboxTransmissionViewSchema>;

export const OutboxActionViewSchema = named(
  Type.Object(
    {
      id: Type.Integer(),
      at: Instant,
      actor: Type.String(),
      action: Type.Enum(['retry', 'retry-failed', 'cancel']),
      target: Type.Object({ kind: Type.Enum(['callback', 'transmission', 'site']), id: Type.String() }, { additionalProperties: false }),
      detail: Type.Unknown(),
    },
    { additionalProperties: false },
  ),
  'OutboxAction',
);
export type OutboxActionView = Static<typeof OutboxActionViewSchema>;

export const OutboxCallbackPageSchema = Type.Object({ callbacks: Type.Array(OutboxCallbackViewSchema), next: PageCursor }, { additionalProperties: false });
export const OutboxTransmissionPageSchema = Type.Object({ transmissions: Type.Array(OutboxTransmissionViewSchema), next: PageCursor }, { additionalProperties: false });
export const OutboxActionPageSchema = Type.Object({ actions: Type.Array(OutboxActionViewSchema), next: PageCursor }, { additionalProperties: false });
/** A retried or cancelled row as it is now, with the action recorded. */
export const OutboxCallbackActedSchema = Type.Object({ ...OutboxCallbackViewSchema.properties, action: OutboxActionViewSchema }, { additionalProperties: false });
export const OutboxTransmissionActedSchema = Type.Object({ ...OutboxTransmissionViewSchema.properties, action: OutboxActionViewSchema }, { additionalProperties: false });
export const RetryCountsSchema = Type.Object({ site: Type.String(), retried: Type.Integer(), action: OutboxActionViewSchema }, { additionalProperties: false });

const RotationCountsSchema = Type.Object(
  { resealed: Type.Integer(), current: Type.Integer(), changed: Type.Integer(), unreadable: Type.Integer() },
  { additionalProperties: false },
);
export const SealRotationCountsSchema = Type.Object({ current_kid: Type.String(), tables: Type.Record(Type.String(), RotationCountsSchema) }, { additionalProperties: false });

// The sandbox control API's answers.
export const NetworkFailureAnswerSchema = Type.Object(
  {
    document_id: Type.String(),
    injected: Type.Object({ mode: Type.Enum(['transient', 'permanent']), times: Type.Optional(Type.Integer()), message: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type NetworkFailureAnswer = Static<typeof NetworkFailureAnswerSchema>;
export const BuyerResponseAnswerSchema = Type.Object({ document_id: Type.String(), status: Type.String(), related_document_id: Type.String() }, { additionalProperties: false });
export type BuyerResponseAnswer = Static<typeof BuyerResponseAnswerSchema>;
