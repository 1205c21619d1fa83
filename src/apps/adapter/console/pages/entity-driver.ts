import type { TSchema } from 'typebox';
import type { EntityDriverView } from '../../services/entity-drivers.js';
import { field, fieldId, flatten, formProblems, type FieldSpec, type FormValues, type PlacedErrors } from '../form-fields.js';
import type { UploadedFile } from '../form-body.js';
import { html, type Html } from '../html.js';

// An entity's own settings for one driver, as a form made from the driver's entity settings
// schema (the admin API's PUT body): a text, number or choice per value, a fieldset per object,
// a password field per secret and a file per certificate or image. Values the API takes by file
// name (`*_file`, `*_env`) are not offered: they name one instance's files. A stored secret is
// never shown: left empty it is kept (sent back as the `{sealed}` the API shows), or removed on
// request.

interface SchemaNode {
  type?: string;
  enum?: readonly string[];
  secret?: boolean;
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** Values read from a file: the binary ones as base64 (as the API takes them), the PEM ones as text. */
const FILE_VALUES: Readonly<Record<string, 'base64' | 'text'>> = { pkcs12: 'base64', logo: 'base64', cert: 'text', key: 'text', ca: 'text' };

export interface SettingSpec extends FieldSpec {
  /** What the form's text becomes in the body. */
  value: 'text' | 'integer' | 'boolean' | 'secret' | 'base64' | 'pem';
  /** The fieldsets it is in (`certificate`, `channel.client_certificate`). */
  group: string;
}

const keptUnseen = (spec: SettingSpec) => spec.value === 'secret' || spec.value === 'base64' || spec.value === 'pem';

/** The group a path is in (`channel` for `channel.client_certificate`; '' at the top). */
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.')));

const label = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The form's fields, in the schema's order; the groups are the paths of its objects. */
export function settingSpecs(schema: TSchema, prefix = ''): { specs: SettingSpec[]; groups: string[] } {
  const specs: SettingSpec[] = [];
  const groups: string[] = [];
  const walk = (node: SchemaNode, at: string) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (/_(file|env)$/.test(key)) continue;
      const name = at ? `${at}.${key}` : key;
      const required = (node.required ?? []).includes(key);
      if (child.properties) {
        groups.push(name);
        walk(child, name);
        continue;
      }
      const base = { name, label: label(key), group: at, required };
      const file = FILE_VALUES[key];
      if (file) specs.push({ ...base, type: 'file', value: file === 'base64' ? 'base64' : 'pem', hint: file === 'base64' ? 'A file (PKCS#12 .p12/.pfx, or a PNG)' : 'A PEM file' });
      else if (child.secret) specs.push({ ...base, type: 'password', value: 'secret', autocomplete: 'off' });
      else if (child.enum) specs.push({ ...base, type: 'select', value: 'text', options: [{ value: '', label: '(the default)' }, ...child.enum.map((v) => ({ value: v, label: v }))] });
      else if (child.type === 'boolean') specs.push({ ...base, type: 'select', value: 'boolean', options: [{ value: '', label: '(the default)' }, { value: 'true', label: 'yes' }, { value: 'false', label: 'no' }] });
      else if (child.type === 'integer') specs.push({ ...base, type: 'number', value: 'integer', hint: child.minimum !== undefined && child.maximum !== undefined ? `${child.minimum} to ${child.maximum}` : undefined });
      else specs.push({ ...base, type: (child.maxLength ?? 0) > 500 ? 'textarea' : 'text', value: 'text' });
    }
  };
  walk(schema as SchemaNode, prefix);
  return { specs, groups };
}

/** A stored value the form does not show (a secret's `{sealed}`, a file's content): whether it is there. */
function storedAt(settings: Readonly<Record<string, unknown>>, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), settings);
}

function isSealed(value: unknown): value is { sealed: string } {
  return value !== null && typeof value === 'object' && typeof (value as { sealed?: unknown }).sealed === 'string';
}

/**
 * The API's body from the form: each field by its spec, a secret or file left empty kept as
 * stored (unless "remove" is ticked), an object left with nothing left out.
 */
export function settingsBody(specs: readonly SettingSpec[], values: FormValues, files: ReadonlyMap<string, UploadedFile>, stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const put = (path: string, value: unknown) => {
    const keys = path.split('.');
    let at = body;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys[keys.length - 1]!] = value;
  };
  for (const spec of specs) {
    const text = values[spec.name] ?? '';
    const kept = storedAt(stored, spec.name);
    if (spec.value === 'base64' || spec.value === 'pem') {
      const file = files.get(spec.name);
      if (file) put(spec.name, spec.value === 'base64' ? file.content.toString('base64') : file.content.toString('utf8'));
      else if (kept !== undefined && values[`remove:${spec.name}`] !== 'yes') put(spec.name, kept);
    } else if (spec.value === 'secret') {
      if (text !== '') put(spec.name, text);
      else if (isSealed(kept) && values[`remove:${spec.name}`] !== 'yes') put(spec.name, kept);
    } else if (text !== '') {
      put(spec.name, spec.value === 'boolean' ? text === 'true' : spec.value === 'integer' && /^-?[0-9]{1,15}$/.test(text) ? Number(text) : text);
    }
  }
  return body;
}

