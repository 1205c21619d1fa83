import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { KeyVerifier } from '../../../platform/http/api-key.js';
import type { AccessTokens } from '../oauth/access-tokens.js';
import { SPI_STATUSES, CallbackError, applyStatus, type SpiStatus, type StatusReport } from '../einvoicing/einvoice-status.js';
import { readResponseParams, sendApplicationResponse } from '../einvoicing/application-response.js';
import { sendEinvoice } from '../einvoicing/send-einvoice.js';
import type { ResourceType } from '../store/einvoice-jobs.js';
import type { BillingContext } from '../services/context.js';

// The e-invoicing side of billing's API v2:
// - the SPI's status callbacks, `POST /api/v2/{invoices|credit_notes}/{id}/einvoice_status`,
//   form bodies with `Authorization: Bearer <access token>` (one this module's token endpoint
//   issued, unexpired, with the operation's scope; or BILLING_ACCESS_TOKEN when set), idempotent
//   on document id + status, 422 for a document billing never e-invoiced;
// - `POST /api/v2/{invoices|credit_notes}/{id}/send_einvoice` (and `resend_einvoice`, the
//   same), with the API key: submit the document's e-invoice again, or, with
//   `application_response[status]`, an application response about it.

const COLLECTIONS: Record<string, ResourceType> = { invoices: 'invoice', credit_notes: 'credit_note' };

/**
 * The scopes each receiver accepts: the SPI's operation for invoices names `einvoicing.status`,
 * the one for credit notes `write_access` (the scheme's only declared scope); either is taken
 * for credit notes, since a token the platform issued for one is meant for both.
 */
const RECEIVER_SCOPES: Record<string, readonly string[]> = { invoices: ['einvoicing.status'], credit_notes: ['einvoicing.status', 'write_access'] };

export interface CallbackCredentials {
  tokens: AccessTokens;
  /** BILLING_ACCESS_TOKEN when the operator set one: accepted as is. */
  fixed?: KeyVerifier | undefined;
}

/** The status receivers: their own router, their own credential (an OAuth access token). */
export function einvoiceStatusRoutes(router: Router, ctx: BillingContext, credentials: CallbackCredentials): void {
  for (const [collection, resourceType] of Object.entries(COLLECTIONS)) {
    router.post(`/${collection}/:id/einvoice_status`, requireAccessToken(credentials, RECEIVER_SCOPES[collection]!), (k) => {
      const report = readReport(k.request.body);
      const sender = (k.request.body as { einvoicing_provider_id?: unknown } | undefined)?.einvoicing_provider_id;
      const provider = typeof sender === 'string' && sender !== '' ? sender.slice(0, 150) : 'einvoicing';
      const applied = ctx.store.transaction(() => applyStatus(resourceType, k.params.id!, report, { source: 'external_service', user: provider }, ctx));
      k.body = { document_id: k.params.id, status: report.status, applied };
    });
  }
}

/** send_einvoice / resend_einvoice: behind the API key, with the rest of API v2. */
export function sendEinvoiceRoutes(router: Router, ctx: BillingContext): void {
  for (const [collection, resourceType] of Object.entries(COLLECTIONS)) {
    for (const action of ['send_einvoice', 'resend_einvoice']) {
      router.post(`/${collection}/:id/${action}`, (k) => {
        const response = readResponseParams(k.request.body);
        k.body = { [resourceType]: response ? sendApplicationResponse(resourceType, k.params.id!, response, ctx) : sendEinvoice(resourceType, k.params.id!, ctx) };
      });
    }
  }
}

function requireAccessToken(credentials: CallbackCredentials, scopes: readonly string[]) {
  return async function bearer(k: Context, next: Next): Promise<void> {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(k.get('authorization'));
    const presented = m?.[1];
    if (presented && credentials.fixed?.verify(presented)) return next();
    const verdict = presented ? await credentials.tokens.verify(presented, scopes) : { ok: false as const, reason: 'a Bearer access token is required' };
    if (!verdict.ok) {
      k.set('WWW-Authenticate', `Bearer error="invalid_token", error_description="${verdict.reason}"`);
      throw new CallbackError(401, 'UNAUTHORIZED', verdict.reason);
    }
    await next();
  };
}

/** The SPI's callback_document_status form, checked; every problem is a 400 in the SPI's error shape. */
function readReport(raw: unknown): StatusReport {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const status = typeof body.status === 'string' ? body.status.toUpperCase() : undefined;
  if (!status) throw new CallbackError(400, 'MISSING_REQUIRED_DATA', 'status is required');
  if (!SPI_STATUSES.includes(status as SpiStatus)) throw new CallbackError(400, 'INVALID_DATA', `status: ${String(body.status)} is not one of ${SPI_STATUSES.join(', ')}`);
  if (typeof body.timestamp !== 'string' || body.timestamp === '') throw new CallbackError(400, 'MISSING_REQUIRED_DATA', 'timestamp is required');
  const errors = list(body.errors, 'errors', 50).map((e, i) => {
    if (typeof e.message !== 'string' || e.message === '') throw new CallbackError(400, 'MISSING_REQUIRED_DATA', `errors[${i}][message] is required`);
    return { ...(typeof e.code === 'string' && { code: e.code.slice(0, 100) }), message: e.message.slice(0, 500) };
  });
  const related = list(body.related_documents, 'related_documents', 10).map((r, i) => {
    if (typeof r.document_id !== 'string' || r.document_id === '') throw new CallbackError(400, 'MISSING_REQUIRED_DATA', `related_documents[${i}][document_id] is required`);
    const note = noteOf(r.provider_response);
    return {
      document_id: r.document_id.slice(0, 100),
      ...(typeof r.document_type === 'string' && { document_type: r.document_type.slice(0, 100) }),
      ...(typeof r.status === 'string' && { status: r.status.toLowerCase() }),
      ...(typeof r.flow === 'string' && { flow: r.flow }),
      ...(typeof r.timestamp === 'string' && { timestamp: r.timestamp }),
      ...(note && { note }),
    };
  });
  const references = referencesOf(body.provider_references);
  return { status: status as SpiStatus, via: 'callback', ...(errors.length && { errors }), ...(related.length && { related }), ...(references.length && { references }) };
}

function list(value: unknown, name: string, max: number): Record<string, unknown>[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : undefined;
  if (!items || items.some((i) => !i || typeof i !== 'object')) throw new CallbackError(400, 'INVALID_DATA', `${name}: send ${name}[0][field]=…`);
  if (items.length > max) throw new CallbackError(400, 'INVALID_DATA', `${name}: at most ${max} items`);
  return items as Record<string, unknown>[];
}

/** `[{key, value}]` from the JSON string; anything else is kept out (it is diagnostics only). */
function referencesOf(value: unknown): { key: string; value: string }[] {
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? parsed.filter((r): r is { key: string; value: string } => typeof r?.key === 'string' && typeof r?.value === 'string').map((r) => ({ key: r.key, value: r.value })) : [];
}

/** The buyer's note, when a related document's provider_response payload carries one. */
function noteOf(value: unknown): string | undefined {
  const parsed = parseJson(value);
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  const note = entries.map((e) => (e && typeof e === 'object' ? (e as { payload?: { note?: unknown } }).payload?.note : undefined)).find((n) => typeof n === 'string');
  return typeof note === 'string' ? note.slice(0, 500) : undefined;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
