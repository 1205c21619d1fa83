import type { Driver, FieldSpec } from '../../../spi/driver.js';
import { SpiError } from '../../../platform/http/errors.js';
import { type SpiErrorItem } from '../../../spi/error-item.js';
import { problemItem } from '../../../platform/http/problem-errors.js';
import { check } from '../../../lib/typed-check.js';
import { OverridesSchema, type Envelope, type Overrides } from '../../../spi/document.js';
import { evaluateCel } from './cel-expr.js';
import { typedValues } from './override-values.js';

// `overrides`: the merchant's own mapping from platform values to places in the legal
// document. Per the SPI, the document is then built from `field_mapping` and `values` ONLY.
// Each target is looked up in the driver's field table (the same rows data_input_fields
// returns), and its value is written to the SPI field the row names; the result is validated
// and rendered exactly like a normal submission. Values come from a `source` path into
// `values` (`invoice.id`, `line_items[].quantity`), a `fixed_value`, or a CEL `expr`; a line
// target's expr runs once per line with the line bound to `li` (and `line_item`). `values` are
// read as the platform's documented types first (override-values.ts).

type Scalar = string | number | boolean;
type Doc = Record<string, unknown>;

export function documentFromOverrides(envelope: Envelope, raw: unknown, driver: Driver, documentType: string): Doc {
  const result = check(OverridesSchema, raw);
  if (!result.ok) throw new SpiError(400, result.problems.map((p) => problemItem({ ...p, path: p.path ? `overrides.${p.path}` : 'overrides' })));
  const o = result.value;
  const errors: SpiErrorItem[] = [];
  for (const key of ['country', 'model', 'transaction_type', 'document_type'] as const) {
    const expected = key === 'document_type' ? documentType : envelope[key];
    if (o[key] !== undefined && expected !== undefined && o[key] !== expected) errors.push({ code: 'INVALID_DATA', message: `overrides.${key}: ${o[key]} differs from the document's ${expected}` });
  }
  const fields = fieldTable(driver, documentType);
  const typed = typedValues(o.values, errors);
  // A mistyped value would only resurface as failing expressions and fields: report it alone.
  if (errors.length > 0) throw new SpiError(400, errors);
  const scope = scopeOf(typed);
  const doc: Doc = { id: envelope.id, type: envelope.type, country: envelope.country, model: envelope.model, transaction_type: envelope.transaction_type, document_type: documentType };
  const lineRoot = lineCollection(o, scope, fields, documentType);
  o.field_mapping.forEach((m, i) => {
    const at = `overrides.field_mapping[${i}]`;
    const field = fields(canonicalTarget(m.target, documentType));
    if (!field) return errors.push({ code: 'INVALID_DATA', message: `${at}.target: ${driver.model} has no field ${m.target} for ${documentType} (GET /einvoicing/data_input_fields lists them)` });
    const given = [m.source, m.fixed_value, m.expr].filter((x) => x !== undefined).length;
    if (given !== 1) return errors.push({ code: 'INVALID_DATA', message: `${at}: needs exactly one of source, fixed_value or expr` });
    const values = valuesFor(m, field, scope, lineRoot, at, errors);
    if (values) write(doc, field, values, at, errors);
  });
  if (errors.length > 0) throw new SpiError(400, errors);
  return doc;
}

/**
 * The spec's examples spell targets loosely: `Creditnote.` roots, invoice elements and even an
 * `Invoice.` root in a credit note's mapping, and a stray quote after a target. The root only
 * repeats the document type, so an invoice's and a credit note's roots are one.
 */
