import Type, { type Static } from 'typebox';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';
import { secretSchema } from '../../src/lib/secret-paths.js';
import { VAT_REGIMES, type VatRegime } from './ereporting/report-period.js';

// `drivers.CTC_FR` in the configuration file: the EN 16931 settings, per business entity the
// profile it writes (EN 16931 or EXTENDED-CTC-FR), what it supplies (goods, services or both:
// the letter of the billing framework, BT-23), its legal notes (BR-FR-05) and its approved
// platform (the XP Z12-013 API: where, and the entity's OAuth client), and how the sandbox's
// approved platform, its directory and its buyers behave.

export const PROFILES = ['en16931', 'extended-ctc-fr'] as const;
export type ProfileName = (typeof PROFILES)[number];
export const SUPPLIES = ['goods', 'services', 'mixed'] as const;
export type Supply = (typeof SUPPLIES)[number];

const strict = { additionalProperties: false } as const;
const NoteText = Type.String({ minLength: 1, maxLength: 1000 });

/** The three mentions every French invoice carries (Code de commerce L441-9 and L441-10; BR-FR-05). */
const LegalNotesSchema = Type.Object(
  {
    /** PMD: the late payment penalties. */
    late_payment: Type.Optional(NoteText),
    /** PMT: the fixed 40 EUR recovery fee. */
    recovery_fee: Type.Optional(NoteText),
    /** AAB: the early payment discount, or that there is none. */
    early_payment_discount: Type.Optional(NoteText),
  },
  strict,
);

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$' });

/**
 * An approved platform's XP Z12-013 API, and the client an entity is there. Keys given for the
 * driver apply to every entity; an entity's own replace them. An entity with a `client_id` uses
 * the platform; the others the sandbox's.
 */
export const PlatformSchema = Type.Object(
  {
    /** The platform's name: the `source` of the statuses it reports. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 150 })),
    /** The Flow Service's root (the paths start with /v1), e.g. https://api.pa.example/flow-service. */
    flow_service_url: Type.Optional(HttpUrl),
    /** The Directory Service's root. */
    directory_service_url: Type.Optional(HttpUrl),
    /** The OAuth 2.0 token endpoint of the client-credentials grant. */
    token_url: Type.Optional(HttpUrl),
    scope: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    /** A file holding the client secret, relative to the configuration file's folder. */
    client_secret_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The client secret itself (an entity's, through the admin API). */
    client_secret: Type.Optional(secretSchema()),
    /** The Organization-Id header: the company the client acts for, when the platform wants it. */
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The platform's registration number (matricule, 4 characters): the sender of its e-reporting files. */
    matricule: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{4}$' })),
    request_timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    /** The shortest time between two searches for new lifecycle messages (default 30 s). */
    status_poll_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
    /** How long a buyer's directory line is trusted once read (default 3600 s; an absence, a tenth of it). */
    directory_cache_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 604_800 })),
  },
  strict,
);
export type PlatformSettings = Static<typeof PlatformSchema>;

const EntitySchema = Type.Object(
  {
    profile: Type.Optional(Type.Enum(PROFILES)),
    supply: Type.Optional(Type.Enum(SUPPLIES)),
    /** The entity's VAT regime: the e-reporting period of a sale (default normal_monthly). */
    vat_regime: Type.Optional(Type.Enum(VAT_REGIMES)),
    /** The entity opted to pay VAT on its services when invoiced (sur les débits): no payment data is reported. */
    vat_on_debits: Type.Optional(Type.Boolean()),
    legal_notes: Type.Optional(LegalNotesSchema),
    platform: Type.Optional(PlatformSchema),
  },
  strict,
);
export type CtcFrEntitySettings = Static<typeof EntitySchema>;

/** What the sandbox's buyer answers (a CDV status code), with its reason where the status needs one. */
export const BuyerAnswerSchema = Type.Object(
  {
    code: Type.Enum(['none', '204', '205', '206', '207', '210', '211', '212']),
    reason_code: Type.Optional(Type.String({ pattern: '^[A-Z][A-Z_]{2,30}$' })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  strict,
);
export type BuyerAnswer = Static<typeof BuyerAnswerSchema>;

const SandboxSchema = Type.Object(
  {
    /** Time between the platform's statuses (200, 202, 203, then the buyer's answer); 1000 ms by default. */
    step_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
    /** What every buyer answers once the invoice is made available (205 Approuvée by default). */
    buyer: Type.Optional(BuyerAnswerSchema),
    /** Per buyer SIREN, its own answer. */
    buyers: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]{9}$' }), BuyerAnswerSchema)),
    /**
     * The sandbox directory's lines per SIREN (electronic addresses); `[]`: not in the directory.
     * A SIREN not named has one line, the SIREN itself.
     */
    directory: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]{9}$' }), Type.Array(Type.String({ pattern: '^[0-9]{9}([_./-][A-Za-z0-9_./-]{1,115})?$' }), { maxItems: 50 }))),
  },
  strict,
);
export type SandboxPlatformSettings = Static<typeof SandboxSchema>;

export const CtcFrSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /** The profile of every entity not named below (default `en16931`). */
    profile: Type.Optional(Type.Enum(PROFILES)),
    /** The legal notes of every entity not named below (French defaults otherwise). */
    legal_notes: Type.Optional(LegalNotesSchema),
    /** The approved platform of every entity, unless its own settings say otherwise. */
    platform: Type.Optional(PlatformSchema),
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), EntitySchema)),
    sandbox: Type.Optional(SandboxSchema),
  },
  strict,
);
export type CtcFrSettings = Static<typeof CtcFrSettingsSchema>;

/** The settings that apply to one entity. */
export function entitySettings(
  s: CtcFrSettings,
  entityId: string,
): { profile: ProfileName; supply: Supply; vatRegime: VatRegime; vatOnDebits: boolean; platform: PlatformSettings; legalNotes: Required<Static<typeof LegalNotesSchema>> } {
  const e = s.entities?.[entityId];
  return {
    profile: e?.profile ?? s.profile ?? 'en16931',
    supply: e?.supply ?? 'services',
    vatRegime: e?.vat_regime ?? 'normal_monthly',
    vatOnDebits: e?.vat_on_debits ?? false,
    platform: platformOver(s.platform, e?.platform),
    legalNotes: { ...DEFAULT_LEGAL_NOTES, ...s.legal_notes, ...e?.legal_notes },
  };
}

/** The driver's platform keys, then the entity's; an entity's own secret, by either door, replaces the driver's. */
function platformOver(driver: PlatformSettings | undefined, entity: PlatformSettings | undefined): PlatformSettings {
  const ownSecret = entity?.client_secret !== undefined || entity?.client_secret_file !== undefined;
  const { client_secret: _value, client_secret_file: _file, ...shared } = driver ?? {};
  return { ...(ownSecret ? shared : driver), ...entity };
}

// The adapter's own wording of the mentions the law requires; an entity states its own terms in the settings.
const DEFAULT_LEGAL_NOTES = {
  late_payment: "En cas de retard de paiement, des pénalités sont dues au taux de trois fois le taux d'intérêt légal, exigibles dès le lendemain de l'échéance.",
  recovery_fee: "Tout retard de paiement entraîne une indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 du Code de commerce).",
  early_payment_discount: "Aucun escompte n'est accordé pour paiement anticipé.",
};
