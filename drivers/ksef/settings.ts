import Type, { type Static } from 'typebox';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';
import { secretSchema } from '../../src/lib/secret-paths.js';

// `drivers.KSEF` in the configuration file: what no SPI field carries (the invoicing system's
// name, defaults for corrective invoices) and how each business entity reaches KSeF. An entity
// without a KSeF token is answered by the sandbox's simulated KSeF.

export const ENVIRONMENTS = ['test', 'demo', 'production'] as const;
export type KsefEnvironment = (typeof ENVIRONMENTS)[number];

const EnvironmentSchema = Type.Enum(ENVIRONMENTS);

/**
 * One business entity's way into KSeF: its KSeF token and environment. The token is a file in the
 * configuration file (never the token itself), or the token through the admin API: one of the two.
 */
export const KsefEntitySchema = Type.Object(
  {
    /** A file holding the KSeF token the taxpayer generated in KSeF (relative to the configuration file). */
    token_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The KSeF token itself (through the admin API). */
    token: Type.Optional(secretSchema()),
    /** Where this entity's invoices go (default: the driver's `environment`). */
    environment: Type.Optional(EnvironmentSchema),
    /** The NIP whose context the session opens (default: the seller's NIP on the invoice). */
    context_nip: Type.Optional(Type.String({ pattern: '^[0-9]{10}$' })),
  },
  { additionalProperties: false },
);

export const KsefSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /** The KSeF environment of every entity that names none: `test` (the default), `demo` (pre-production) or `production`. */
    environment: Type.Optional(EnvironmentSchema),
    /** Business entity id → its KSeF token. An entity without one is answered by the sandbox's simulated KSeF. */
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), KsefEntitySchema)),
    /** Replaces the environment's API address (a forwarding proxy, a test server), e.g. `https://proxy.example/v2`. */
    endpoint: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
    /**
     * The Ministry's public key certificates (PEM or DER, one file per usage) instead of fetching
     * them from `GET /security/public-key-certificates` at the first use: pin them when the
     * operator wants to check what the key is.
     */
    public_keys: Type.Optional(
      Type.Object(
        { token_encryption_file: Type.String({ minLength: 1 }), symmetric_key_encryption_file: Type.String({ minLength: 1 }) },
        { additionalProperties: false },
      ),
    ),
    /** How long one request may take (default 60 seconds). */
    request_timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    /** `SystemInfo` of every invoice: the name of the invoicing system (default `einvoicing-adapter`). */
    system_info: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    /** `PrzyczynaKorekty` of a corrective invoice whose credit note has no note. Omitted when unset. */
    correction_reason: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    /** `TypKorekty`: 1 the corrected invoice's date, 2 the corrective invoice's date, 3 another date. Omitted when unset. */
    correction_type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  },
  { additionalProperties: false },
);

export type KsefSettings = Static<typeof KsefSettingsSchema>;
export type KsefEntitySettings = Static<typeof KsefEntitySchema>;

export const DEFAULT_SYSTEM_INFO = 'einvoicing-adapter';
