import Type, { type Static, type TSchema } from 'typebox';
import { CountryCodeSchema, ModelSchema, TransactionTypeSchema, vatexCode } from './enums.js';

// POST /einvoicing/documents with the SPI's names. Lenient about unknown keys (the platform
// adds fields over time; `additionalProperties` stays open), strict about the keys the adapter
// reads. What the spec marks required but its own examples omit (the SPI's known warts, in docs/spi.md)
// is optional here and derived by the driver. A few optional keys are adapter extensions for
// data the SPI cannot carry (marked "extension"); they are documented in docs/spi.md ("Extension keys").

const Text = (max = 1000) => Type.String({ minLength: 1, maxLength: max });
const Id = Text(200);
const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const DateText = Type.String({ pattern: DATE_PATTERN });
const Amount = Type.Number();

/**
 * Marks an adapter extension key (../shared/spec/EXTENSIONS.md, docs/spi.md) in the published
 * OpenAPI document: its description and `x-extension: true`, which typebox's compiler ignores.
 */
function extension<S extends TSchema>(schema: S, description: string): S {
  return Object.assign(schema, { description, 'x-extension': true });
}

export const DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE', 'APPLICATION_RESPONSE'] as const;
export type DocumentKind = (typeof DOCUMENT_TYPES)[number];

/** The keys every submission needs before anything else can be decided (which driver, which entity). */
export const EnvelopeSchema = Type.Object({
  id: Id,
  type: Type.Enum(DOCUMENT_TYPES),
  country: CountryCodeSchema,
  model: ModelSchema,
  transaction_type: Type.Optional(TransactionTypeSchema),
  document_type: Type.Optional(Text(100)),
});
export type Envelope = Static<typeof EnvelopeSchema>;

export const AddressSchema = Type.Object({
  line_1: Type.Optional(Text(200)),
  line_2: Type.Optional(Text(200)),
  line_3: Type.Optional(Text(200)),
  zip: Type.Optional(Text(50)),
  city: Type.Optional(Text(200)),
  division: Type.Optional(Text(200)),
  country: CountryCodeSchema,
});

export const TaxSchemeSchema = Type.Object({ scheme: Text(50), id: Text(100) });
export const LegalEntitySchema = Type.Object({ registration_name: Type.Optional(Text(300)), company_id: Type.Optional(Text(100)) });
/** Extension: a Peppol electronic address `{scheme: EAS code, id}` that overrides the derived one. */
export const ElectronicAddressSchema = extension(
  Type.Object({ scheme: Type.String({ pattern: '^[0-9]{4}$' }), id: Text(200) }),
  'A Peppol electronic address {scheme: EAS code, id} that overrides the derived one.',
);

/** Extension: the party identifier (BT-29 seller, BT-46 buyer), its scheme an ISO 6523 ICD code (or SEPA, the seller's creditor id). */
export const PartyIdentifierSchema = extension(
  Type.Object({ scheme: Type.Optional(Type.String({ pattern: '^([0-9]{4}|SEPA)$' })), id: Text(200) }),
  'The party identifier (BT-29 seller, BT-46 buyer), its scheme an ISO 6523 ICD code (or SEPA, the seller\'s creditor id).',
);

