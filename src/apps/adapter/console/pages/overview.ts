import type { DriverRegistry } from '../../../../driver-kit/registry.js';
import type { RunSettings } from '../../../../driver-kit/run-settings.js';
import type { Directory, Principal } from '../../../../platform/directory/directory.js';
import type { DocumentCount } from '../../../../platform/store/document-counts.js';
import type { OutboxCallback, OutboxTransmission } from '../../../../platform/store/outbox.js';
import type { Store } from '../../../../platform/store/store.js';
import { listActivations } from '../../services/activations.js';
import { DOCUMENT_STATUSES } from '../../schemas/responses.js';
import { html, type Html } from '../html.js';
import { wideTable } from '../wide-table.js';
import { merchantEntityIds } from '../merchant-entities.js';

// The overview: what needs a person now. The documents of the last 24 hours by driver and
// current status (each count a link to them in the list), queue depths with their oldest item (the operator's
// only: they count every merchant's rows), the failed callbacks and transmissions, and the
// activations that are not COMPLETED or name a certificate close to its end.

export interface OverviewDeps {
  store: Pick<Store, 'queues' | 'outbox' | 'countDocuments'>;
  directory: Directory;
  runSettings: Pick<RunSettings, 'of' | 'certificatesOf'>;
  drivers: DriverRegistry;
  clock: () => Date;
}

const FAILURES_SHOWN = 10;
/** The overview's window of recent documents. */
export const RECENT_MS = 24 * 3600_000;

export async function overviewBody(deps: OverviewDeps, principal: Principal): Promise<Html> {
  const merchant = principal.kind === 'merchant' ? principal.merchantId : undefined;
  const since = new Date(deps.clock().getTime() - RECENT_MS).toISOString();
  const [counts, depths, callbacks, transmissions] = await Promise.all([
    deps.store.countDocuments({ since, entities: merchant === undefined ? undefined : merchantEntityIds(deps.directory, merchant) }),
    principal.kind === 'operator' ? deps.store.queues.depths() : Promise.resolve(undefined),
    deps.store.outbox.callbacks({ state: 'failed', merchant, limit: FAILURES_SHOWN }, []),
    deps.store.outbox.transmissions({ state: 'failed', merchant, limit: FAILURES_SHOWN }),
  ]);
  return html`${recent(counts, since)}
${depths ? queues(depths) : ''}
${failedCallbacks(callbacks.items, callbacks.next !== undefined)}
${failedTransmissions(transmissions.items, transmissions.next !== undefined)}
${attention(deps, principal)}`;
}

/** Drivers by statuses, the statuses in the SPI's order; each count opens the list of those documents from the window's first day. */
function recent(counts: readonly DocumentCount[], since: string): Html {
  const drivers = [...new Set(counts.map((c) => c.model))];
  const statuses = DOCUMENT_STATUSES.filter((s) => counts.some((c) => c.status === s));
  const from = since.slice(0, 10);
  const cell = (model: string, status: string) => {
    const n = counts.find((c) => c.model === model && c.status === status)?.count ?? 0;
    const query = new URLSearchParams({ driver: model, status, from });
    return n === 0 ? html`<td class="number muted">0</td>` : html`<td class="number"><a href="/console/documents?${query.toString()}" aria-label="${n} ${model} ${status}">${n}</a></td>`;
  };
  return html`<section aria-labelledby="recent"><h2 id="recent">Documents of the last 24 hours</h2>
${counts.length === 0
    ? html`<p>None since ${since}.</p>`
    : wideTable('Documents of the last 24 hours', html`<table><caption class="muted">Made since ${since}, by driver and current status; a count opens them in the list (from ${from})</caption>
<thead><tr><th scope="col">Driver</th>${statuses.map((s) => html`<th scope="col" class="number">${s}</th>`)}</tr></thead>
<tbody>${drivers.map((m) => html`<tr><th scope="row">${m}</th>${statuses.map((s) => cell(m, s))}</tr>`)}</tbody></table>`)}
</section>`;
}

