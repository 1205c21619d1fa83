import qs from 'qs';
import { indentXml } from '../../../../formats/xml/indent.js';
import type { StoredDocument } from '../../../../platform/store/documents.js';
import type { RelatedDocumentRow } from '../../../../platform/store/status-changes.js';
import { html, type Html } from '../html.js';
import { wideTable } from '../wide-table.js';

// One document's story: what it is, each status with where it came from (the adapter, the
// network, the buyer), what was rendered (XML shown, a PDF inline), what the network gave back
// as evidence (its receipts and notifications as stored, its answers' payloads and references),
// the transmission and the callbacks the platform was sent with their answers, each artifact to
// download.

export interface DocumentView {
  document: StoredDocument;
  transmission?: { state: string; messageId: string | null; sentAt: string | null } | undefined;
  /** `responseBody`: the platform's answer to the last attempt, kept when the callback failed (a delivered one's is not kept). */
  callbacks: readonly { id: number; state: string; attempts: number; body: string; responseStatus: number | null; responseBody: string | null; lastError: string | null }[];
  /** The documents that arrived about it (receipts, notifications, the buyer's responses) or left with it, oldest first. */
  related: readonly (RelatedDocumentRow & { flow: string; status: string })[];
}

const XML = /(^|\+|\/)xml$/;
/** What is indented in a page: a larger document is shown in part (the download has it whole). */
export const SHOWN_CHARS = 256 * 1024;

/** What each network's evidence is, by the document type its driver stores it under. */
const EVIDENCE_NAMES: Readonly<Record<string, string>> = {
  'as4-receipt': 'AS4 receipt',
  'ksef-upo': 'KSeF UPO (official receipt)',
  'sdi-ricevuta-consegna': 'SDI notification RC (delivered)',
  'sdi-notifica-scarto': 'SDI notification NS (refused)',
  'sdi-mancata-consegna': 'SDI notification MC (not delivered)',
  'sdi-notifica-esito': 'SDI notification NE (the buyer\'s outcome)',
  'sdi-decorrenza-termini': 'SDI notification DT (terms elapsed)',
  'sdi-attestazione-trasmissione': 'SDI notification AT (transmission attested)',
  'face-state': 'FACe state',
  'cdar-applicationresponse': 'CDAR lifecycle status',
  'ubl-applicationresponse': 'Application response',
  'oioubl-applicationresponse': 'OIOUBL application response',
};

function decoded(content: string, encoding: 'base64' | undefined): string {
  return encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
}

/** XML indented (the first SHOWN_CHARS of a larger one, said so); anything else as stored. */
function shownText(text: string, mimeType: string, label: string, download: string): Html {
  const large = text.length > SHOWN_CHARS;
  const head = large ? text.slice(0, SHOWN_CHARS) : text;
  const shown = XML.test(mimeType) ? indentXml(head, large).text : mimeType === 'application/json' ? jsonShown(head) : head;
  const note = large ? html`<p class="muted">The first ${SHOWN_CHARS / 1024} KB of ${Math.ceil(text.length / 1024)} KB are shown: <a href="${download}" download>download it whole</a>.</p>` : '';
  return html`${note}<pre class="xml" tabindex="0" aria-label="${label}">${shown}</pre>`;
}

/** The value of JSON text; undefined when it is not JSON. */
function asJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON indented, when it is JSON; as stored otherwise. */
function jsonShown(text: string): string {
  const value = asJson(text);
  return value === undefined ? text : JSON.stringify(value, null, 2);
}

function detailOf(s: StoredDocument['statuses'][number]): Html {
  const parts = [s.detail, s.errors, s.providerReferences].filter((p): p is string => !!p);
  return parts.length ? html`<details><summary>Details</summary><pre>${parts.join('\n')}</pre></details>` : html``;
}

/** The form the platform was posted, as JSON (its JSON-text fields read as JSON). */
function callbackBody(body: string): string {
  const form = qs.parse(body, { depth: 3, arrayLimit: 100 }) as Record<string, unknown>;
  for (const key of ['provider_response', 'provider_references']) {
    const value = form[key];
    if (typeof value === 'string') form[key] = asJson(value) ?? value;
  }
  return JSON.stringify(form, null, 2);
}

