import { randomBytes, randomUUID } from 'node:crypto';
import { keyDigest } from '../http/api-key.js';
import { SpiError } from '../http/errors.js';
import { problemItem } from '../http/problem-errors.js';
import type { DirectoryOperations, Store } from '../store/store.js';
import { check } from '../../lib/typed-check.js';
import type { Directory, Merchant } from './directory.js';
import { MerchantInputSchema, type MerchantInput, type MerchantView } from './merchant-schema.js';

export type { MerchantView };

// Merchants at run time: a merchant groups business entities, owns SPI keys (shown once, kept
// as SHA-256) and has its callback site and OAuth connection.

type DirectoryStore = Pick<Store, 'directory' | 'transaction'>;


export async function merchantView(store: DirectoryStore, merchant: Merchant): Promise<MerchantView> {
  const [c, keys] = await Promise.all([store.directory.connection(merchant.id), store.directory.keys()]);
  const connection: MerchantView['connection'] = !c
    ? { status: 'not_connected' }
    : { status: c.heldReason ? 'held' : 'connected', ...(c.heldReason && { reason: c.heldReason }), connected_at: c.connectedAt, ...(c.expiresAt && { expires_at: c.expiresAt }) };
  return {
    id: merchant.id,
    display_name: merchant.displayName,
    business_entity_ids: [...merchant.businessEntityIds],
    callback: merchant.callback,
    connection,
    api_keys: keys
      .filter((k) => k.merchantId === merchant.id && !k.revokedAt)
      .map((k) => ({ id: k.id, hint: k.hint, created_at: k.createdAt })),
    created_at: merchant.createdAt,
    updated_at: merchant.updatedAt,
  };
}

export function getMerchant(directory: Directory, id: string): Merchant {
  const m = directory.current().merchants.get(id);
  if (!m) throw notFound(id);
  return m;
}

export async function createMerchant(store: DirectoryStore, directory: Directory, raw: unknown, now: Date): Promise<Merchant> {
  const input = checked(raw);
  const id = input.id ?? randomUUID();
  await store.transaction(async (tx) => {
    if (await hasMerchant(tx.directory, id)) throw SpiError.one(409, 'INVALID_OPERATION', `id: merchant ${id} already exists (PUT /admin/merchants/${id} replaces it)`);
    await put(tx.directory, id, input, now);
  });
  await directory.refresh();
  return getMerchant(directory, id);
}

export async function replaceMerchant(store: DirectoryStore, directory: Directory, id: string, raw: unknown, now: Date): Promise<Merchant> {
  const input = checked(raw);
  if (input.id !== undefined && input.id !== id) throw SpiError.one(400, 'INVALID_DATA', `id: must be ${id}, the id in the path (got ${input.id})`);
  await store.transaction(async (tx) => {
    if (!(await hasMerchant(tx.directory, id))) throw notFound(id);
    await put(tx.directory, id, input, now);
  });
  await directory.refresh();
  return getMerchant(directory, id);
}

/** The merchant and its keys go at once; its entities, and their documents, are the operator's again. */
export async function deleteMerchant(store: DirectoryStore, id: string): Promise<void> {
  if (!(await store.directory.deleteMerchant(id))) throw notFound(id);
}

/** A new SPI key for the merchant: returned once, stored as its SHA-256. */
export async function createApiKey(store: DirectoryStore, merchantId: string, now: Date): Promise<{ id: string; api_key: string; hint: string; created_at: string }> {
  const key = `mk_${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  const hint = `…${key.slice(-4)}`;
  const at = now.toISOString();
  await store.transaction(async (tx) => {
    if (!(await hasMerchant(tx.directory, merchantId))) throw notFound(merchantId);
    await tx.directory.insertKey(id, merchantId, keyDigest(key), hint, at);
  });
  return { id, api_key: key, hint, created_at: at };
}

export async function revokeApiKey(store: DirectoryStore, merchantId: string, keyId: string, now: Date): Promise<void> {
  if (!(await store.directory.revokeKey(merchantId, keyId, now.toISOString()))) {
    throw SpiError.one(404, 'NOT_FOUND', `Merchant ${merchantId} has no API key ${keyId}.`);
  }
}

async function put(directory: DirectoryOperations, id: string, input: MerchantInput, now: Date): Promise<void> {
  const entities = await directory.entities();
  const ids = [...new Set(input.business_entity_ids)];
  const unknown = ids.filter((e) => !entities.some((r) => r.id === e && !r.removedAt));
  if (unknown.length > 0) throw SpiError.one(400, 'INVALID_DATA', `business_entity_ids: no business entity ${unknown.join(', ')}`);
  const taken = ids.map((e) => entities.find((r) => r.id === e)!).filter((r) => r.merchantId && r.merchantId !== id);
  if (taken.length > 0) {
    throw SpiError.one(409, 'INVALID_OPERATION', `business_entity_ids: ${taken.map((r) => `${r.id} belongs to merchant ${r.merchantId}`).join(', ')}`);
  }
  await directory.putMerchant({ id, displayName: input.display_name, callback: JSON.stringify(input.callback ?? {}), at: now.toISOString() }, ids);
}

function checked(raw: unknown): MerchantInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw SpiError.one(400, 'INVALID_DATA', 'the body must be a merchant (a JSON object)');
  const result = check(MerchantInputSchema, raw);
  if (!result.ok) throw new SpiError(400, result.problems.map(problemItem));
  return result.value;
}

/** Read inside the writing transaction, not from a cached snapshot: the check and the write see one state. */
const hasMerchant = async (directory: DirectoryOperations, id: string) => (await directory.merchants()).some((m) => m.id === id);

const notFound = (id: string) => SpiError.one(404, 'NOT_FOUND', `There is no merchant ${id}.`);