function queues(depths: Awaited<ReturnType<Store['queues']['depths']>>): Html {
  const rows = [
    ['Transmissions queued', depths.find((d) => d.queue === 'transmissions' && d.state === 'queued')],
    ['Transmissions sent, awaiting the network', depths.find((d) => d.queue === 'transmissions' && d.state === 'sent')],
    ['Callbacks pending', depths.find((d) => d.queue === 'callbacks' && d.state === 'pending')],
  ] as const;
  return html`<section aria-labelledby="queues"><h2 id="queues">Queues</h2>
<div class="cards">${rows.map(([label, d]) => html`<div class="card"><p>${label}</p><p class="figure">${d?.count ?? 0}</p><p class="muted">${d?.oldest ? html`oldest ${d.oldest}` : 'none waiting'}</p></div>`)}</div>
</section>`;
}

function failedCallbacks(items: readonly OutboxCallback[], more: boolean): Html {
  return html`<section aria-labelledby="failed-callbacks"><h2 id="failed-callbacks">Failed callbacks</h2>
${items.length === 0
    ? html`<p class="good">None.</p>`
    : wideTable('Failed callbacks', html`<table><caption class="muted">The newest ${items.length}${more ? ' (more exist)' : ''}</caption>
<thead><tr><th scope="col">Callback</th><th scope="col">Document</th><th scope="col">Site</th><th scope="col">Attempts</th><th scope="col">Last error</th></tr></thead>
<tbody>${items.map((c) => html`<tr><td>${c.id}</td><td>${documentLink(c.documentId)}</td><td>${c.site}</td><td class="number">${c.attempts}</td><td>${c.lastError ?? ''}</td></tr>`)}</tbody></table>`)}
</section>`;
}

function failedTransmissions(items: readonly OutboxTransmission[], more: boolean): Html {
  return html`<section aria-labelledby="failed-transmissions"><h2 id="failed-transmissions">Failed transmissions</h2>
${items.length === 0
    ? html`<p class="good">None.</p>`
    : wideTable('Failed transmissions', html`<table><caption class="muted">The newest ${items.length}${more ? ' (more exist)' : ''}</caption>
<thead><tr><th scope="col">Document</th><th scope="col">Driver</th><th scope="col">Entity</th><th scope="col">Attempts</th><th scope="col">Last error</th></tr></thead>
<tbody>${items.map((t) => html`<tr><td>${documentLink(t.documentId)}</td><td>${t.model}</td><td>${entityLink(t.businessEntityId)}</td><td class="number">${t.attempts}</td><td>${t.lastError ?? ''}</td></tr>`)}</tbody></table>`)}
</section>`;
}

/** Activations of the principal's entities that are not COMPLETED or whose message names a certificate ending soon. */
function attention(deps: OverviewDeps, principal: Principal): Html {
  const now = deps.clock();
  const entities = deps.directory.entitiesOf(principal);
  const run = { settingsOf: deps.runSettings.of.bind(deps.runSettings), certificatesOf: deps.runSettings.certificatesOf.bind(deps.runSettings), now };
  const listed = listActivations(entities, run, {}, deps.drivers).filter((a) => a.status.code !== 'COMPLETED' || / certificate /.test(a.status.message));
  return html`<section aria-labelledby="activations"><h2 id="activations">Activations that need attention</h2>
${listed.length === 0
    ? html`<p class="good">Every activation is COMPLETED and no certificate ends within 30 days.</p>`
    : wideTable('Activations that need attention', html`<table><thead><tr><th scope="col">Entity</th><th scope="col">Activation</th><th scope="col">Status</th><th scope="col">Message</th></tr></thead>
<tbody>${listed.map((a) => html`<tr><td>${entityLink(a.business_entity.id)}</td><td>${a.id}</td><td class="${a.status.code === 'FAILED' ? 'bad' : ''}">${a.status.code}</td><td>${a.status.message}</td></tr>`)}</tbody></table>`)}
</section>`;
}

const documentLink = (id: string): Html => html`<a href="/console/documents/${encodeURIComponent(id)}">${id}</a>`;
const entityLink = (id: string): Html => html`<a href="/console/entities/${encodeURIComponent(id)}">${id}</a>`;
