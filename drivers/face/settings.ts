import Type, { type Static } from 'typebox';
import { CertificateSchema } from '../../src/platform/crypto/certificate-settings.js';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';

// `drivers.FACE` in the configuration file: each business entity's signing certificate (the
// same one signs the Facturae and FACe's requests), FACe's environment, and defaults for what no
// SPI field carries (the reason and method of a corrective invoice, the notification address).

export const ENVIRONMENTS = ['staging', 'production'] as const;
export type FaceEnvironment = (typeof ENVIRONMENTS)[number];

const Code = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const FaceSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /**
     * Business entity id → its certificate (PKCS#12, or PEM certificate and key). An entity
     * without one signs with the sandbox's throwaway certificate and is answered by the sandbox's
     * simulated FACe.
     */
    certificates: Type.Optional(Type.Record(Type.String({ minLength: 1 }), CertificateSchema)),
    /** FACe's environment: `staging` (se-face-webservice.redsara.es, the default) or `production`. */
    environment: Type.Optional(Type.Enum(ENVIRONMENTS)),
    /** Replaces the environment's web service address (a forwarding proxy, a regional FACe, a test server). */
    endpoint: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
    /** Extra trusted certificate authorities (PEM) for the endpoint's server certificate. */
    ca_file: Type.Optional(Type.String({ minLength: 1 })),
    /** How long one request may take (default 60 seconds). */
    request_timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    /** Where FACe mails its notices about an invoice (`correo`): default the entity's contact email. */
    notification_email: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 254 })),
    /** Corrective invoices: Facturae's ReasonCode (default 16, "Base imponible") and CorrectionMethod (default 02, by differences). */
    correction_reason_code: Type.Optional(Code(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '80', '81', '82', '83', '84', '85'])),
    correction_method: Type.Optional(Code(['01', '02', '03', '04'])),
    /** `motivo` of a cancellation request (an invoice resubmitted VOIDED) whose document has no note. */
    cancellation_reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2500 })),
    /** `xades:ClaimedRole` of the signature (default `emisor`, the supplier). */
    signer_role: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The sandbox's simulated FACe: how many polls an invoice stays in each state before the next (default 1). */
    sandbox: Type.Optional(Type.Object({ polls_per_state: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export type FaceSettings = Static<typeof FaceSettingsSchema>;
