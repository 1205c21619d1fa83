import type { ConfigFile } from '../../../platform/config/config-file-schema.js';
import type { BusinessEntity } from '../../../spi/business-entity.js';
import type { ProviderReference } from '../../../spi/transport.js';
import { settingsOf } from '../../../driver-kit/driver-settings.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import type { EntityRunSettings } from '../../../driver-kit/run-settings.js';
import { defaultDocumentType, documentTypesOf, driverId, type DocumentContext, type Driver, type Examination } from '../../../spi/driver.js';
import { SpiError } from '../../../platform/http/errors.js';
import { problemItem } from '../../../platform/http/problem-errors.js';
import { check } from '../../../lib/typed-check.js';
import { ApplicationResponseDocumentSchema, EnvelopeSchema, MainDocumentSchema, type Envelope, type SpiDocument } from '../../../spi/document.js';
import type { TransactionType } from '../../../spi/enums.js';
import { findIssuingEntity, isActivated, issuingParty } from '../../../platform/directory/issuing-entity.js';
import { documentFromOverrides } from './overrides.js';

/** A submission that reached a driver: who issues it, for which scenario, and what the driver found (its examination, made once). */
export interface Intake {
  doc: SpiDocument;
  driver: Driver;
  ctx: DocumentContext;
  transactionType: TransactionType;
  documentType: string;
  examination: Examination<unknown>;
}

/**
 * From a request body to a driver's verdict, the same for HTTP and the CLI. Anything that
 * prevents the driver from judging (shape, routing, activation) is an SpiError with one item per
 * problem; the driver's own findings come back as issues.
 */
/**
 * Whose entities a submission may be issued by: every live one (the operator's key, the CLI) or
 * one merchant's. A merchant's document issued by anyone else is a 403 that says nothing of
 * whether that issuer is known here.
 */
export interface IntakeScope {
  entities: readonly BusinessEntity[];
  merchant?: boolean;
  /** The network's references on an invoice of the issuing entity the network accepted (DocumentContext.acceptedReferences). */
  accepted?: (entityId: string, invoiceNumber: string) => Promise<readonly ProviderReference[] | undefined>;
  /** The directory of the network of a driver (by id) and entity (DocumentContext.receivers), when it has one. */
  receivers?: (driver: string, entityId: string) => DocumentContext['receivers'];
  /** The driver's settings for the entity's documents (its own from the admin API, else the file's); the file's when absent (the CLI). */
  settingsFor?: (driver: Driver, entityId: string) => EntityRunSettings;
}

export async function intake(body: unknown, config: ConfigFile, drivers: DriverRegistry, scope: IntakeScope = { entities: config.business_entities }): Promise<Intake> {
  const envelope = parseEnvelope(body);
  const transactionType = envelope.transaction_type ?? 'B2B';
  const driver = drivers.get(envelope.model, envelope.country);
  const documentType = envelope.document_type ?? (driver && defaultDocumentType(driver, envelope.type, transactionType));
  const scenario = { model: envelope.model, country: envelope.country, transactionType, documentType: documentType ?? '' };
  if (!driver || !documentType || !drivers.serving(scenario)) {
    throw SpiError.one(400, 'INVALID_OPERATION', `no driver serves ${envelope.model} ${transactionType} ${documentType ?? envelope.type} documents in ${envelope.country}`);
  }
  const fitting = documentTypesOf(driver, envelope.type);
  if (!fitting.includes(documentType)) {
    throw SpiError.one(400, 'INVALID_DATA', `document_type: ${documentType} does not fit type ${envelope.type} (expected ${fitting.join(' or ') || 'none'})`);
  }
  const raw = (body as { overrides?: unknown }).overrides === undefined ? body : documentFromOverrides(envelope, (body as { overrides: unknown }).overrides, driver, documentType);
  const doc = checked(envelope.type === 'APPLICATION_RESPONSE' ? ApplicationResponseDocumentSchema : MainDocumentSchema, raw) as SpiDocument;
  const entity = issuingEntity(body, doc, raw !== body, scope);
  if (!isActivated(entity, scenario)) {
    throw SpiError.one(400, 'INVALID_OPERATION', `business entity ${entity.id} has no completed activation for ${envelope.model} ${transactionType} ${documentType} in ${envelope.country}`);
  }
  const accepted = scope.accepted;
  const receivers = scope.receivers?.(driverId(driver), entity.id);
  const run = scope.settingsFor?.(driver, entity.id);
  if (run?.problem) throw SpiError.one(503, 'SERVICE_UNAVAILABLE', `business entity ${entity.id}: its ${driverId(driver)} settings cannot be used: ${run.problem}`);
  const ctx: DocumentContext = { entity, settings: run ? run.settings : settingsOf(config, driver), ...(accepted && { acceptedReferences: (n: string) => accepted(entity.id, n) }), ...(receivers && { receivers }) };
  return { doc, driver, ctx, transactionType, documentType, examination: await driver.examine(doc, ctx) };
}

/**
 * The configured business entity that issues the document, by an identifier the two share. With
 * `overrides`, routing is not transformation: the standard fields' issuer decides (the mapping
 * may carry no identifier at all), the mapped one when they carry none; a mapped identifier of
 * another configured entity is refused rather than sent for either.
 */
function issuingEntity(body: unknown, doc: SpiDocument, mapped: boolean, scope: IntakeScope): BusinessEntity {
  const own = issuingParty(doc);
  const standard = mapped ? issuingParty(body as Record<string, unknown>) : own;
  const issuer = standard.ids.length > 0 ? standard : own;
  const entity = findIssuingEntity(scope.entities, issuer.ids);
  if (!entity && scope.merchant && issuer.ids.length > 0) {
    throw SpiError.one(403, 'INVALID_OPERATION', `${issuer.path}: is not a business entity of this key's merchant`);
  }
  if (!entity) {
    const at = issuer === own && mapped ? `overrides: the mapped ${own.path}` : issuer.path;
    throw SpiError.one(400, 'INVALID_OPERATION', issuer.ids.length === 0 ? `${at}: carries no identifier (tax_scheme, legal_entity.company_id or electronic_address) to find its business entity by` : `${at}: no configured business entity has the identifier ${issuer.ids.join(' or ')}`);
  }
  const other = issuer === own ? undefined : findIssuingEntity(scope.entities, own.ids);
  if (other && other.id !== entity.id) {
    throw SpiError.one(400, 'INVALID_DATA', `overrides: the mapped ${own.path} is business entity ${other.id}, the document's ${issuer.path} is ${entity.id}`);
  }
  return entity;
}

/** The keys that route a submission (id, type, country, model…); a 400 listing every problem otherwise. */
export function parseEnvelope(body: unknown): Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw SpiError.one(400, 'INVALID_DATA', 'the request body must be a JSON object (an SPI document)');
  }
  return checked<Envelope>(EnvelopeSchema, body);
}

function checked<T>(schema: Parameters<typeof check>[0], value: unknown): T {
  const result = check(schema, value);
  if (result.ok) return result.value as T;
  throw new SpiError(400, result.problems.map(problemItem));
}


