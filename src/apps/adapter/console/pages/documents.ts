import { STATUS_WINDOW, type DocumentPage } from '../../../../platform/store/document-search.js';
import { DOCUMENT_STATUSES } from '../../schemas/responses.js';
import { html, type Html } from '../html.js';
import { wideTable } from '../wide-table.js';

// The documents list: a search form (each field labelled, its error beside it) over a page of
// the newest matching documents; every search is a GET, so every result is a link.

export interface DocumentQuery {
  id?: string | undefined;
  invoice?: string | undefined;
  entity?: string | undefined;
  merchant?: string | undefined;
  driver?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const QUERY_FIELDS = ['id', 'invoice', 'entity', 'merchant', 'driver', 'status', 'from', 'to'] as const;

export interface DocumentsView {
  query: DocumentQuery;
  /** Problems by field. */
  errors: Partial<Record<keyof DocumentQuery, string>>;
  drivers: readonly string[];
  /** The operator filters by merchant too. */
  operator: boolean;
  page?: DocumentPage | undefined;
}

function field(name: keyof DocumentQuery, label: string, view: DocumentsView, input: Html): Html {
  const error = view.errors[name];
  return html`<div class="field"><label for="q-${name}">${label}</label>${input}${error ? html`<p class="error" id="q-${name}-error">${error}</p>` : ''}</div>`;
}

function text(name: keyof DocumentQuery, view: DocumentsView, type = 'search'): Html {
  const error = view.errors[name];
  return html`<input id="q-${name}" name="${name}" type="${type}" value="${view.query[name] ?? ''}"${error ? html` aria-invalid="true" aria-describedby="q-${name}-error"` : ''}>`;
}

function select(name: keyof DocumentQuery, options: readonly string[], view: DocumentsView): Html {
  return html`<select id="q-${name}" name="${name}"><option value="">any</option>${options.map((o) => html`<option${o === view.query[name] ? html` selected` : ''}>${o}</option>`)}</select>`;
}

export function documentsBody(view: DocumentsView): Html {
  return html`<form method="get" action="/console/documents" class="search" role="search" aria-label="Documents">
${field('invoice', 'Invoice number', view, text('invoice', view))}
${field('id', 'Document id', view, text('id', view))}
${field('entity', 'Business entity', view, text('entity', view))}
${view.operator ? field('merchant', 'Merchant', view, text('merchant', view)) : ''}
${field('driver', 'Driver', view, select('driver', view.drivers, view))}
${field('status', 'Status', view, select('status', DOCUMENT_STATUSES, view))}
${field('from', 'Created from (date)', view, text('from', view, 'date'))}
${field('to', 'Created up to (date)', view, text('to', view, 'date'))}
<div class="field"><button type="submit">Search</button></div>
</form>
${view.page ? results(view.page, view.query) : ''}`;
}

function results(page: DocumentPage, query: DocumentQuery): Html {
  const window = page.windowEnded ? html` <span class="muted">(a status is looked for among ${STATUS_WINDOW.toLocaleString('en')} documents at a time: older ones may match)</span>` : '';
  if (page.items.length === 0) return html`<p role="status">No document matches${page.windowEnded ? ' yet' : ''}.${window}</p>${page.next ? html`<p><a href="/console/documents?${olderQuery(query, page.next)}">Older documents</a></p>` : ''}`;
  return html`${wideTable('Documents, newest first', html`<table><caption class="muted">Newest first</caption>
<thead><tr><th scope="col">Invoice number</th><th scope="col">Type</th><th scope="col">Driver</th><th scope="col">Entity</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
<tbody>${page.items.map((d) => html`<tr><td><a href="/console/documents/${d.id}">${d.platformId}</a></td><td>${d.type}</td><td>${d.model} ${d.country}</td><td>${d.businessEntityId}</td><td>${d.currentStatus}</td><td>${d.createdAt}</td></tr>`)}</tbody></table>`)}
${page.next ? html`<p><a href="/console/documents?${olderQuery(query, page.next)}">Older documents</a>${window}</p>` : ''}`;
}

function olderQuery(query: DocumentQuery, before: string): string {
  const older = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
  older.set('before', before);
  return older.toString();
}
