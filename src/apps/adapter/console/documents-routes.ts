import type { Context, Middleware } from 'koa';
import type Router from '@koa/router';
import { sees, type Principal } from '../../../platform/directory/directory.js';
import type { DocumentSearch } from '../../../platform/store/document-search.js';
import { DOCUMENT_STATUSES } from '../schemas/responses.js';
import type { ConsoleDeps } from './console-routes.js';
import { ConsoleRefusal, sessionOf } from './guards.js';
import { merchantEntityIds } from './merchant-entities.js';
import { page } from './layout.js';
import { documentBody } from './pages/document.js';
import { documentsBody, QUERY_FIELDS, type DocumentQuery, type DocumentsView } from './pages/documents.js';
import { sendPage } from './send-page.js';

// The documents: a search a page at a time, served by the store's indexed list; a document's
// page and its artifacts, for the operator or the merchant that has the document's entity now
// (any other document is "not found", whatever the id in the URL).

const PAGE_SIZE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_FIELD = 200;

/** A calendar date that exists (no 31 February rolled into March), in years that compare as text. */
function isDate(value: string): boolean {
  const at = Date.parse(`${value}T00:00:00.000Z`);
  return DATE.test(value) && !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value && value >= '1970-01-01' && value < '9999-01-01';
}

function readQuery(ctx: Context, drivers: readonly string[], operator: boolean): Pick<DocumentsView, 'query' | 'errors'> {
  const query: DocumentQuery = {};
  const errors: DocumentsView['errors'] = {};
  for (const name of QUERY_FIELDS) {
    const raw = ctx.query[name];
    const value = typeof raw === 'string' ? raw.trim() : undefined;
    if (!value || (name === 'merchant' && !operator)) continue;
    query[name] = value;
    if (value.length > MAX_FIELD) errors[name] = `At most ${MAX_FIELD} characters.`;
  }
  if (query.driver && !drivers.includes(query.driver)) errors.driver = `Not a driver here: one of ${drivers.join(', ')}.`;
  if (query.status && !(DOCUMENT_STATUSES as readonly string[]).includes(query.status)) errors.status = `Not a status: one of ${DOCUMENT_STATUSES.join(', ')}.`;
  for (const name of ['from', 'to'] as const) if (query[name] && !isDate(query[name]!)) errors[name] = 'A date as YYYY-MM-DD, from 1970 to 9998.';
  return { query, errors };
}

export function documentsRoutes(router: Router, deps: ConsoleDeps, signedIn: Middleware): void {
  /** The entities searched: a merchant's own (live or removed) — its `entity` only narrows them — else the operator's filters. */
  const scope = (principal: Principal, query: DocumentQuery): readonly string[] | undefined => {
    const merchant = principal.kind === 'merchant' ? principal.merchantId : query.merchant;
    let ids = merchant === undefined ? undefined : merchantEntityIds(deps.directory, merchant);
    if (query.entity !== undefined) ids = ids ? ids.filter((id) => id === query.entity) : [query.entity];
    return ids;
  };
  const drivers = () => deps.drivers.all.map((d) => d.model).filter((m, i, all) => all.indexOf(m) === i);

  router.get('/documents', signedIn, async (ctx) => {
    const session = sessionOf(ctx);
    const operator = session.principal.kind === 'operator';
    const { query, errors } = readQuery(ctx, drivers(), operator);
    const before = typeof ctx.query.before === 'string' && ctx.query.before.length <= 100 ? ctx.query.before : undefined;
    const bad = Object.keys(errors).length > 0;
    const filter: DocumentSearch = {
      id: query.id,
      platformId: query.invoice,
      entities: scope(session.principal, query),
      model: query.driver,
      status: query.status,
      createdFrom: query.from && `${query.from}T00:00:00.000Z`,
      createdBefore: query.to && new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString(),
      limit: PAGE_SIZE,
      before,
    };
    const results = bad ? undefined : await deps.store.searchDocuments(filter);
    const body = documentsBody({ query, errors, drivers: drivers(), operator, page: results });
    sendPage(ctx, bad ? 400 : 200, page({ title: 'Documents', section: '/console/documents', session, body }));
  });

  /** The document, if this session may see it; otherwise 404, the same as an unknown id. */
  const visible = async (ctx: Context) => {
    const id = String(ctx.params.id);
    const document = /^[A-Za-z0-9-]{1,100}$/.test(id) ? await deps.store.documents.get(id) : undefined;
    if (!document || !sees(sessionOf(ctx).principal, document.merchantId)) throw new ConsoleRefusal(404, `There is no document ${id}.`);
    return document;
  };

  router.get('/documents/:id', signedIn, async (ctx) => {
    const document = await visible(ctx);
    const [transmission, callbacks, listed] = await Promise.all([
      deps.store.transmissions.state(document.id),
      deps.store.callbacks.ofDocument(document.id),
      deps.store.statusChanges.relatedOf(document.id),
    ]);
    // A document has a few related documents (receipts, notifications, responses): each read whole.
    const related = await Promise.all(listed.map(async (r) => ({ ...r, ...(await deps.store.statusChanges.related(r.id))! })));
    const title = `${document.type === 'credit_note' ? 'Credit note' : 'Document'} ${document.platformId}`;
    sendPage(ctx, 200, page({ title, section: '/console/documents', session: sessionOf(ctx), body: documentBody({ document, transmission, callbacks, related }) }));
  });

  router.get('/documents/:id/artifacts/:n', signedIn, async (ctx) => {
    const document = await visible(ctx);
    const n = Number(ctx.params.n);
    const artifact = Number.isInteger(n) ? document.artifacts[n] : undefined;
    if (!artifact) throw new ConsoleRefusal(404, `Document ${document.id} has no artifact ${String(ctx.params.n)}.`);
    send(ctx, `${document.platformId}-${n}`, artifact.mimeType, artifact.encoding === 'base64' ? Buffer.from(artifact.content, 'base64') : artifact.content);
  });

  router.get('/documents/:id/related/:related', signedIn, async (ctx) => {
    const document = await visible(ctx);
    const id = String(ctx.params.related);
    const related = /^[A-Za-z0-9-]{1,100}$/.test(id) ? await deps.store.statusChanges.related(id) : undefined;
    if (!related || related.documentId !== document.id) throw new ConsoleRefusal(404, `Document ${document.id} has no related document ${id}.`);
    send(ctx, `${document.platformId}-${related.documentType}`, related.mimeType, related.content);
  });
}

/** A stored file as it is (the same bytes), inline or, with `?download`, as an attachment. */
function send(ctx: Context, name: string, mimeType: string, body: string | Buffer): void {
  const extension = mimeType === 'application/pdf' ? 'pdf' : /xml$/.test(mimeType) ? 'xml' : /json$/.test(mimeType) ? 'json' : 'bin';
  const disposition = ctx.query.download !== undefined ? 'attachment' : 'inline';
  ctx.set({
    'Content-Disposition': `${disposition}; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}"`,
    // Shown only inside the console's own pages (the PDF's frame); nothing in it runs.
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'",
  });
  ctx.type = mimeType;
  ctx.body = body;
}
