import type { Model, TransactionType } from '../adapter/schemas/enums.js';

/**
 * One row of a driver's field table: where a value lands in the legal document. The same table
 * answers GET /einvoicing/data_input_fields and (with the PEPPOL issue) drives `overrides`
 * mapping, so what the platform is told to map is exactly what the renderer reads.
 */
export interface FieldSpec {
  /** Path in the legal document, e.g. `Invoice.cbc:ID`. */
  readonly path: string;
  readonly field_name: string;
  readonly data_type: 'string' | 'number' | 'date' | 'boolean';
  readonly inclusion_type: 'Mandatory' | 'Optional' | 'Conditional';
  readonly description?: string;
  readonly example?: string;
  readonly accepted_values?: readonly string[];
  readonly default_value?: string;
  readonly documentation_link?: string;
  readonly condition?: Readonly<Record<string, unknown>>;
  /** Document types the field belongs to; every type of the driver when absent. */
  readonly documentTypes?: readonly string[];
  /** Scenarios the field belongs to; every scenario of the driver when absent. */
  readonly transactionTypes?: readonly TransactionType[];
}

/**
 * The driver contract: what a model declares about itself. Submission (validate, render),
 * transmission and status mapping join this interface with the issues that need them.
 */
export interface Driver {
  /** The SPI model the driver implements; one driver per model. */
  readonly model: Model;
  /** Human title of the format, e.g. `Peppol BIS Billing 3.0`. */
  readonly title: string;
  /** ISO alpha-2 countries served; an empty list means any country. */
  readonly countries: readonly string[];
  readonly transactionTypes: readonly TransactionType[];
  /** SPI document types, e.g. `ubl-invoice`, `ubl-creditnote`, `ubl-applicationresponse`. */
  readonly documentTypes: readonly string[];
  readonly fields: readonly FieldSpec[];
}

/** The scenario the platform asks about in data_input_fields and submits documents for. */
export interface Scenario {
  model: Model;
  country: string;
  transactionType: TransactionType;
  documentType: string;
}
