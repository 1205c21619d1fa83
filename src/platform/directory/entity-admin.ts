import type { BusinessEntity } from '../../spi/business-entity.js';
import { BusinessEntitySchema } from '../../spi/business-entity.js';
import { entityRuleProblems } from '../config/config-file.js';
import { identifiersOf } from './issuing-entity.js';
import { SpiError } from '../http/errors.js';
import { problemItem } from '../http/problem-errors.js';
import type { DirectoryOperations, Store } from '../store/store.js';
import { check } from '../../lib/typed-check.js';

// Business entities at run time, the same for the admin API and the CLI: an entity is exactly an
// element of the configuration file's `business_entities`, checked by the same schema and rules,
// with one SpiError per problem (400), 404 for an unknown id, 409 for a taken one.

type DirectoryStore = Pick<Store, 'directory' | 'transaction'>;

async function live(directory: DirectoryOperations): Promise<{ id: string; entity: BusinessEntity; merchantId: string | null }[]> {
  return (await directory.entities())
    .filter((r) => !r.removedAt)
    .map((r) => ({ id: r.id, entity: JSON.parse(r.body) as BusinessEntity, merchantId: r.merchantId }));
}

export async function listEntities(store: DirectoryStore): Promise<BusinessEntity[]> {
  return (await live(store.directory)).map((e) => e.entity);
}

export async function getEntity(store: DirectoryStore, id: string): Promise<BusinessEntity> {
  const found = (await live(store.directory)).find((e) => e.id === id);
  if (!found) throw notFound(id);
  return found.entity;
}

export function addEntity(store: DirectoryStore, raw: unknown, now: Date): Promise<BusinessEntity> {
  const entity = checked(raw);
  return store.transaction(async ({ directory }) => {
    const others = await live(directory);
    if (others.some((e) => e.id === entity.id)) throw SpiError.one(409, 'INVALID_OPERATION', `id: business entity ${entity.id} already exists (PUT /admin/business-entities/${entity.id} replaces it)`);
    assertFits(entity, others);
    await directory.putEntity({ id: entity.id, body: JSON.stringify(entity), origin: 'admin', merchantId: null, at: now.toISOString() });
    return entity;
  });
}

export function replaceEntity(store: DirectoryStore, id: string, raw: unknown, now: Date): Promise<BusinessEntity> {
  const entity = checked(raw);
  if (entity.id !== id) throw SpiError.one(400, 'INVALID_DATA', `id: must be ${id}, the id in the path (got ${entity.id})`);
  return store.transaction(async ({ directory }) => {
    const all = await live(directory);
    const current = all.find((e) => e.id === id);
    if (!current) throw notFound(id);
    assertFits(entity, all.filter((e) => e.id !== id));
    await directory.putEntity({ id, body: JSON.stringify(entity), origin: 'admin', merchantId: current.merchantId, at: now.toISOString() });
    return entity;
  });
}

/** Its documents, statuses and callbacks stay (and stay readable); new submissions are refused. */
export async function removeEntity(store: DirectoryStore, id: string, now: Date): Promise<void> {
  const done = await store.directory.removeEntity(id, now.toISOString());
  if (!done) throw notFound(id);
}

function checked(raw: unknown): BusinessEntity {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw SpiError.one(400, 'INVALID_DATA', 'the body must be one business entity (a JSON object)');
  const result = check(BusinessEntitySchema, raw);
  if (!result.ok) throw new SpiError(400, result.problems.map(problemItem));
  return result.value;
}

/** Activation ids unique across entities, no scenario twice, and no identifier another entity routes by. */
function assertFits(entity: BusinessEntity, others: readonly { id: string; entity: BusinessEntity }[]): void {
  const activationIds = new Map<string, string>();
  for (const o of others) o.entity.activations.forEach((a, j) => activationIds.set(a.id.toLowerCase(), `business entity ${o.id}'s activations[${j}]`));
  const problems = entityRuleProblems(entity, '', activationIds);
  if (problems.length > 0) throw new SpiError(400, problems.map((message) => ({ code: 'INVALID_DATA' as const, message })));
  // Submissions find their entity by these identifiers: two entities sharing one would make routing a guess.
  const mine = identifiersOf(entity);
  for (const o of others) {
    const shared = [...identifiersOf(o.entity)].find((id) => mine.has(id));
    if (shared) throw SpiError.one(409, 'INVALID_OPERATION', `party: the identifier ${shared} already identifies business entity ${o.id}`);
  }
}

const notFound = (id: string) => SpiError.one(404, 'NOT_FOUND', `There is no business entity ${id}.`);
