import type { BusinessEntity } from '../../../../spi/business-entity.js';
import type { ActivationOut } from '../../schemas/responses.js';
import type { FormValues, PlacedErrors } from '../form-fields.js';
import { html, type Html } from '../html.js';
import { wideTable } from '../wide-table.js';
import { activationForm, entityForm } from './entity-form.js';

// The business entities: the list (the merchant's own, or every live one for the operator), and
// an entity's page: its activations with the status the SPI reports (a driver whose settings or
// certificate are missing says PENDING and why), the drivers it has settings for, and for the
// operator the forms that edit it and activate it.

export interface EntityRow {
  entity: BusinessEntity;
  merchantId: string | undefined;
  /** Written by the configuration file (until the console or the admin API saves it). */
  fromFile: boolean;
  activations: readonly ActivationOut[];
}

const statusClass = (code: string) => (code === 'COMPLETED' ? 'good' : code === 'FAILED' ? 'bad' : '');

export function entitiesBody(rows: readonly EntityRow[], operator: boolean): Html {
  return html`${operator ? html`<p><a href="/console/entities/new">Add a business entity</a></p>` : ''}
${rows.length === 0
    ? html`<p>No business entity yet.</p>`
    : wideTable('Business entities', html`<table><caption class="muted">${rows.length} live ${rows.length === 1 ? 'entity' : 'entities'}</caption>
<thead><tr><th scope="col">Entity</th><th scope="col">Name</th><th scope="col">Country</th>${operator ? html`<th scope="col">Merchant</th>` : ''}<th scope="col">Activations</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td><a href="/console/entities/${encodeURIComponent(r.entity.id)}">${r.entity.id}</a></td><td>${r.entity.display_name}</td><td>${r.entity.party.address.country}</td>${operator ? html`<td>${r.merchantId ?? html`<span class="muted">none</span>`}</td>` : ''}<td>${r.activations.length === 0 ? html`<span class="muted">none</span>` : r.activations.map((a) => html`<span class="${statusClass(a.status.code)}">${a.country_activations.map((ca) => `${ca.model} ${ca.country} ${ca.einvoicing_type}`).join(', ')}: ${a.status.code}</span> `)}</td></tr>`)}</tbody></table>`)}`;
}

export interface DriverSettingsRow {
  driver: string;
  source: 'config' | 'api' | 'none';
}

export interface EntityView {
  row: EntityRow;
  /** Operator only: the forms. */
  edit?:
    | {
        csrf: string;
        values: FormValues;
        errors: PlacedErrors;
        activation: { values: FormValues; errors: PlacedErrors };
        models: readonly string[];
        drivers: readonly DriverSettingsRow[];
      }
    | undefined;
  notice?: string | undefined;
}

export function entityBody({ row, edit, notice }: EntityView): Html {
  const { entity } = row;
  const base = `/console/entities/${encodeURIComponent(entity.id)}`;
  return html`${notice ? html`<p class="good" role="status">${notice}</p>` : ''}
<dl class="facts">
<dt>Id</dt><dd>${entity.id}</dd>
<dt>Name</dt><dd>${entity.party.name}</dd>
<dt>Country</dt><dd>${entity.party.address.country}</dd>
<dt>Tax identifiers</dt><dd>${entity.party.tax_identifiers.map((t) => `${t.scheme} ${t.id}`).join(', ') || '—'}</dd>
<dt>Merchant</dt><dd>${row.merchantId ?? '—'}</dd>
</dl>
<p><a href="/console/documents?entity=${encodeURIComponent(entity.id)}">Its documents</a></p>
${row.fromFile && edit ? html`<p class="muted">The configuration file writes this entity. Saved or activated here, it is the admin API's from then on: the file's later changes to it are ignored (the log says so at start).</p>` : ''}
<section aria-labelledby="activations"><h2 id="activations">Activations</h2>
${row.activations.length === 0
    ? html`<p>None: the entity sends nothing until it is activated for a model.</p>`
    : wideTable('Activations', html`<table><thead><tr><th scope="col">Activation</th><th scope="col">Models</th><th scope="col">Status</th><th scope="col">Message</th></tr></thead>
<tbody>${row.activations.map((a) => html`<tr><td>${a.id}</td><td>${a.country_activations.map((ca) => `${ca.model} ${ca.country} ${ca.einvoicing_type} (${ca.supported_document_types.join(', ')})`).join('; ')}</td><td class="${statusClass(a.status.code)}">${a.status.code}</td><td>${a.status.message}</td></tr>`)}</tbody></table>`)}
${edit ? html`<h3 id="activate">Activate for a model</h3>${activationForm(`${base}/activations`, edit.models, edit.activation.values, edit.activation.errors, edit.csrf)}` : ''}
</section>
${edit
    ? html`<section aria-labelledby="drivers"><h2 id="drivers">Driver settings and secrets</h2>
${edit.drivers.length === 0
        ? html`<p>None of its models has settings of its own per entity.</p>`
        : html`<ul>${edit.drivers.map((d) => html`<li><a href="${base}/drivers/${d.driver}">${d.driver}</a> <span class="muted">(${d.source === 'config' ? 'set by the configuration file' : d.source === 'api' ? 'set here' : 'not set: the defaults'})</span></li>`)}</ul>`}
</section>
<section aria-labelledby="edit"><h2 id="edit">Edit</h2>
${entityForm(base, false, edit.values, edit.errors, edit.csrf)}
</section>`
    : ''}`;
}

export function newEntityBody(values: FormValues, errors: PlacedErrors, csrf: string): Html {
  return html`<p>An entity is what the platform sends documents for: the seller's data the formats need. Activate it for a model on its page once added.</p>
${entityForm('/console/entities', true, values, errors, csrf)}`;
}