function evidence(d: StoredDocument, related: DocumentView['related'], base: string): Html {
  const answers = d.statuses.filter((s) => s.source !== 'adapter' && (s.providerPayload !== null || s.providerReferences !== null));
  const references = (text: string | null): { key: string; value: string }[] => {
    const value = text === null ? undefined : asJson(text);
    return Array.isArray(value) ? value : [];
  };
  if (related.length === 0 && answers.length === 0) return html`<p>Nothing yet.</p>`;
  return html`${related.map((r) => {
    const label = EVIDENCE_NAMES[r.documentType] ?? r.documentType;
    const download = `${base}/related/${r.id}?download=1`;
    return html`<h3>${label} <span class="muted">(${r.flow === 'INBOUND' ? 'received' : 'sent'})</span></h3>
<dl class="facts"><dt>When</dt><dd>${r.createdAt}</dd><dt>Id</dt><dd>${r.id}</dd><dt>Type</dt><dd>${r.documentType} (${r.mimeType})</dd></dl>
<p><a href="${download}" download>Download</a></p>
${shownText(r.content, r.mimeType, `${label}: the content`, download)}`;
  })}
${answers.map((s) => html`<h3>The network's answer: ${s.status} <span class="muted">(from ${s.source})</span></h3>
<dl class="facts"><dt>When</dt><dd>${s.createdAt}</dd>${references(s.providerReferences).map((r) => html`<dt>${r.key}</dt><dd>${r.value}</dd>`)}</dl>
${s.providerPayload !== null ? html`<pre class="json" tabindex="0" aria-label="The network's answer of ${s.createdAt}">${jsonShown(s.providerPayload)}</pre>` : ''}`)}`;
}

export function documentBody({ document: d, transmission, callbacks, related }: DocumentView): Html {
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
${wideTable('Status timeline', html`<table><thead><tr><th scope="col">When</th><th scope="col">Status</th><th scope="col">Source</th><th scope="col">Detail</th></tr></thead>
<tbody>${d.statuses.map((s) => html`<tr><td>${s.createdAt}</td><td>${s.status}</td><td>${s.source}</td><td>${detailOf(s)}</td></tr>`)}</tbody></table>`)}
</section>
<section aria-labelledby="artifacts"><h2 id="artifacts">Rendered documents</h2>
${d.artifacts.map((a, n) => html`<h3>${a.documentType} <span class="muted">(${a.mimeType})</span></h3>
<p><a href="${base}/artifacts/${n}?download=1" download>Download</a></p>
${a.mimeType === 'application/pdf'
    ? html`<iframe class="pdf" title="${a.documentType}: the PDF" src="${base}/artifacts/${n}"></iframe>`
    : XML.test(a.mimeType)
      ? shownText(decoded(a.content, a.encoding), a.mimeType, `${a.documentType}: the XML`, `${base}/artifacts/${n}?download=1`)
      : html``}`)}
</section>
<section aria-labelledby="evidence"><h2 id="evidence">Evidence from the network</h2>
${evidence(d, related, base)}
</section>
<section aria-labelledby="transmission"><h2 id="transmission">Transmission</h2>
${transmission ? html`<p>${transmission.state}${transmission.messageId ? html`, message ${transmission.messageId}` : ''}${transmission.sentAt ? html`, sent ${transmission.sentAt}` : ''}</p>` : html`<p>Not transmitted.</p>`}
</section>
<section aria-labelledby="callbacks"><h2 id="callbacks">Callbacks to the platform</h2>
${callbacks.length === 0
    ? html`<p>None.</p>`
    : wideTable('Callbacks to the platform', html`<table><thead><tr><th scope="col">Callback</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Answer</th><th scope="col">Posted</th></tr></thead>
<tbody>${callbacks.map((c) => html`<tr><td>${c.id}</td><td>${c.state}</td><td class="number">${c.attempts}</td><td>${c.responseStatus !== null ? `HTTP ${c.responseStatus}` : 'none yet'}${c.lastError ? html` <span class="muted">${c.lastError}</span>` : ''}${c.responseBody ? html`<details><summary>The platform's answer</summary><pre class="json" tabindex="0" aria-label="Callback ${c.id}: the platform's answer">${jsonShown(c.responseBody)}</pre></details>` : ''}</td>
<td><details><summary>The status posted</summary><pre class="json" tabindex="0" aria-label="Callback ${c.id}: the status posted">${callbackBody(c.body)}</pre></details></td></tr>`)}</tbody></table>`)}
</section>`;
}
