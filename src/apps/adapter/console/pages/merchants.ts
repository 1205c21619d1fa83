import type { MerchantView } from '../../../../platform/directory/merchant-schema.js';
import { field, formProblems, type FieldSpec, type FormValues, type PlacedErrors } from '../form-fields.js';
import { html, type Html } from '../html.js';
import { wideTable } from '../wide-table.js';

// The merchants (the operator's): the list, a merchant's page with its entities, its connection
// and its SPI keys, and the form that adds or edits one, as the admin API takes it.

export function merchantFields(creating: boolean): FieldSpec[] {
  return [
    { name: 'id', label: 'Id', required: true, readOnly: !creating, hint: creating ? 'Letters, digits, dot, dash, underscore; the platform site\'s name is a good one.' : undefined },
    { name: 'display_name', label: 'Display name', required: true },
    { name: 'business_entity_ids', label: 'Business entities', type: 'textarea', hint: 'Their ids, one per line (an id has no spaces): the merchant\'s key sees these and no other.' },
    { name: 'callback.site_url', label: 'Callback site URL', hint: 'The platform site the status callbacks go to (https://{domain}.chargebee.com); empty: MERCHANT_SITE_URL.' },
  ];
}

export function merchantForm(action: string, creating: boolean, values: FormValues, errors: PlacedErrors, csrf: string): Html {
  return html`<form method="post" action="${action}" class="stacked wide" novalidate>
${formProblems(errors)}
<input type="hidden" name="csrf" value="${csrf}">
${merchantFields(creating).map((f) => field(f, values, errors))}
<div><button type="submit">${creating ? 'Add the merchant' : 'Save the merchant'}</button></div>
</form>`;
}

export function merchantsBody(merchants: readonly MerchantView[], values: FormValues, errors: PlacedErrors, csrf: string): Html {
  return html`${merchants.length === 0
    ? html`<p>No merchant yet: the adapter's own API key sends for every entity.</p>`
    : wideTable('Merchants', html`<table><thead><tr><th scope="col">Merchant</th><th scope="col">Name</th><th scope="col">Entities</th><th scope="col">Callbacks</th><th scope="col">Keys</th></tr></thead>
<tbody>${merchants.map((m) => html`<tr><td><a href="/console/merchants/${encodeURIComponent(m.id)}">${m.id}</a></td><td>${m.display_name}</td><td>${m.business_entity_ids.join(', ')}</td><td>${m.connection.status}</td><td class="number">${m.api_keys.length}</td></tr>`)}</tbody></table>`)}
<section aria-labelledby="add"><h2 id="add">Add a merchant</h2>
${merchantForm('/console/merchants', true, values, errors, csrf)}
</section>`;
}

/** The page before a key is revoked: what it does, and the form that does it. */
export function revokeBody(merchantId: string, key: { id: string; hint: string }, csrf: string): Html {
  const base = `/console/merchants/${encodeURIComponent(merchantId)}`;
  return html`<p>Revoke the key ${key.hint} of merchant ${merchantId}? Every call and console session with it is refused at once; the merchant needs another key to send.</p>
<form method="post" action="${base}/api-keys/${key.id}/revoke">
<input type="hidden" name="csrf" value="${csrf}">
<button type="submit">Revoke ${key.hint}</button>
<a href="${base}">Back to the merchant</a>
</form>`;
}

export interface MerchantPage {
  merchant: MerchantView;
  values: FormValues;
  errors: PlacedErrors;
  csrf: string;
  /** A key just made: shown this once. */
  newKey?: string | undefined;
  notice?: string | undefined;
}

export function merchantBody({ merchant: m, values, errors, csrf, newKey, notice }: MerchantPage): Html {
  const base = `/console/merchants/${encodeURIComponent(m.id)}`;
  return html`${notice ? html`<p class="good" role="status">${notice}</p>` : ''}
${newKey
    ? html`<div class="problems" role="status"><p>The new API key, shown only this once (the adapter keeps its SHA-256): give it to the merchant's platform site.</p>
<p><code class="key">${newKey}</code></p></div>`
    : ''}
<dl class="facts">
<dt>Id</dt><dd>${m.id}</dd>
<dt>Entities</dt><dd>${m.business_entity_ids.length ? m.business_entity_ids.map((id, i) => html`${i ? ', ' : ''}<a href="/console/entities/${encodeURIComponent(id)}">${id}</a>`) : '—'}</dd>
<dt>Callbacks</dt><dd>${m.connection.status}${m.connection.reason ? html` <span class="muted">(${m.connection.reason})</span>` : ''}</dd>
<dt>Created</dt><dd>${m.created_at}</dd>
</dl>
<p><a href="/console/documents?merchant=${encodeURIComponent(m.id)}">Its documents</a></p>
<section aria-labelledby="keys"><h2 id="keys">API keys</h2>
${m.api_keys.length === 0
    ? html`<p>None: the merchant cannot call the adapter yet.</p>`
    : html`<table><thead><tr><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Revoke</th></tr></thead>
<tbody>${m.api_keys.map((k) => html`<tr><td>${k.hint}</td><td>${k.created_at}</td><td><a href="${base}/api-keys/${k.id}/revoke">Revoke ${k.hint}</a></td></tr>`)}</tbody></table>`}
<form method="post" action="${base}/api-keys"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">Make a new API key</button></form>
</section>
<section aria-labelledby="edit"><h2 id="edit">Edit</h2>
${merchantForm(base, false, values, errors, csrf)}
</section>`;
}
