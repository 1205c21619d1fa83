import Type, { type Static } from 'typebox';
import { VatexCodeSchema } from '../../spi/enums.js';

// What every EN 16931 driver takes from its settings (`drivers.<id>` in the configuration file):
// data the semantic invoice needs that no SPI field carries. A driver's own schema adds to these.

const Reason = Type.Object(
  {
    /** A VATEX code (CEF VAT exemption reason code list), e.g. VATEX-EU-132-1I. */
    code: Type.Optional(VatexCodeSchema),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The EN 16931 settings' properties, for a driver's own schema to spread. */
export const EN16931_SETTINGS = {
    /**
     * Default exemption reasons by VAT category, for documents that give none of their own
     * (`exemption_reason` / `exemption_reason_code`). E (exempt) has no universal reason; AE, K,
     * G and O default to their VATEX-EU code and text.
     */
    exemption_reasons: Type.Optional(
      Type.Object(
        { E: Type.Optional(Reason), AE: Type.Optional(Reason), K: Type.Optional(Reason), G: Type.Optional(Reason), O: Type.Optional(Reason) },
        { additionalProperties: false },
      ),
    ),
    /** UN/ECE Rec 20 unit for lines that name none; C62 ("one") by default. */
    default_unit_code: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{1,3}$' })),
};

export const En16931SettingsSchema = Type.Object(EN16931_SETTINGS, { additionalProperties: false });
export type En16931Settings = Static<typeof En16931SettingsSchema>;
