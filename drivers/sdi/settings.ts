import Type, { type Static } from 'typebox';
import { CertificateSchema } from '../../src/platform/crypto/certificate-settings.js';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';
import { NATURE } from './natura.js';

// `drivers.SDI` in the configuration file: what no SPI field carries (the seller's tax regime,
// a transmitting intermediary, Natura choices) and how each business entity reaches the SDI
// (its SdICoop channel: the SDI's address and the channel's client certificate). An entity
// without a channel is answered by the sandbox's simulated SDI.

export const ENVIRONMENTS = ['test', 'production'] as const;
export type SdiEnvironment = (typeof ENVIRONMENTS)[number];

const NaturaSchema = Type.Enum(NATURE);

export const SdiEntitySchema = Type.Object(
  {
    /** RegimeFiscale of the seller (RF01 ordinary, the default; RF19 flat-rate …). */
    regime_fiscale: Type.Optional(Type.String({ pattern: '^RF(0[1-9]|1[0-9])$' })),
    /** The seller's codice fiscale when it differs from its partita IVA (default: legal_entity.company_id when it is one). */
    codice_fiscale: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{11,16}$' })),
    /** IdTrasmittente: an intermediary that transmits for the entity (default: the entity itself, by its partita IVA). */
    transmitter: Type.Optional(Type.Object({ country: Type.String({ pattern: '^[A-Z]{2}$' }), id: Type.String({ pattern: '^[A-Z0-9]{1,28}$' }) }, { additionalProperties: false })),
    /** Natura of reverse-charge (AE) lines: N6.1 scrap … N6.9 other cases (the default). */
    reverse_charge_natura: Type.Optional(Type.Enum(NATURE.filter((n) => n.startsWith('N6')))),
    /** Public buyers pay the VAT to the Treasury (scissione dei pagamenti, EsigibilitaIVA S): default true for B2G. */
    split_payment: Type.Optional(Type.Boolean()),
    /** Sign B2B and B2C invoices too (XAdES-BES); B2G invoices are always signed. */
    sign_all: Type.Optional(Type.Boolean()),
    /** The signing certificate (PKCS#12, or PEM certificate and key); without one the sandbox's throwaway certificate signs. */
    certificate: Type.Optional(CertificateSchema),
    /**
     * The entity's SdICoop channel: its client certificate for the mutual TLS the SDI requires
     * (issued at accreditation). Without it, the sandbox's simulated SDI answers.
     */
    channel: Type.Optional(
      Type.Object(
        {
          client_certificate: CertificateSchema,
          /** The SDI's server certificate authorities (PEM); default: Node's trusted roots. */
          ca_file: Type.Optional(Type.String({ minLength: 1 })),
          /** The same, the PEM itself (through the admin API). */
          ca: Type.Optional(Type.String({ minLength: 1 })),
          environment: Type.Optional(Type.Enum(ENVIRONMENTS)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const SdiSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /** VAT category or VATEX code → Natura, over the defaults (README): e.g. `{ Z: N3.5 }`, `{ VATEX-EU-132-1A: N4 }`. */
    natura: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z0-9-]{1,30}$' }), NaturaSchema)),
    /** Business entity id → what only it has. */
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), SdiEntitySchema)),
    /** Replaces the environment's SdIRiceviFile address (a forwarding proxy, a test server). */
    endpoint: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
    /** How long one request may take (default 60 seconds). */
    request_timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    /** The SDI's environment of entities whose channel names none: `test` (the default) or `production`. */
    environment: Type.Optional(Type.Enum(ENVIRONMENTS)),
    /** The sandbox's simulated SDI: how a public body answers an FPA12 it received (EC01 accepts, the default; EC02 refuses; DT lets the 15 days pass; none). */
    sandbox: Type.Optional(Type.Object({ public_body_answer: Type.Optional(Type.Enum(['EC01', 'EC02', 'DT', 'none'])) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export type SdiSettings = Static<typeof SdiSettingsSchema>;
export type SdiEntitySettings = Static<typeof SdiEntitySchema>;

export function entitySettings(settings: SdiSettings, entityId: string): SdiEntitySettings {
  return settings.entities?.[entityId] ?? {};
}

/** The SDI's SdIRiceviFile service (SdICoop, WSDL SdIRiceviFile_v1.0). */
export const SDI_RICEVI_FILE: Readonly<Record<SdiEnvironment, string>> = {
  test: 'https://testservizi.fatturapa.it/ricevi_file',
  production: 'https://servizi.fatturapa.it/ricevi_file',
};
