import Type, { type Static } from 'typebox';
import { CertificateSchema } from '../../src/platform/crypto/certificate-settings.js';

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
    /** Business entity id → its AEAT certificate. An entity without one has its records answered by the sandbox's simulated AEAT. */
    certificates: Type.Optional(Type.Record(Type.String({ minLength: 1 }), CertificateSchema)),
    /** Replaces the environment's endpoint (a forwarding proxy, a test server). */
    endpoint: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
    /** Extra trusted certificate authorities (PEM) for the endpoint's server certificate. */
    ca_file: Type.Optional(Type.String({ minLength: 1 })),
    /** How long one request may take; the AEAT can be slow with 1,000 records (default 120). */
    request_timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    /** The sandbox's simulated AEAT (entities without a certificate). */
    sandbox: Type.Optional(
      Type.Object(
        {
          /** The TiempoEsperaEnvio it answers, in seconds (default 5; the AEAT's own is 60). */
          tiempo_espera_envio: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
        },
        { additionalProperties: false },
      ),
    ),
    sistema_informatico: Type.Optional(SistemaInformaticoSchema),
    /** TipoFactura of a credit note: R1 (Art. 80 Uno, Dos y Seis LIVA: returns, discounts…) unless configured. */
    credit_note_type: Type.Optional(Type.Union(['R1', 'R2', 'R3', 'R4', 'R5'].map((v) => Type.Literal(v)))),
    /** OperacionExenta of category E lines (E1 Art. 20 LIVA unless configured; K is E5, G is E2). */
    exempt_operation: Type.Optional(Type.Union(['E1', 'E2', 'E3', 'E4', 'E5', 'E6'].map((v) => Type.Literal(v)))),
    /** The AEAT environment records are sent to and QR codes refer to: `test` (prewww1/prewww2.aeat.es, the default) or `production`. */
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