export const PartySchema = Type.Object({
  name: Type.Optional(Text(300)),
  address: AddressSchema,
  tax_scheme: Type.Optional(Type.Array(TaxSchemeSchema, { maxItems: 10 })),
  legal_entity: Type.Optional(LegalEntitySchema),
  electronic_address: Type.Optional(ElectronicAddressSchema),
  identifier: Type.Optional(PartyIdentifierSchema),
  /** Extension: the contact point (BG-9 for the buyer: its email is where EINVOICE mails the invoice). */
  contact: Type.Optional(
    extension(
      Type.Object({ name: Type.Optional(Text(200)), telephone: Type.Optional(Text(100)), email: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 254 })) }),
      'The contact point (BG-6 / BG-9).',
    ),
  ),
  /**
   * Extension: a Spanish public buyer's DIR3 units (FACE): `role_code` 01 Oficina contable, 02
   * Órgano gestor, 03 Unidad tramitadora (04 Órgano proponente), `code` the DIR3 code.
   */
  administrative_centres: Type.Optional(
    extension(
      Type.Array(Type.Object({ role_code: Type.String({ pattern: '^0[1-4]$' }), code: Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' }), name: Type.Optional(Text(200)) }), { maxItems: 10 }),
      "A Spanish public buyer's DIR3 units (FACE): role_code 01 Oficina contable, 02 Órgano gestor, 03 Unidad tramitadora (04 Órgano proponente).",
    ),
  ),
});
export type SpiParty = Static<typeof PartySchema>;

/** Extension: the document's own VAT exemption reason (BT-120 text, BT-121 VATEX code), on a line's category or a sub total. */
const ExemptionReason = {
  exemption_reason: Type.Optional(extension(Text(1000), 'VAT exemption reason text (BT-120).')),
  exemption_reason_code: Type.Optional(vatexCode({ description: 'VAT exemption reason code, VATEX (BT-121).', 'x-extension': true })),
};

export const TaxCategorySchema = Type.Object({
  percentage: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  category: Type.Optional(Text(50)),
  country: Type.Optional(CountryCodeSchema),
  ...ExemptionReason,
});

export const LineSchema = Type.Object({
  id: Text(100),
  description: Text(1000),
  quantity: Type.Number(),
  unit_price: Type.Optional(Type.Number({ minimum: 0 })),
  amount: Amount,
  discount: Type.Optional(Type.Number({ minimum: 0 })),
  item_code: Type.Optional(Text(200)),
  classified_tax_category: Type.Array(TaxCategorySchema, { minItems: 1 }),
  /** Extension: UN/ECE Rec 20 unit code; C62 ("one") when absent. */
  unit_code: Type.Optional(extension(Type.String({ pattern: '^[A-Z0-9]{1,3}$' }), 'UN/ECE Rec 20 unit code; C62 when absent.')),
});
export type SpiLine = Static<typeof LineSchema>;

export const TaxSubTotalSchema = Type.Object({
  taxable_amount: Amount,
  tax_amount: Amount,
  percentage: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  country: Type.Optional(CountryCodeSchema),
  category: Type.Optional(Text(50)),
  ...ExemptionReason,
});
export type SpiTaxSubTotal = Static<typeof TaxSubTotalSchema>;

/** The spec's object form, or the bare invoice id its credit-note example sends. */
export const BillingReferenceSchema = Type.Union([
  Id,
  Type.Object({ invoice_document_reference: Type.Object({ id: Id, issue_date: Type.Optional(DateText) }) }),
]);

export const PaymentMeansSchema = Type.Object({
  code: Type.Optional(Type.Enum(['CREDIT_TRANSFER', 'ONLINE_PAYMENT_SERVICE', 'DIRECT_DEBIT'])),
  payment_id: Type.Optional(Text(200)),
  payee_financial_account: Type.Optional(Type.Object({ id: Text(100) })),
  payment_mandate: Type.Optional(Type.Object({ id: Type.Optional(Text(100)), mandate_type: Type.Optional(Text(100)) })),
  card_account: Type.Optional(
    Type.Object({
      // The schema spells it `primary_account_number_i_d`, the examples `primary_account_number_id`: both are read.
      primary_account_number_id: Type.Optional(Text(50)),
      primary_account_number_i_d: Type.Optional(Text(50)),
      card_holder_name: Type.Optional(Text(200)),
      network_id: Type.Optional(Text(50)),
    }),
  ),
});
export type SpiPaymentMeans = Static<typeof PaymentMeansSchema>;

export const BILLING_STATUSES = ['PAID', 'POSTED', 'PAYMENT_DUE', 'NOT_PAID', 'VOIDED', 'ADJUSTED', 'REFUNDED', 'REFUND_DUE'] as const;

export const MainDocumentSchema = Type.Object({
  id: Id,
  type: Type.Enum(['INVOICE', 'CREDIT_NOTE']),
  country: CountryCodeSchema,
  transaction_type: Type.Optional(TransactionTypeSchema),
  model: ModelSchema,
  document_type: Type.Optional(Text(100)),
  issue_date: DateText,
  tax_date: Type.Optional(DateText),
  currency_code: Type.String({ pattern: '^[A-Z]{3}$' }),
  due_date: Type.Optional(DateText),
  amount: Type.Optional(Amount),
  status: Type.Optional(Type.Enum(BILLING_STATUSES)),
  taxable_amount: Type.Optional(Amount),
  amount_due: Type.Optional(Amount),
  total_discount: Type.Optional(Type.Number({ minimum: 0 })),
  note: Type.Optional(Text(5000)),
  billing_reference: Type.Optional(Type.Array(BillingReferenceSchema, { maxItems: 100 })),
  accounting_supplier_party: PartySchema,
  accounting_customer_party: PartySchema,
  payment_means: Type.Optional(Type.Array(PaymentMeansSchema, { maxItems: 10 })),
  lines: Type.Array(LineSchema, { minItems: 1, maxItems: 10000 }),
  tax_total: Type.Object({ tax_amount: Amount, tax_sub_totals: Type.Optional(Type.Array(TaxSubTotalSchema, { maxItems: 100 })) }),
  /** Extension: BT-10, the reference the buyer asked to quote (e.g. a German Leitweg-ID). */
  buyer_reference: Type.Optional(extension(Text(200), "BT-10, the buyer's reference (in Germany's B2G the Leitweg-ID).")),
  /** Extension: BT-13, the buyer's purchase order number. */
  order_reference: Type.Optional(extension(Text(200), "BT-13, the buyer's purchase order number.")),
  /**
   * Extension: BT-3, the document's UNTDID 1001 type code (396 a factored credit note, 386 a
   * prepayment invoice …); 380 or 381 when absent. What an override mapping of the type code
   * writes; each driver allows its format's codes (src/formats/en16931/type-codes.ts).
   */
  document_type_code: Type.Optional(extension(Type.String({ pattern: '^[0-9]{1,3}$' }), "BT-3, the document's UNTDID 1001 type code; 380 or 381 when absent.")),
  /**
   * Extension: the rate that converts the invoice's VAT into the national currency (UBL's
   * cac:TaxExchangeRate: target currency, CalculationRate, date), for formats that must state the
   * VAT in it (KSeF's FA(3): PLN, art. 106e ust. 11). A rate is text or a number, read as decimal text.
   */
  tax_exchange_rate: Type.Optional(
    extension(
      Type.Object({
        calculation_rate: Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })]),
        target_currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
        date: Type.Optional(DateText),
      }),
      "The rate from the document's currency to the currency VAT must be stated in, and its date (KSeF: PLN, NAV: HUF, FACE: EUR).",
    ),
  ),
});
export type MainDocument = Static<typeof MainDocumentSchema>;

