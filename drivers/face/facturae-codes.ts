// Facturae 3.2.2's code lists that the builder maps to (the schema's enumerations, which pair each
// code with the one Spanish text it accepts).

/** ReasonCode → ReasonDescription, exactly as ReasonDescriptionType spells them. */
export const REASONS: Readonly<Record<string, string>> = {
  '01': 'Número de la factura',
  '02': 'Serie de la factura',
  '03': 'Fecha expedición',
  '04': 'Nombre y apellidos/Razón Social-Emisor',
  '05': 'Nombre y apellidos/Razón Social-Receptor',
  '06': 'Identificación fiscal Emisor/obligado',
  '07': 'Identificación fiscal Receptor',
  '08': 'Domicilio Emisor/Obligado',
  '09': 'Domicilio Receptor',
  '10': 'Detalle Operación',
  '11': 'Porcentaje impositivo a aplicar',
  '12': 'Cuota tributaria a aplicar',
  '13': 'Fecha/Periodo a aplicar',
  '14': 'Clase de factura',
  '15': 'Literales legales',
  '16': 'Base imponible',
  '80': 'Cálculo de cuotas repercutidas',
  '81': 'Cálculo de cuotas retenidas',
  '82': 'Base imponible modificada por devolución de envases / embalajes',
  '83': 'Base imponible modificada por descuentos y bonificaciones',
  '84': 'Base imponible modificada por resolución firme, judicial o administrativa',
  '85': 'Base imponible modificada cuotas repercutidas no satisfechas. Auto de declaración de concurso',
};

/** CorrectionMethod → CorrectionMethodDescription. */
export const CORRECTION_METHODS: Readonly<Record<string, string>> = {
  '01': 'Rectificación íntegra',
  '02': 'Rectificación por diferencias',
  '03': 'Rectificación por descuento por volumen de operaciones durante un periodo',
  '04': 'Autorizadas por la Agencia Tributaria',
};

/** UN/ECE Rec 20 → UnitOfMeasureType; a unit without a Facturae code is written as none (units). */
export const UNITS: Readonly<Record<string, string>> = {
  C62: '01', H87: '01', EA: '01', XUN: '01', HUR: '02', KGM: '03', LTR: '04', XBX: '06', XBA: '08', XBG: '10',
  CLT: '15', CMT: '16', DZN: '18', XCS: '19', GRM: '21', KMT: '22', XBH: '24', MTR: '25', MMT: '26', XPK: '28',
  XRO: '30', XEN: '31', MTQ: '33', SEC: '34', WTT: '35', KWH: '36',
};

/** UNCL4461 → PaymentMeansType: 01 cash, 02 direct debit, 04 credit transfer, 11 cheque, 19 card. */
export const PAYMENT_MEANS: Readonly<Record<string, string>> = {
  '10': '01', '49': '02', '59': '02', '30': '04', '31': '04', '42': '04', '58': '04', '20': '11', '48': '19', '54': '19', '55': '19',
};
