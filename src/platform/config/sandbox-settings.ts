import Type, { type Static } from 'typebox';
import { BuyerResponseSchema } from '../../spi/buyer-response.js';

// `sandbox:` in the configuration file: how the built-in sandbox network behaves. Everything
// it does follows from these settings and the send time, so a run can be replayed exactly.

const strict = { additionalProperties: false } as const;
/** `scheme:id` of a Peppol participant, e.g. `9930:DE123456789`. */
const EndpointKey = Type.String({ pattern: '^[0-9]{4}:[^\\s]{1,100}$' });
const Delay = Type.Integer({ minimum: 0, maximum: 7 * 86_400_000 });


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
