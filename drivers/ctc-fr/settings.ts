import Type, { type Static } from 'typebox';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';

// `drivers.CTC_FR` in the configuration file: the EN 16931 settings, per business entity the
// profile it writes (EN 16931 or EXTENDED-CTC-FR), what it supplies (goods, services or both:
// the letter of the billing framework, BT-23) and its legal notes (BR-FR-05), and how the
// sandbox's approved platform and buyers behave.

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

const EntitySchema = Type.Object(
  {
    profile: Type.Optional(Type.Enum(PROFILES)),
    supply: Type.Optional(Type.Enum(SUPPLIES)),
    legal_notes: Type.Optional(LegalNotesSchema),
  },
  strict,
);

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
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), EntitySchema)),
    sandbox: Type.Optional(SandboxSchema),
  },
  strict,
);
export type CtcFrSettings = Static<typeof CtcFrSettingsSchema>;

/** The settings that apply to one entity. */
export function entitySettings(s: CtcFrSettings, entityId: string): { profile: ProfileName; supply: Supply; legalNotes: Required<Static<typeof LegalNotesSchema>> } {
  const e = s.entities?.[entityId];
  return {
    profile: e?.profile ?? s.profile ?? 'en16931',
    supply: e?.supply ?? 'services',
    legalNotes: { ...DEFAULT_LEGAL_NOTES, ...s.legal_notes, ...e?.legal_notes },
  };
}

// The adapter's own wording of the mentions the law requires; an entity states its own terms in the settings.
const DEFAULT_LEGAL_NOTES = {
  late_payment: "En cas de retard de paiement, des pénalités sont dues au taux de trois fois le taux d'intérêt légal, exigibles dès le lendemain de l'échéance.",
  recovery_fee: "Tout retard de paiement entraîne une indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 du Code de commerce).",
  early_payment_discount: "Aucun escompte n'est accordé pour paiement anticipé.",
};
