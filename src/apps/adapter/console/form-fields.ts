import { SpiError } from '../../../platform/http/errors.js';
import type { SpiErrorItem } from '../../../spi/error-item.js';
import { html, type Html } from './html.js';

// The console's edit forms speak the admin API: each field is named by the path the API's
// messages use (`party.address.city`, `party.tax_identifiers[0].id`), so a form becomes the
// API's body by its names alone, and each problem the API finds goes back beside its field.

/** What a form sent: its text fields (an uploaded file is read apart). */
export type FormValues = Readonly<Record<string, string>>;

const SEGMENT = /([^.[\]]+)|\[(\d+)\]/g;

function segments(path: string): (string | number)[] {
  return [...path.matchAll(SEGMENT)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

/**
 * The nested body the fields name: blank fields are left out (the API's optional keys), an
 * object left with nothing is left out too, and arrays lose their blank entries.
 */
export function nestedFrom(values: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const name of names) {
    const value = values[name];
    if (value === undefined || value === '') continue;
    const path = segments(name);
    let at: Record<string | number, unknown> = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        at[key] = value;
        return;
      }
      at[key] ??= typeof path[i + 1] === 'number' ? [] : {};
      at = at[key] as Record<string | number, unknown>;
    });
  }
  return compact(root) as Record<string, unknown>;
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

/** The fields of `body` by the names `nestedFrom` reads: a stored value shown in its form. */
export function flatten(body: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else if (value !== undefined) out[path] = String(value);
  };
  walk(body, prefix);
  return out;
}

/** Problems by the field they name; the ones no field of the form names, apart. */
export interface PlacedErrors {
  byField: ReadonlyMap<string, readonly string[]>;
  rest: readonly string[];
}

const PATH_FIRST = /^([A-Za-z0-9_.[\]-]+?)(?::| is required)/;

/**
 * Each API problem beside the field (or group of fields) its path names or is within, else with
 * the form's own problems. `prefix` is taken off the message's path first (an activation's
 * fields are named within `activations[n]`).
 */
export function placeErrors(items: readonly SpiErrorItem[], fields: readonly string[], prefix = ''): PlacedErrors {
  const byField = new Map<string, string[]>();
  const rest: string[] = [];
  for (const item of items) {
    let path = PATH_FIRST.exec(item.message)?.[1];
    if (path !== undefined && prefix && path.startsWith(prefix)) path = path.slice(prefix.length).replace(/^\./, '');
    const target = path === undefined ? undefined : fieldFor(path, fields);
    if (target === undefined) rest.push(item.message);
    else byField.set(target, [...(byField.get(target) ?? []), item.message]);
  }
  return { byField, rest };
}

/**
 * The field a path names, else the longest one it is within (a group). A path above every field
 * (`party: the identifier … already identifies …`) is the form's own problem: beside the first
 * field under it, it would name the wrong one.
 */
function fieldFor(path: string, fields: readonly string[]): string | undefined {
  if (fields.includes(path)) return path;
  return fields.filter((f) => path.startsWith(`${f}.`) || path.startsWith(`${f}[`)).sort((a, b) => b.length - a.length)[0];
}

/** A client error of the admin API's services (400, 409), placed on the form's fields; anything else (a 404 included) goes on. */
export function formErrors(err: unknown, fields: readonly string[], prefix = ''): PlacedErrors {
  if (err instanceof SpiError && err.status >= 400 && err.status < 500 && err.status !== 404) return placeErrors(err.errors, fields, prefix);
  throw err;
}

export const NO_ERRORS: PlacedErrors = { byField: new Map(), rest: [] };

/** An id attribute for a field's name (`party.tax_identifiers[0].id` → `f-party-tax_identifiers-0-id`). */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_]+/g, '-').replace(/-$/, '')}`;
}

export interface FieldSpec {
  name: string;
  label: string;
  /** text (the default), email, number, password, file, select, textarea. */
  type?: 'text' | 'email' | 'number' | 'password' | 'file' | 'select' | 'textarea';
  options?: readonly { value: string; label: string }[];
  hint?: string | undefined;
  required?: boolean;
  /** Shown, not sent (an entity's id once it exists). */
  readOnly?: boolean;
  autocomplete?: string;
  /** The id of something else that describes it (a stored secret's note). */
  describedBy?: string | undefined;
}

/** One labelled field with its hint and its problems, tied to it for screen readers. */
export function field(spec: FieldSpec, values: FormValues, errors: PlacedErrors): Html {
  const id = fieldId(spec.name);
  const problems = errors.byField.get(spec.name) ?? [];
  const described = [spec.hint ? `${id}-hint` : '', spec.describedBy ?? '', problems.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = html` id="${id}" name="${spec.name}"${spec.required ? html` required` : ''}${spec.readOnly ? html` readonly` : ''}${described ? html` aria-describedby="${described}"` : ''}${problems.length ? html` aria-invalid="true"` : ''}${spec.autocomplete ? html` autocomplete="${spec.autocomplete}"` : ''}`;
  const value = values[spec.name] ?? '';
  const type = spec.type ?? 'text';
  const input =
    type === 'select'
      ? html`<select${common}>${(spec.options ?? []).map((o) => html`<option value="${o.value}"${o.value === value ? html` selected` : ''}>${o.label}</option>`)}</select>`
      : type === 'textarea'
        ? html`<textarea${common} rows="4">${value}</textarea>`
        : type === 'password' || type === 'file'
          ? html`<input type="${type}"${common}>`
          : html`<input type="${type}"${common} value="${value}">`;
  return html`<div class="field"><label for="${id}">${spec.label}${spec.required ? html` <span class="muted">(required)</span>` : ''}</label>
${spec.hint ? html`<p class="hint muted" id="${id}-hint">${spec.hint}</p>` : ''}${input}${problems.length ? html`<p class="error" id="${id}-error">${problems.join(' ')}</p>` : ''}</div>`;
}

/** The problems no field names, at the top of the form, announced. */
export function formProblems(errors: PlacedErrors): Html {
  const count = errors.rest.length + [...errors.byField.values()].reduce((n, p) => n + p.length, 0);
  if (count === 0) return html``;
  return html`<div class="problems" role="alert"><p class="error">Not saved: ${count === 1 ? 'one problem' : `${count} problems`}${errors.byField.size > 0 ? ', each beside its field' : ''}.</p>
${errors.rest.length ? html`<ul>${errors.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</div>`;
}
