import Type, { type Static } from 'typebox';

// `sandbox:` in the configuration file: how the built-in sandbox network behaves. Everything
// it does follows from these settings and the send time, so a run can be replayed exactly.

const strict = { additionalProperties: false } as const;
/** `scheme:id` of a Peppol participant, e.g. `9930:DE123456789`. */
const EndpointKey = Type.String({ pattern: '^[0-9]{4}:[^\\s]{1,100}$' });
const Delay = Type.Integer({ minimum: 0, maximum: 7 * 86_400_000 });

export const BUYER_RESPONSE_STATUSES = ['ACCEPTED', 'REJECTED', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID', 'IN_PROCESS', 'MESSAGE_ACKNOWLEDGEMENT'] as const;

/** A buyer's business response: the SPI status it gives the invoice, and its clarification. */
export const BuyerResponseSchema = Type.Object(
  {
    status: Type.Enum(BUYER_RESPONSE_STATUSES),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    /** OPStatusReason code (REF, PRI, QTY…); OTH when a reason is needed and none is given. */
    reason_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    /** OPStatusAction code (NOA, PIN, NIN, CNF, CNP, CNA, OTH). */
    action_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  strict,
);
export type BuyerResponse = Static<typeof BuyerResponseSchema>;

export const SandboxReceiverSchema = Type.Object(
  {
    endpoint: EndpointKey,
    /** The first N sends of each document to this participant fail with a network error (retried). */
    unreachable_attempts: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    /** The receiving access point refuses documents for this participant: FAILED with this error. */
    refuse: Type.Optional(Type.Object({ code: Type.Optional(Type.Enum(['INVALID_DATA', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'])), message: Type.String({ minLength: 1, maxLength: 500 }) }, strict)),
    /** The buyer answers every delivered document with this response, `after_ms` after delivery. */
    respond: Type.Optional(Type.Intersect([BuyerResponseSchema, Type.Object({ after_ms: Type.Optional(Delay) })])),
  },
  strict,
);

export const SandboxSettingsSchema = Type.Object(
  {
    /** Time from hand-over to the network until the receiver's access point confirms delivery. */
    delivery_delay_ms: Type.Optional(Delay),
    receivers: Type.Optional(Type.Array(SandboxReceiverSchema, { maxItems: 1000 })),
  },
  strict,
);
export type SandboxSettings = Static<typeof SandboxSettingsSchema>;
export type SandboxReceiver = Static<typeof SandboxReceiverSchema>;

export const DEFAULT_DELIVERY_DELAY_MS = 1000;