/** The platform sends the statuses as enum values or as labels ("Accepted", "Under query"). */
export const ResponseStatusSchema = Text(50);

export const ResponsePartySchema = Type.Object({
  legal_entity: LegalEntitySchema,
  electronic_address: Type.Optional(ElectronicAddressSchema),
});

export const ApplicationResponseDocumentSchema = Type.Object({
  id: Id,
  type: Type.Literal('APPLICATION_RESPONSE'),
  country: CountryCodeSchema,
  transaction_type: Type.Optional(TransactionTypeSchema),
  model: ModelSchema,
  document_type: Type.Optional(Text(100)),
  issue_date: DateText,
  sender_party: ResponsePartySchema,
  receiver_party: ResponsePartySchema,
  document_response: Type.Object({
    response: Type.Object({
      status: ResponseStatusSchema,
      note: Type.Optional(Text(5000)),
      /** Extension: the clarification code: OPStatusReason (REF, LEG, …; OTH when absent and the status needs one), or a format's own list (CTC France: TX_TVA_ERR …). */
      reason_code: Type.Optional(extension(Type.String({ pattern: '^[A-Z][A-Z0-9_]{1,29}$' }), "The clarification code: OPStatusReason, or a format's own list.")),
      /** Extension: OPStatusAction code (NOA, PIN, NIN, CNF, CNP, CNA, OTH). */
      action_code: Type.Optional(extension(Type.String({ pattern: '^[A-Z]{3}$' }), 'OPStatusAction code (NOA, PIN, NIN, CNF, CNP, CNA, OTH).')),
    }),
    document_reference: Type.Object({
      id: Id,
      /** Extension: the referenced document's type code (380 invoice, 381 credit note); 380 when absent. */
      document_type_code: Type.Optional(extension(Type.String({ pattern: '^[0-9]{3}$' }), "The referenced document's type code (380 invoice, 381 credit note); 380 when absent.")),
      /** Extension (CTC France): the referenced document's issue date, which a lifecycle message names (MDG-35). */
      issue_date: Type.Optional(extension(Type.String({ pattern: DATE_PATTERN }), "The referenced document's issue date, which a CTC France lifecycle message names (MDG-35).")),
    }),
  }),
});
export type ApplicationResponseDocument = Static<typeof ApplicationResponseDocumentSchema>;

export const OverridesSchema = Type.Object({
  country: Type.Optional(CountryCodeSchema),
  transaction_type: Type.Optional(TransactionTypeSchema),
  model: Type.Optional(ModelSchema),
  document_type: Type.Optional(Text(100)),
  field_mapping: Type.Array(
    Type.Object({
      target: Text(500),
      source: Type.Optional(Text(500)),
      fixed_value: Type.Optional(Type.String({ maxLength: 5000 })),
      expr: Type.Optional(Text(5000)),
    }),
    { minItems: 1, maxItems: 2000 },
  ),
  values: Type.Record(Type.String(), Type.Unknown()),
});
export type Overrides = Static<typeof OverridesSchema>;

/**
 * What POST /einvoicing/documents takes, for the OpenAPI document: a document, or an envelope
 * with the overrides that make one. Intake checks it in two stages with these very constants
 * (the envelope, then the document or the overrides), so this union is documentation only.
 */
export const SubmissionBodySchema = Type.Union([MainDocumentSchema, ApplicationResponseDocumentSchema, Type.Intersect([EnvelopeSchema, Type.Object({ overrides: OverridesSchema })])]);

/** A submitted document once its envelope is known: the body as received. */
export type SpiDocument = MainDocument | ApplicationResponseDocument;
