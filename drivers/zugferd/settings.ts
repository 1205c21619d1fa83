import Type, { type Static } from 'typebox';
import { TRANSACTION_TYPES } from '../../src/spi/enums.js';
import { EmailSettingsSchema } from '../../src/driver-kit/networks/email-settings.js';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';

// `drivers.ZUGFERD` in the configuration file: the EN 16931 settings, the Factur-X / ZUGFeRD
// profile each business entity writes per scenario (EN 16931 by default), its logo, and its
// e-mail delivery. MINIMUM and BASIC WL are named so that choosing them gets a clear refusal.

export const PROFILES = ['basic', 'en16931', 'extended', 'xrechnung'] as const;
export type ProfileName = (typeof PROFILES)[number];
/** Factur-X profiles that are not invoices in law: they lack the lines (and MINIMUM the VAT breakdown). */
export const NOT_INVOICES = ['minimum', 'basicwl'] as const;

const ProfileSchema = Type.Enum([...PROFILES, ...NOT_INVOICES]);

const EntitySchema = Type.Object(
  {
    /** The entity's profile in every scenario not named below. */
    profile: Type.Optional(ProfileSchema),
    ...(Object.fromEntries(TRANSACTION_TYPES.map((t) => [t, Type.Optional(ProfileSchema)])) as Record<(typeof TRANSACTION_TYPES)[number], Type.TOptional<typeof ProfileSchema>>),
    /** A PNG printed at the top of the entity's PDFs (relative to the configuration file). */
    logo_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The same, the PNG itself in base64 (through the admin API). */
    logo: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

export const ZugferdSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /** The profile of every entity and scenario not named below (default `en16931`). */
    profile: Type.Optional(ProfileSchema),
    /** Per business entity id: its profile (all scenarios, or per transaction type) and its logo. */
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), EntitySchema)),
    /** Per business entity id, its SMTP delivery; an entity without one uses the adapter's transport (the sandbox). */
    email: Type.Optional(Type.Record(Type.String({ minLength: 1 }), EmailSettingsSchema)),
  },
  { additionalProperties: false },
);

/** `drivers.ZUGFERD` as the configuration file has it. */
export type ZugferdFileSettings = Static<typeof ZugferdSettingsSchema>;

/** The settings examine and render see: the file's, with the logos read at start (prepare-settings.ts). */
export type ZugferdSettings = ZugferdFileSettings & {
  /** The logos' bytes by entity id. */
  readonly logos: Readonly<Record<string, Buffer>>;
};

/** The profile an entity writes for a transaction type: its scenario's, its own, the driver's, else EN 16931. */
export function profileFor(settings: ZugferdSettings, entityId: string, transactionType: string): ProfileName {
  const entity = settings.entities?.[entityId];
  // prepareSettings refused MINIMUM and BASIC WL at start.
  return (entity?.[transactionType as (typeof TRANSACTION_TYPES)[number]] ?? entity?.profile ?? settings.profile ?? 'en16931') as ProfileName;
}