function canonicalTarget(target: string, documentType: string): string {
  let t = target.trim().replace(/^["']+|["']+$/g, '');
  if (documentType === 'ubl-creditnote') {
    t = t.replace(/^(Creditnote|CreditNote|Invoice)\./i, 'CreditNote.').replace('cac:InvoiceLine', 'cac:CreditNoteLine').replace('cbc:InvoicedQuantity', 'cbc:CreditedQuantity');
  }
  return t;
}

/**
 * The driver's rows for the document type, by target. Every amount carries the document currency,
 * so a `…@currencyID` target (UBL's amounts, CII's tax total) is the currency's own row.
 */
function fieldTable(driver: Driver, documentType: string): (target: string) => FieldSpec | undefined {
  const rows = driver.fields.filter((f) => !f.documentTypes || f.documentTypes.includes(documentType));
  const byPath = new Map(rows.map((f) => [f.path, f]));
  const currency = rows.find((f) => f.spi === 'currency_code');
  return (target) => byPath.get(target) ?? (target.endsWith('.@currencyID') ? currency : undefined);
}

/** Dotted keys become nested objects: `{"invoice.id": 1}` → `{invoice: {id: 1}}`. */
function scopeOf(values: Record<string, unknown>): Doc {
  const scope: Doc = {};
  for (const [key, value] of Object.entries(values)) {
    const parts = key.split('.');
    let node = scope;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Doc;
    node[parts[parts.length - 1]!] = value;
  }
  return scope;
}

/** The values list that line targets iterate (`line_items` in the spec's examples). */
function lineCollection(o: Overrides, scope: Doc, fields: (target: string) => FieldSpec | undefined, documentType: string): unknown[] {
  for (const m of o.field_mapping) {
    const f = fields(canonicalTarget(m.target, documentType));
    if (f && (f.perLine ?? f.spi?.startsWith('lines[]')) && m.source?.includes('[]')) {
      const list = resolve(scope, m.source.split('[]')[0]!);
      if (Array.isArray(list)) return list;
    }
  }
  return [];
}

function resolve(root: unknown, path: string): unknown {
  if (root && typeof root === 'object' && path in (root as Doc)) return (root as Doc)[path];
  let node = root;
  for (const part of path.split('.').filter(Boolean)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Doc)[part];
  }
  return node;
}

/** One value (scalar field) or one per line (list field); undefined after reporting an error. */
function valuesFor(m: Overrides['field_mapping'][number], f: FieldSpec, scope: Doc, lines: unknown[], at: string, errors: SpiErrorItem[]): unknown[] | undefined {
  // Line fields take a value per line; other list fields (billing_reference[]) one value, or one per item of a list source.
  const perLine = f.perLine ?? !!f.spi?.startsWith('lines[]');
  if (m.fixed_value !== undefined) return perLine ? lines.map(() => m.fixed_value) : [m.fixed_value];
  if (m.expr !== undefined) {
    const runs = perLine ? lines.map((li) => ({ ...scope, li, line_item: li })) : [scope];
    const out: unknown[] = [];
    for (const bindings of runs) {
      const r = evaluateCel(m.expr, bindings);
      if ('error' in r) return void errors.push({ code: 'INVALID_DATA', message: `${at}.expr: ${r.error}` });
      out.push(r.value);
    }
    return out;
  }
  const source = m.source!;
  if (!source.includes('[]')) {
    const v = resolve(scope, source);
    return perLine ? lines.map(() => v) : [v];
  }
  if (!perLine && !f.spi?.includes('[]')) return void errors.push({ code: 'INVALID_DATA', message: `${at}.source: ${source} is a list but ${f.path} holds one value` });
  const [head, ...rest] = source.split('[]');
  const list = resolve(scope, head!);
  return (Array.isArray(list) ? list : []).map((item) => rest.reduce<unknown>((v, seg) => resolve(Array.isArray(v) ? v[0] : v, seg.replace(/^\./, '')), item));
}

function write(doc: Doc, f: FieldSpec, values: unknown[], at: string, errors: SpiErrorItem[]): void {
  if (!f.spi) {
    const i = values.findIndex((v) => v !== undefined && v !== null && v !== '' && !(f.accepted_values ?? []).includes(String(v).trim()));
    const where = values.length > 1 ? ` for line ${i + 1}` : '';
    if (i >= 0) errors.push({ code: 'INVALID_DATA', message: `${at}: ${f.path} must be ${(f.accepted_values ?? []).join(' or ')} (got "${String(values[i])}"${where})` });
    return;
  }
  values.forEach((v, i) => {
    if (v === undefined || v === null || v === '') return;
    const value = coerce(v, f.data_type);
    if (value === undefined) return void errors.push({ code: 'INVALID_DATA', message: `${at}: ${f.path} needs a ${f.data_type} (got ${JSON.stringify(v)})` });
    setPath(doc, f.spi!.replace('[]', `[${i}]`), value);
  });
}

function coerce(v: unknown, type: FieldSpec['data_type']): Scalar | undefined {
  if (type === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? n : undefined;
  }
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

/** Writes `a.b[2].c[0].d`, creating objects and arrays on the way; a tax identifier defaults to the VAT scheme. */
function setPath(doc: Doc, path: string, value: Scalar): void {
  const parts = path.split('.').flatMap((p) => p.split(/(?=\[)/));
  let node: Doc | unknown[] = doc;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const index = /^\[(\d+)\]$/.exec(part);
    const key: string | number = index ? Number(index[1]) : part;
    const next = parts[i + 1];
    const container = node as Record<string | number, unknown>;
    if (last) container[key] = value;
    else node = (container[key] ??= next?.startsWith('[') ? [] : {}) as Doc | unknown[];
  });
  if (/\.tax_scheme\[\d+\]\.id$/.test(path)) {
    const holder = node as Doc;
    holder.scheme ??= 'VAT';
  }
}
