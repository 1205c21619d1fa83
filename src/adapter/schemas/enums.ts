import Type from 'typebox';
import { countryRequirement, isCountryCode } from '../../code-lists/country-codes.js';
import { isVatexCode } from '../../code-lists/vatex.js';

/** The SPI's `model` enum: the flow model that governs how a document is exchanged. */
export const MODELS = ['PEPPOL', 'EINVOICE', 'CLEARANCE', 'REPORTING', 'ZUGFERD', 'CTC', 'NEMHANDEL', 'FACE', 'VERIFACTU'] as const;
export type Model = (typeof MODELS)[number];
export const ModelSchema = Type.Enum(MODELS);

/** `transaction_type` / `einvoicing_type`: the scenario. */
export const TRANSACTION_TYPES = ['B2B', 'B2C', 'B2G'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TransactionTypeSchema = Type.Enum(TRANSACTION_TYPES);

/** `activation_status.code`. */
export const ACTIVATION_STATUS_CODES = ['COMPLETED', 'FAILED', 'PENDING'] as const;
export type ActivationStatusCode = (typeof ACTIVATION_STATUS_CODES)[number];
export const ActivationStatusCodeSchema = Type.Enum(ACTIVATION_STATUS_CODES);

/** ISO 3166-1 alpha-2, upper case as the SPI's examples send it, and assigned (src/country-codes.ts). */
export const CountryCodeSchema = Type.Refine(Type.String({ pattern: '^[A-Z]{2}$' }), isCountryCode, (code) => `must be ${countryRequirement(code)}`);

/** A VAT exemption reason code (BT-121) of the CEF VATEX list, in any case (src/code-lists/vatex.ts). */
export const VatexCodeSchema = Type.Refine(Type.String({ minLength: 1, maxLength: 30 }), isVatexCode, () => 'must be a code of the CEF VATEX code list, e.g. VATEX-EU-132-1I');
