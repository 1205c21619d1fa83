import type { Principal } from '../../../../platform/directory/directory.js';
import type { OutboxCallback, OutboxPage, OutboxTransmission } from '../../../../platform/store/outbox.js';
import { html, type Html } from '../html.js';
import { wideTable } from '../wide-table.js';

// The outbox as people see it: the callbacks and the transmissions of one state, newest first,
// a page at a time, with their last error; the operator retries or cancels a row after a page
// that says what will happen (each action is recorded with who asked, as the admin API's).

export const CALLBACK_STATES = ['failed', 'held', 'pending', 'retrying', 'cancelled', 'delivered'] as const;
export const TRANSMISSION_STATES = ['failed', 'queued', 'retrying', 'sent', 'cancelled', 'done'] as const;
export type Queue = 'callbacks' | 'transmissions';

export interface OutboxView {
  queue: Queue;
  state: string;
  principal: Principal;
  page: OutboxPage<OutboxCallback> | OutboxPage<OutboxTransmission>;
}

const ACTIONABLE = new Set(['failed', 'held', 'pending', 'retrying', 'queued', 'sent']);

export function outboxBody({ queue, state, principal, page }: OutboxView): Html {
  const states = queue === 'callbacks' ? CALLBACK_STATES : TRANSMISSION_STATES;
  const acts = principal.kind === 'operator';
  const title = queue === 'callbacks' ? 'Callbacks' : 'Transmissions';
  const link = (q: Queue, label: string) => html`<a href="/console/outbox?queue=${q}&amp;state=failed"${q === queue ? html` aria-current="true"` : ''}>${label}</a>`;
  return html`<p>${link('callbacks', 'Callbacks')} · ${link('transmissions', 'Transmissions')}</p>
<form method="get" action="/console/outbox" class="filters">
<input type="hidden" name="queue" value="${queue}">
<label for="state">State</label>
<select id="state" name="state">${states.map((s) => html`<option value="${s}"${s === state ? html` selected` : ''}>${s}</option>`)}</select>
<button type="submit">Show</button>
</form>
${page.items.length === 0
    ? html`<p>No ${queue} are ${state}.</p>`
    : wideTable(`${title} ${state}, newest first`, html`<table><caption class="muted">${title} ${state}, newest first</caption>
${queue === 'callbacks' ? callbackRows(page.items as OutboxCallback[], acts) : transmissionRows(page.items as OutboxTransmission[], acts)}
</table>`)}
${page.next !== undefined ? html`<p><a href="/console/outbox?queue=${queue}&amp;state=${state}&amp;before=${page.next}">Older ${queue}</a></p>` : ''}`;
}

function actions(kind: 'callbacks' | 'transmissions', id: string | number, state: string, acts: boolean): Html {
  if (!acts || !ACTIONABLE.has(state)) return html``;
  return html`<a href="/console/outbox/${kind}/${id}/retry">Retry</a> · <a href="/console/outbox/${kind}/${id}/cancel">Cancel</a>`;
}

function callbackRows(items: readonly OutboxCallback[], acts: boolean): Html {
  return html`<thead><tr><th scope="col">Callback</th><th scope="col">Document</th><th scope="col">Site</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Created</th>${acts ? html`<th scope="col">Actions</th>` : ''}</tr></thead>
<tbody>${items.map((c) => html`<tr><td>${c.id}</td><td>${c.documentId}</td><td>${c.site || '(the operator\'s)'}</td><td>${c.state}</td><td class="number">${c.attempts}</td><td>${c.lastError ?? ''}${c.responseStatus !== null ? html` <span class="muted">(HTTP ${c.responseStatus})</span>` : ''}</td><td>${c.createdAt}</td>${acts ? html`<td>${actions('callbacks', c.id, c.state, acts)}</td>` : ''}</tr>`)}</tbody>`;
}

function transmissionRows(items: readonly OutboxTransmission[], acts: boolean): Html {
  return html`<thead><tr><th scope="col">Document</th><th scope="col">Driver</th><th scope="col">Entity</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Updated</th>${acts ? html`<th scope="col">Actions</th>` : ''}</tr></thead>
<tbody>${items.map((t) => html`<tr><td>${t.documentId}</td><td>${t.model}</td><td>${t.businessEntityId}</td><td>${t.state}</td><td class="number">${t.attempts}</td><td>${t.lastError ?? ''}</td><td>${t.updatedAt}</td>${acts ? html`<td>${actions('transmissions', t.documentId, t.state, acts)}</td>` : ''}</tr>`)}</tbody>`;
}

/** The page before an action: what it does, and the form that does it. */
export function confirmBody(queue: Queue, id: string, action: 'retry' | 'cancel', csrf: string): Html {
  const what = queue === 'callbacks' ? `callback ${id}` : `the transmission of document ${id}`;
  const effect =
    action === 'retry'
      ? queue === 'callbacks'
        ? 'It is posted again now, and retried for the callback retry horizon if the site refuses it.'
        : 'The document is sent again now, with its retries.'
      : queue === 'callbacks'
        ? 'It is never posted again; the platform is not told this status.'
        : 'The document is not sent again; its status stays as it is.';
  return html`<p>${action === 'retry' ? 'Retry' : 'Cancel'} ${what}? ${effect} The action is recorded with your session as who asked.</p>
<form method="post" action="/console/outbox/${queue}/${id}/${action}">
<input type="hidden" name="csrf" value="${csrf}">
<button type="submit">${action === 'retry' ? 'Retry' : 'Cancel'} ${what}</button>
<a href="/console/outbox?queue=${queue}&amp;state=failed">Back to the outbox</a>
</form>`;
}

/** What the action did: the row's new state. */
export function actedBody(queue: Queue, id: string, action: 'retry' | 'cancel', state: string): Html {
  const what = queue === 'callbacks' ? `Callback ${id}` : `The transmission of document ${id}`;
  return html`<p role="status">${what} was ${action === 'retry' ? 'retried' : 'cancelled'}: it is ${state} now.</p>
<p><a href="/console/outbox?queue=${queue}&amp;state=${state}">See the ${queue} that are ${state}</a> · <a href="/console/outbox?queue=${queue}&amp;state=failed">Back to the failed ${queue}</a></p>`;
}
