// The SPI's enums as plain lists: what code that only names models and scenarios (the driver
// registry, the drivers' descriptions) imports, without the schema library enums.ts builds on.

/** The SPI's `model` enum: the flow model that governs how a document is exchanged. */
export const MODELS = ['PEPPOL', 'EINVOICE', 'CLEARANCE', 'REPORTING', 'ZUGFERD', 'CTC', 'NEMHANDEL', 'FACE', 'VERIFACTU'] as const;
export type Model = (typeof MODELS)[number];

/** `transaction_type` / `einvoicing_type`: the scenario. */
export const TRANSACTION_TYPES = ['B2B', 'B2C', 'B2G'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** `activation_status.code`. */
export const ACTIVATION_STATUS_CODES = ['COMPLETED', 'FAILED', 'PENDING'] as const;
export type ActivationStatusCode = (typeof ACTIVATION_STATUS_CODES)[number];
