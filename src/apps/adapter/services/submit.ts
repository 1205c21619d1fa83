import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { ConfigFile } from '../../../platform/config/config-file-schema.js';
import { errorsOf, issueMessage, type Issue } from '../../../spi/issues.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import { SpiError } from '../../../platform/http/errors.js';
import { driverId, type Driver } from '../../../spi/driver.js';
import type { RunSettings } from '../../../driver-kit/run-settings.js';
import type { DocumentKey, NewDocument } from '../../../platform/store/documents.js';
import type { Store } from '../../../platform/store/store.js';
import { decideKeyReading, type KeyDecision } from '../../../platform/store/submission-write.js';
import type { Directory, Principal } from '../../../platform/directory/directory.js';
import { intake, parseEnvelope } from './intake.js';
import { issuingParty } from '../../../platform/directory/issuing-entity.js';
import type { TransportSet } from '../../../driver-kit/networks/transport-set.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';

export interface SubmitDeps {
  config: ConfigFile;
  directory: Directory;
  drivers: DriverRegistry;
  store: Store;
  clock: () => Date;
  /** The documents' transports, when documents are transmitted: a network's directory is asked while a document is examined. */
  networks?: Pick<TransportSet, 'for'> | undefined;
  /** The drivers' settings for each entity's documents (the file's when absent). */
  runSettings?: Pick<RunSettings, 'of'> | undefined;
  /** Called once a new document is stored (the dispatcher's cue). */
  onAccepted?: (() => void) | undefined;
  /** Counts each submission's outcome and times its render (when metrics are exposed). */
  metrics?: Metrics | undefined;
}

/** What the metrics label a submission with, learnt as it goes: bounded values (registered drivers' ids and document types). */
interface Labels {
  driver: string;
  documentType: string;
}

export interface SubmissionResult {
  document_id: string;
  status: 'ACCEPTED';
  request_id: string;
}

/**
 * POST /einvoicing/documents: examine once, render the model, and store document + artifacts + first status
 * in one transaction. The SPI's idempotency key is (id, type, model, country), per issuing
 * entity: the same body again answers the stored document_id and stores nothing, whichever key
 * (the operator's, the merchant's that has the entity) sends it; a different body is a 400. Once
 * the key's document is FAILED, a submission (same body or corrected) is a new document with a
 * new document_id, and the failed one keeps its history.
 */
export async function submitDocument(body: unknown, deps: SubmitDeps, requestId: string, principal: Principal = { kind: 'operator' }): Promise<SubmissionResult> {
  const { metrics } = deps;
  if (!metrics) return (await submit(body, deps, requestId, principal)).result;
  const labels: Labels = { driver: 'none', documentType: 'unknown' };
  const merchant = principal.kind === 'merchant' ? principal.merchantId : '';
  try {
    const { result, created } = await submit(body, deps, requestId, principal, labels);
    metrics.submission(labels.driver, labels.documentType, created ? 'accepted' : 'duplicate', merchant);
    return result;
  } catch (err) {
    metrics.submission(labels.driver, labels.documentType, err instanceof SpiError && err.status < 500 ? 'refused_4xx' : 'refused_5xx', merchant);
    throw err;
  }
}

async function submit(body: unknown, deps: SubmitDeps, requestId: string, principal: Principal, labels?: Labels): Promise<{ result: SubmissionResult; created: boolean }> {
  const envelope = parseEnvelope(body);
  const known = deps.drivers.get(envelope.model, envelope.country);
  if (labels && known) Object.assign(labels, { driver: driverId(known), documentType: known.documentTypeFor[envelope.type] ?? 'unknown' });
  // The key is the issuing entity's: two entities (two merchants' sites) may both send INV-1, and
  // the operator's key and the merchant's that has the entity mean the same document. Read here
  // from the issuer's identifiers, so a resubmission answers what was stored even if the
  // configuration changed since; intake then decides the issuer for good.
  const issuer = deps.directory.issuerOf(principal, issuingParty(body as Record<string, unknown>).ids);
  const key: DocumentKey = { businessEntityId: issuer?.id ?? '', platformId: envelope.id, type: envelope.type, model: envelope.model, country: envelope.country };
  const bodyText = JSON.stringify(body);
  const sha = createHash('sha256').update(bodyText).digest('hex');
  const voids = (body as { status?: unknown }).status === 'VOIDED' && !!known?.voidsByResubmission;
  // What the key's stored document answers (the stored id, or a conflict), read before intake:
  // a repeated body is answered without examining or rendering it again, even if the
  // configuration changed since. Where the write decides the key itself (PostgreSQL: a new key's
  // write is one statement, and this read a round trip more), it is read only for a driver that
  // reserves a number first (none is spent on a repeated body) and for a submission refused
  // below, which may be one already stored: every answer stays the same.
  const askedKey = { ...key };
  const stored = async () => issuer && (await decideKeyReading(deps.store.documents.bodyOf, await deps.store.documents.findByKey(askedKey), { sha, body: bodyText, voids }));
  const answer = (decision: KeyDecision | undefined) => {
    if (decision?.kind === 'conflict') throw conflict(askedKey, decision.id);
    if (decision?.kind === 'same') return { result: { document_id: decision.id, status: 'ACCEPTED' as const, request_id: requestId }, created: false };
    return undefined;
  };
  const readFirst = !deps.store.keyDecidedByWrite || !!known?.sequence;
  const early = readFirst ? answer(await stored()) : undefined;
  if (early) return early;
  let prepared: Prepared;
  try {
    prepared = await prepare(body, deps, principal, key, labels);
  } catch (err) {
    if (!readFirst) {
      const late = answer(await stored());
      if (late) return late;
    }
    throw err;
  }
  const { id, now, transactionType, documentType, artifacts, chain, warnings } = prepared;
  // Two identical requests can race past the lookup above: the write decides, in its transaction.
  const outcome = await deps.store.writeSubmission({
    id,
    ...key,
    transactionType,
    documentType,
    bodySha256: sha,
    body: bodyText,
    requestId,
    createdAt: now.toISOString(),
    artifacts,
    status: { status: 'ACCEPTED', source: 'adapter', detail: warnings.length > 0 ? JSON.stringify(warnings) : undefined },
    chain,
    voids,
  });
  if ('conflictWith' in outcome) throw conflict(key, outcome.conflictWith);
  if (outcome.created) deps.onAccepted?.();
  return { result: { document_id: outcome.id, status: 'ACCEPTED', request_id: requestId }, created: outcome.created };
}

