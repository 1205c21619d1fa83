import Type from 'typebox';
import { countryRequirement, isCountryCode } from '../code-lists/country-codes.js';
import { isVatexCode } from '../code-lists/vatex.js';
import { ACTIVATION_STATUS_CODES, MODELS, TRANSACTION_TYPES } from './enum-lists.js';

export { ACTIVATION_STATUS_CODES, MODELS, TRANSACTION_TYPES, type ActivationStatusCode, type Model, type TransactionType } from './enum-lists.js';

export const ModelSchema = Type.Enum(MODELS);
export const TransactionTypeSchema = Type.Enum(TRANSACTION_TYPES);
export const ActivationStatusCodeSchema = Type.Enum(ACTIVATION_STATUS_CODES);

/** ISO 3166-1 alpha-2, upper case as the SPI's examples send it, and assigned (src/country-codes.ts). */
export const CountryCodeSchema = Type.Refine(Type.String({ pattern: '^[A-Z]{2}$' }), isCountryCode, (code) => `must be ${countryRequirement(code)}`);

/** A VAT exemption reason code (BT-121) of the CEF VATEX list, in any case (src/code-lists/vatex.ts). */
/** A VATEX code; `options` annotate this one (a description). */
export const vatexCode = (options: Record<string, unknown> = {}) =>
  Type.Refine(Type.String({ ...options, minLength: 1, maxLength: 30 }), isVatexCode, () => 'must be a code of the CEF VATEX code list, e.g. VATEX-EU-132-1I');
export const VatexCodeSchema = vatexCode();
