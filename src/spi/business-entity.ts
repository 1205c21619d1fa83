import Type, { type Static } from 'typebox';
import { ActivationStatusCodeSchema, CountryCodeSchema, ModelSchema, TransactionTypeSchema } from './enums.js';

// A business entity this adapter e-invoices for: the seller data legal formats need but no SPI
// field carries, and its activations (what the SPI's /einvoicing/activations answers). The
// configuration file and the admin API both speak it. Unknown keys are errors so that a typo
// never silently drops a value.

const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });
const strict = { additionalProperties: false } as const;

export const AddressSchema = Type.Object(
  {
    line_1: Type.Optional(Text()),
    line_2: Type.Optional(Text()),
    line_3: Type.Optional(Text()),
    zip: Type.Optional(Text(20)),
    city: Type.Optional(Text()),
    division: Type.Optional(Text()),
    country: CountryCodeSchema,
  },
  strict,
);

/** Same shape as the SPI's `tax_scheme` item: `{scheme: "VAT", id: "DE123456789"}`. */
export const TaxIdentifierSchema = Type.Object({ scheme: Text(20), id: Text(50) }, strict);

export const LegalEntitySchema = Type.Object(
  {
    registration_name: Text(),
    company_id: Type.Optional(Text(50)),
    /** ISO 6523 ICD of company_id (e.g. 0106 for the Dutch KvK), when the format wants one. */
    company_id_scheme: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
  },
  strict,
);

/** A Peppol-style electronic address: EAS code (4 digits, e.g. 9930 = German VAT) and identifier. */
export const ElectronicAddressSchema = Type.Object({ scheme: Type.String({ pattern: '^[0-9]{4}$' }), id: Text(100) }, strict);

export const ContactSchema = Type.Object(
  { name: Type.Optional(Text()), telephone: Type.Optional(Text(50)), email: Type.Optional(Text(254)) },
  strict,
);

export const PartySchema = Type.Object(
  {
    name: Text(),
    address: AddressSchema,
    tax_identifiers: Type.Array(TaxIdentifierSchema, { maxItems: 10 }),
    legal_entity: LegalEntitySchema,
    electronic_address: Type.Optional(ElectronicAddressSchema),
    contact: Type.Optional(ContactSchema),
  },
  strict,
);

export const CountryActivationSchema = Type.Object(
  {
    country: CountryCodeSchema,
    model: ModelSchema,
    einvoicing_type: TransactionTypeSchema,
    supported_document_types: Type.Array(Text(100), { minItems: 1, maxItems: 20 }),
  },
  strict,
);

export const ActivationStatusSchema = Type.Object({ code: ActivationStatusCodeSchema, message: Type.Optional(Text(500)) }, strict);

export const ActivationSchema = Type.Object(
  {
    /** UUID-shaped, as the SPI's activation ids are. */
    id: Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
    status: ActivationStatusSchema,
    country_activations: Type.Array(CountryActivationSchema, { minItems: 1 }),
  },
  strict,
);

export const BusinessEntitySchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\s]+$' }),
    display_name: Text(),
    party: PartySchema,
    activations: Type.Array(ActivationSchema),
  },
  strict,
);

export type BusinessEntity = Static<typeof BusinessEntitySchema>;
export type Activation = Static<typeof ActivationSchema>;
export type ActivationStatus = Static<typeof ActivationStatusSchema>;
export type CountryActivation = Static<typeof CountryActivationSchema>;
export type Party = Static<typeof PartySchema>;
