import type { TSchema } from 'typebox';
import type { DocumentKind, SpiDocument } from '../adapter/schemas/document.js';
import type { Model, TransactionType } from '../adapter/schemas/enums.js';
import type { BusinessEntity } from '../config/config-file-schema.js';
import type { Issue } from './issues.js';

/**
 * One row of a driver's field table: where a value lands in the legal document. The same table
 * answers GET /einvoicing/data_input_fields and (with the PEPPOL issue) drives `overrides`
 * mapping, so what the platform is told to map is exactly what the renderer reads.
 */
export interface FieldSpec {
  /** Path in the legal document, e.g. `Invoice.cbc:ID`; also the `target` of an override mapping. */
  readonly path: string;
  /**
   * Where the value lives in the SPI document (`id`, `lines[].quantity`,
   * `accounting_customer_party.electronic_address.scheme`): an override mapping to `path`
   * writes its value there before the driver validates and renders as usual.
   */
  readonly spi?: string;
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

/** What a driver knows besides the document: the issuing business entity and its own settings. */
export interface DocumentContext {
  /** The configured business entity whose party issues the document (seller, or response sender). */
  readonly entity: BusinessEntity;
  /** `drivers.<MODEL>` from the configuration file, already checked against `settingsSchema`. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/** Everything render may depend on besides the document: injected so render stays pure. */
export interface RenderContext extends DocumentContext {
  readonly now: Date;
  /** The adapter's id of the document being rendered. */
  readonly documentId: string;
}

/** One legal document a driver renders (a UBL invoice, a signed record…). */
export interface Artifact {
  /** SPI document type, e.g. `ubl-invoice`. */
  readonly documentType: string;
  readonly mimeType: string;
  readonly content: string;
}

/**
 * The driver contract. Metadata feeds the registry, activations and data_input_fields;
 * `validate` and `render` make submissions; transmission and remote status mapping join the
 * contract with the lifecycle issue.
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
  /** The document type each SPI `type` becomes (the default when a submission names none). */
  readonly documentTypeFor: Readonly<Partial<Record<DocumentKind, string>>>;
  readonly fields: readonly FieldSpec[];
  /** typebox schema of `drivers.<MODEL>` in the configuration file, checked at start. */
  readonly settingsSchema?: TSchema;
  /** Every issue in the document; never throws on bad input. */
  validate(doc: SpiDocument, ctx: DocumentContext): Issue[];
  /** The legal documents; only called when validate reported no error. Pure. */
  render(doc: SpiDocument, ctx: RenderContext): Artifact[];
}

/** The scenario the platform asks about in data_input_fields and submits documents for. */
export interface Scenario {
  model: Model;
  country: string;
  transactionType: TransactionType;
  documentType: string;
}
