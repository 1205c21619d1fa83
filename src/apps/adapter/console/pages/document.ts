import type { StoredDocument } from '../../../../platform/store/documents.js';
import { html, type Html } from '../html.js';

// One document's story: what it is, each status with where it came from (the adapter, the
// network, the buyer), what was rendered (XML shown, a PDF inline), the transmission and the
// callbacks the platform was sent, each artifact to download.

export interface DocumentView {
  document: StoredDocument;
  transmission?: { state: string; messageId: string | null; sentAt: string | null } | undefined;
  callbacks: readonly { id: number; state: string; attempts: number; responseStatus: number | null; lastError: string | null }[];
}

const XML = /(^|\+|\/)xml$/;

function decoded(content: string, encoding: 'base64' | undefined): string {
  return encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
}

function detailOf(s: StoredDocument['statuses'][number]): Html {
  const parts = [s.detail, s.errors, s.providerReferences].filter((p): p is string => !!p);
  return parts.length ? html`<details><summary>Details</summary><pre>${parts.join('\n')}</pre></details>` : html``;
}

export function documentBody({ document: d, transmission, callbacks }: DocumentView): Html {
  const base = `/console/documents/${d.id}`;
  return html`<dl class="facts">
<dt>Document id</dt><dd>${d.id}</dd>
<dt>Type</dt><dd>${d.type} (${d.documentType}, ${d.transactionType})</dd>
<dt>Driver</dt><dd>${d.model} ${d.country}</dd>
<dt>Business entity</dt><dd>${d.businessEntityId}${d.merchantId ? html` (merchant ${d.merchantId})` : ''}</dd>
<dt>Created</dt><dd>${d.createdAt}</dd>
<dt>Status</dt><dd>${d.statuses[d.statuses.length - 1]?.status ?? ''}</dd>
</dl>
<section aria-labelledby="timeline"><h2 id="timeline">Status timeline</h2>
<table><thead><tr><th scope="col">When</th><th scope="col">Status</th><th scope="col">Source</th><th scope="col">Detail</th></tr></thead>
<tbody>${d.statuses.map((s) => html`<tr><td>${s.createdAt}</td><td>${s.status}</td><td>${s.source}</td><td>${detailOf(s)}</td></tr>`)}</tbody></table>
</section>
<section aria-labelledby="artifacts"><h2 id="artifacts">Rendered documents</h2>
${d.artifacts.map((a, n) => html`<h3>${a.documentType} <span class="muted">(${a.mimeType})</span></h3>
<p><a href="${base}/artifacts/${n}?download=1" download>Download</a></p>
${a.mimeType === 'application/pdf'
    ? html`<iframe class="pdf" title="${a.documentType}: the PDF" src="${base}/artifacts/${n}"></iframe>`
    : XML.test(a.mimeType)
      ? html`<pre class="xml" tabindex="0" aria-label="${a.documentType}: the XML">${decoded(a.content, a.encoding)}</pre>`
      : html``}`)}
</section>
<section aria-labelledby="transmission"><h2 id="transmission">Transmission</h2>
${transmission ? html`<p>${transmission.state}${transmission.messageId ? html`, message ${transmission.messageId}` : ''}${transmission.sentAt ? html`, sent ${transmission.sentAt}` : ''}</p>` : html`<p>Not transmitted.</p>`}
</section>
<section aria-labelledby="callbacks"><h2 id="callbacks">Callbacks to the platform</h2>
${callbacks.length === 0
    ? html`<p>None.</p>`
    : html`<table><thead><tr><th scope="col">Callback</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Answer</th></tr></thead>
<tbody>${callbacks.map((c) => html`<tr><td>${c.id}</td><td>${c.state}</td><td class="number">${c.attempts}</td><td>${c.responseStatus !== null ? `HTTP ${c.responseStatus}` : ''}${c.lastError ? html` <span class="muted">${c.lastError}</span>` : ''}</td></tr>`)}</tbody></table>`}
</section>`;
}