export interface EntityDriverFormView {
  entityId: string;
  driver: string;
  view: EntityDriverView;
  specs: readonly SettingSpec[];
  groups: readonly string[];
  values: FormValues;
  errors: PlacedErrors;
  csrf: string;
  saved?: boolean;
}

/** A stored secret or file, which the form keeps without showing (a plain value is in its field, to change or clear). */
function keptUnseenValue(spec: SettingSpec, view: EntityDriverView): unknown {
  const kept = storedAt(view.settings, spec.name);
  if (!keptUnseen(spec) || kept === undefined || (spec.value === 'secret' && !isSealed(kept))) return undefined;
  return kept;
}

/** What the form shows for a stored file or secret: that it is there, what identifies it, and how to remove it. */
function storedNote(spec: SettingSpec, kept: unknown, view: EntityDriverView): Html {
  const facts = Object.entries(view.certificates).find(([at]) => spec.name.startsWith(`${at}.`))?.[1];
  const what = isSealed(kept) ? `stored, sealed (${kept.sealed})` : 'stored';
  return html`<p class="muted stored" id="${fieldId(spec.name)}-stored">${what}${facts && /\.(pkcs12|cert)$/.test(spec.name) ? html`: ${facts.subject}, valid until ${facts.not_after}` : ''}. Left empty, it is kept.
<label class="inline"><input type="checkbox" name="remove:${spec.name}" value="yes"> Remove the stored ${spec.label.toLowerCase()}</label></p>`;
}

/** A field, and for a kept secret or file the note saying so, tied to it. */
function settingField(spec: SettingSpec, v: EntityDriverFormView): Html {
  const kept = keptUnseenValue(spec, v.view);
  if (kept === undefined) return field(spec, v.values, v.errors);
  return html`${field({ ...spec, describedBy: `${fieldId(spec.name)}-stored` }, v.values, v.errors)}${storedNote(spec, kept, v.view)}`;
}

export function entityDriverBody(v: EntityDriverFormView): Html {
  const base = `/console/entities/${encodeURIComponent(v.entityId)}`;
  const fromFile = v.view.source === 'config';
  const byGroup = (group: string): Html => html`${v.specs.filter((s) => s.group === group).map((s) => settingField(s, v))}
${v.groups.filter((g) => parentOf(g) === group).map((g) => fieldset(g))}`;
  const fieldset = (group: string): Html => {
    const problems = v.errors.byField.get(group) ?? [];
    return html`<fieldset id="${fieldId(group)}"${problems.length ? html` aria-describedby="${fieldId(group)}-error"` : ''}><legend>${label(group.slice(group.lastIndexOf('.') + 1))}</legend>
${problems.length ? html`<p class="error" id="${fieldId(group)}-error">${problems.join(' ')}</p>` : ''}${byGroup(group)}</fieldset>`;
  };
  const certificates = Object.entries(v.view.certificates);
  return html`<p><a href="${base}">Back to ${v.entityId}</a></p>
${v.saved ? html`<p class="good" role="status">Saved: the entity's next document uses these settings${v.view.version !== undefined ? html` (version ${v.view.version})` : ''}.</p>` : ''}
<p>${fromFile
    ? html`The configuration file sets these settings, and it wins over the console and the admin API: change them there.`
    : v.view.source === 'api'
      ? html`Set through the console or the admin API${v.view.updated_at ? html` on ${v.view.updated_at}` : ''}. Secrets are sealed and never shown again.`
      : html`Not set yet: the driver's defaults apply. Secrets are sealed when saved and never shown again.`}</p>
${certificates.length ? html`<ul>${certificates.map(([at, f]) => html`<li>${at}: ${f.subject}, valid until ${f.not_after}</li>`)}</ul>` : ''}
${fromFile
    ? html``
    : html`<form method="post" action="${base}/drivers/${v.driver}" enctype="multipart/form-data" class="stacked wide" novalidate>
${formProblems(v.errors)}
<input type="hidden" name="csrf" value="${v.csrf}">
${byGroup('')}
<div><button type="submit">Save the ${v.driver} settings</button></div>
</form>`}`;
}

/** The form's fields as the stored settings fill them: never a secret or a file's content. */
export function settingsValues(specs: readonly SettingSpec[], view: EntityDriverView): Record<string, string> {
  const flat = flatten(view.settings);
  return Object.fromEntries(specs.filter((s) => s.value !== 'secret' && s.value !== 'base64' && s.value !== 'pem' && flat[s.name] !== undefined).map((s) => [s.name, flat[s.name]!]));
}
