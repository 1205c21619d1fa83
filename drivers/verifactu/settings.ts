import Type, { type Static } from 'typebox';

// `drivers.VERIFACTU` in the configuration file: what no SPI field carries.

const SiNo = Type.Union([Type.Literal('S'), Type.Literal('N')]);

/** The invoicing software that generates the records (SistemaInformatico), as declared to the AEAT. */
export const SistemaInformaticoSchema = Type.Object(
  {
    /** The producer of the software (NombreRazon) and its NIF. */
    nombre_razon: Type.String({ minLength: 1, maxLength: 120 }),
    nif: Type.String({ pattern: '^[0-9A-Z]{9}$' }),
    nombre: Type.String({ minLength: 1, maxLength: 30 }),
    /** IdSistemaInformatico: two characters. */
    id: Type.String({ minLength: 1, maxLength: 2 }),
    version: Type.String({ minLength: 1, maxLength: 50 }),
    numero_instalacion: Type.String({ minLength: 1, maxLength: 100 }),
    tipo_uso_posible_solo_verifactu: Type.Optional(SiNo),
    tipo_uso_posible_multi_ot: Type.Optional(SiNo),
    indicador_multiples_ot: Type.Optional(SiNo),
  },
  { additionalProperties: false },
);

export const VerifactuSettingsSchema = Type.Object(
  {
    sistema_informatico: Type.Optional(SistemaInformaticoSchema),
    /** TipoFactura of a credit note: R1 (Art. 80 Uno, Dos y Seis LIVA: returns, discounts…) unless configured. */
    credit_note_type: Type.Optional(Type.Union(['R1', 'R2', 'R3', 'R4', 'R5'].map((v) => Type.Literal(v)))),
    /** OperacionExenta of category E lines (E1 Art. 20 LIVA unless configured; K is E5, G is E2). */
    exempt_operation: Type.Optional(Type.Union(['E1', 'E2', 'E3', 'E4', 'E5', 'E6'].map((v) => Type.Literal(v)))),
    /** The AEAT environment records and QR codes refer to: `test` (prewww2.aeat.es, the default) or `production`. */
    environment: Type.Optional(Type.Union([Type.Literal('test'), Type.Literal('production')])),
    /** DescripcionOperacion when the document has no note. */
    default_description: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);

export type VerifactuSettings = Static<typeof VerifactuSettingsSchema>;
export type SistemaInformatico = Static<typeof SistemaInformaticoSchema>;

/** This software, when the configuration names no other (the AEAT needs a producer and installation). */
export const DEFAULT_SISTEMA: SistemaInformatico = {
  nombre_razon: 'einvoicing-adapter contributors',
  nif: '00000000T',
  nombre: 'einvoicing-adapter',
  id: 'EA',
  version: '0.1.0',
  numero_instalacion: '1',
};