/** A submission examined and rendered, ready to store. */
interface Prepared {
  id: string;
  now: Date;
  transactionType: NewDocument['transactionType'];
  documentType: string;
  artifacts: NewDocument['artifacts'];
  chain: NewDocument['chain'];
  warnings: Issue[];
}

/** Intake (which decides the issuer: `key` takes it), the number a driver reserves, and render; throws the submission's refusal. */
async function prepare(body: unknown, deps: SubmitDeps, principal: Principal, key: DocumentKey, labels: Labels | undefined): Promise<Prepared> {
  const { model: scenarioModel, country } = key;
  // What a corrective invoice names of the invoice it corrects (KSeF's number): the same entity's and scenario's.
  const accepted = (businessEntityId: string, platformId: string) => deps.store.documents.acceptedReferences({ platformId, model: scenarioModel, country, businessEntityId });
  const receivers = (driver: string, entityId: string) => {
    const transport = deps.networks?.for(driver, entityId);
    return transport?.lookUpReceiver && ((ids: readonly { scheme: string; id: string }[]) => transport.lookUpReceiver!(ids));
  };
  const settingsFor = deps.runSettings && ((driver: Driver, entityId: string) => deps.runSettings!.of(driver, entityId));
  const scope = { entities: deps.directory.entitiesOf(principal), merchant: principal.kind === 'merchant', accepted, receivers, settingsFor };
  const { driver, ctx, transactionType, documentType, examination } = await intake(body, deps.config, deps.drivers, scope);
  key.businessEntityId = ctx.entity.id;
  if (labels) Object.assign(labels, { driver: driverId(driver), documentType });
  const { issues, model } = examination;
  const errors = errorsOf(issues);
  if (errors.length > 0 || model === undefined) throw new SpiError(400, errors.map((i) => ({ code: i.kind, message: issueMessage(i) })));
  const now = deps.clock();
  // Time-ordered (UUIDv7): new rows append to the id indexes instead of landing at random
  // pages, which keeps each commit's write set small (`npm run bench`, issue 3 note).
  const id = uuidv7({ msecs: now.getTime() });
  // A number the driver needs unique per key (the SDI's file progressive): reserved, persisted, before render.
  const sequence = driver.sequence && (await deps.store.sequences.next(`${driverId(driver)}:${driver.sequence!(model, ctx)}`, now.toISOString()));
  const renderCtx = { ...ctx, now, documentId: id, sequence };
  const make = () => {
    const rendered = driver.render(model, renderCtx);
    return driver.sign ? driver.sign(rendered, renderCtx) : rendered;
  };
  const artifacts = await (deps.metrics ? deps.metrics.timeRender(driverId(driver), make) : make());
  // A chained document is completed where it is stored, after its chain's head is read.
  const chain = driver.chain && { driver: driverId(driver), ...driver.chain.prepare(model, renderCtx) };
  const warnings = issues.filter((i) => i.severity === 'warning');
  return { id, now, transactionType, documentType, artifacts, chain, warnings };
}

function conflict(key: DocumentKey, existingId: string): SpiError {
  return SpiError.one(
    400,
    'INVALID_DATA',
    `id: ${key.type} ${key.platformId} (${key.model}, ${key.country}) was already submitted as document ${existingId} with a different body; submit a correction under a new id (or under this one once that document is FAILED)`,
  );
}
