import { c14nAttr, c14nText } from './exc-c14n.js';
import { canonicalizeLight } from './light-c14n.js';
import { parseLight } from './light-tree.js';
import { decodeReferences } from './references.js';

// Canonical XML 1.0 (W3C, 2001; inclusive, without comments) of a whole document, read from its
// text in one pass: what an enveloped XML signature digests for its `URI=""` reference when the
// document is not yet signed (the enveloped-signature transform then takes nothing away). The
// XAdES signer (xades.ts) digests every Facturae and FatturaPA so; through xml-crypto's DOM it
// was a clone of the whole document per signature, a quarter of the signing time (plan 45 §4).
//
// The rules (C14N 1.0 §2.3, §1.1 for the whole document): the XML declaration and what lies
// outside the root element go; empty elements become a start and an end tag; an element's
// namespace declarations come first, by prefix in code-point order (the default namespace first),
// then its attributes by namespace URI and local name; a declaration is left out when the parent
// has the same in scope (and `xmlns=""` when no default namespace is); text escapes &, <, > and
// CR, attribute values &, <, ", TAB, LF and CR, after the references written are resolved and
// line ends and attribute white space normalized as a parser reads them (light-tree.ts).
//
// The one pass reads the markup writer.ts writes: start, end and empty-element tags and text.
// A document with anything else inside (a comment, CDATA, a processing instruction, a DOCTYPE)
// is canonicalized through the general light tree instead (light-tree.ts, light-c14n.ts), which
// costs about ten times as much (a 7 KB Facturae: ~1 ms against ~0.1 ms).

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
// A tag: its attributes' quoted values may hold `>`.
const TAG = /<(\/?)([^\s/>]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** Text or an attribute value that the canonical form writes otherwise than it stands. */
const TEXT_CHANGES = /[&>\r]/;
const VALUE_CHANGES = /[&"\t\n\r]/;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface CanonicalDocument {
  /** The canonical form of the document (its root element). */
  canonical: string;
  /** The namespace declarations in scope at the root element (prefix '' for the default namespace). */
  rootScope: ReadonlyMap<string, string>;
}

/** The canonical form of `xml`, a well-formed document, and its root's namespaces. */
export function canonicalDocument(xml: string): CanonicalDocument {
  const rootAt = rootStart(xml);
  if (rootAt < 0 || /<[!?]/.test(xml.slice(rootAt))) return throughLightTree(xml);
  let out = '';
  let rootScope: ReadonlyMap<string, string> | undefined;
  const scopes: ReadonlyMap<string, string>[] = [new Map()];
  TAG.lastIndex = rootAt;
  let at = rootAt;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    if (scopes.length > 1) out += text(xml.slice(at, m.index));
    at = TAG.lastIndex;
    const name = m[2]!;
    if (m[1]) {
      out += `</${name}>`;
      scopes.pop();
      if (scopes.length === 1) break;
      continue;
    }
    const parent = scopes[scopes.length - 1]!;
    const { tag, scope } = startTag(name, m[3]!, parent);
    rootScope ??= scope;
    out += tag;
    if (m[4]) {
      out += `</${name}>`;
      if (scopes.length === 1) break;
    } else scopes.push(scope);
  }
  return { canonical: out, rootScope: rootScope ?? new Map() };
}

/** Where the root element's start tag begins: after the XML declaration and white space. */
function rootStart(xml: string): number {
  let at = 0;
  if (xml.startsWith('<?xml')) at = xml.indexOf('?>') + 2;
  while (at > 0 && at < xml.length && /\s/.test(xml[at]!)) at++;
  return xml[at] === '<' ? at : -1;
}

function text(raw: string): string {
  return TEXT_CHANGES.test(raw) ? c14nText(decodeReferences(raw.replace(/\r\n?/g, '\n'))) : raw;
}

/** An attribute value as a parser reads it (XML 1.0 §3.3.3, CDATA type), then as canonical XML writes it. */
function value(raw: string): string {
  return VALUE_CHANGES.test(raw) ? c14nAttr(decodeReferences(raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' '))) : raw;
}

function startTag(name: string, attributes: string, parent: ReadonlyMap<string, string>): { tag: string; scope: ReadonlyMap<string, string> } {
  if (!attributes.includes('=')) return { tag: `<${name}>`, scope: parent };
  const declarations: [string, string][] = [];
  const plain: [string, string][] = [];
  ATTRIBUTE.lastIndex = 0;
  for (let a = ATTRIBUTE.exec(attributes); a; a = ATTRIBUTE.exec(attributes)) {
    const attribute = a[1]!;
    const raw = a[2] ?? a[3]!;
    if (attribute === 'xmlns') declarations.push(['', raw]);
    else if (attribute.startsWith('xmlns:')) declarations.push([attribute.slice(6), raw]);
    else plain.push([attribute, raw]);
  }
  let scope = parent;
  let tag = `<${name}`;
  if (declarations.length > 0) {
    declarations.sort((x, y) => byCodePoint(x[0], y[0]));
    const own = new Map(parent);
    for (const [prefix, raw] of declarations) {
      const uri = decodeReferences(raw);
      own.set(prefix, uri);
      if ((parent.get(prefix) ?? '') === uri) continue;
      tag += prefix === '' ? ` xmlns="${value(raw)}"` : ` xmlns:${prefix}="${value(raw)}"`;
    }
    scope = own;
  }
  if (plain.length > 1) {
    const keyed = plain.map(([attribute, raw]) => {
      const colon = attribute.indexOf(':');
      const prefix = colon < 0 ? '' : attribute.slice(0, colon);
      return { attribute, raw, uri: prefix === '' ? '' : prefix === 'xml' ? XML_NAMESPACE : (scope.get(prefix) ?? ''), local: attribute.slice(colon + 1) };
    });
    keyed.sort((x, y) => byCodePoint(x.uri, y.uri) || byCodePoint(x.local, y.local));
    for (const k of keyed) tag += ` ${k.attribute}="${value(k.raw)}"`;
  } else if (plain.length === 1) tag += ` ${plain[0]![0]}="${value(plain[0]![1])}"`;
  return { tag: `${tag}>`, scope };
}

/** The general path: the light tree, canonicalized with every prefix in scope kept (the inclusive rule). */
function throughLightTree(xml: string): CanonicalDocument {
  const root = parseLight(xml);
  if ('problem' in root) throw new Error(`not canonicalizable: ${root.problem}`);
  const scope = new Map([...root.scope].filter(([prefix]) => prefix !== 'xml'));
  // Exclusive canonicalization keeping every prefix declared anywhere is the inclusive form.
  const prefixes = new Set([...xml.matchAll(/\sxmlns:([^\s=]+)\s*=/g)].map((m) => m[1]!));
  return { canonical: canonicalizeLight(root, ['#default', ...prefixes]), rootScope: scope };
}
