import { create } from 'xmlbuilder2';
import { LightText, parseLight, type LightElement } from '../xml/light-tree.js';

// Reading UBL back: the few values transmission needs (endpoints, the document number) and
// what an inbound Invoice Response says. xmlbuilder2's object form keeps the prefixed names
// (`cbc:ID`), attributes as `@name` and text as `#` (or the plain string for a bare element).

export type UblNode = { [key: string]: unknown };

export interface ParsedUbl {
  /** Local name of the root element: `Invoice`, `CreditNote`, `ApplicationResponse`… */
  root: string;
  node: UblNode;
}

/** Parses UBL XML; throws on text that is not well-formed XML. */
export function parseUbl(xml: string): ParsedUbl {
  const obj = create(xml).end({ format: 'object' }) as UblNode;
  const root = Object.keys(obj).find((k) => !k.startsWith('?') && !k.startsWith('@'));
  if (!root) throw new Error('no root element');
  return { root: root.replace(/^.*:/, ''), node: obj[root] as UblNode };
}

// Where a UBL document's header ends: the totals and lines follow, and routing never needs them.
const HEADER_END = /<cac:(?:TaxTotal|InvoiceLine|CreditNoteLine)[\s>]/;

/**
 * Parses only the header of a UBL document (everything before its first TaxTotal or line), which
 * holds the ids and parties: a fraction of the work of a full parse for a long invoice. The cut
 * falls between two top-level elements (UBL fixes their order) and `<` never appears unescaped
 * in text, so the cut document, closed again, is well-formed. It is read into the light tree
 * (light-tree.ts, a single pass after the well-formedness check) rather than xmlbuilder2: every
 * PEPPOL and NEMHANDEL transmission addresses its document this way, and xmlbuilder2's DOM made
 * that 8 % of a sandbox submission's time (issue 45). The result has xmlbuilder2's object form.
 */
export function parseUblHeader(xml: string): ParsedUbl {
  const end = HEADER_END.exec(xml);
  let header = xml;
  if (end) {
    const root = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>]/.exec(xml.replace(/^(\s*<\?[^>]*\?>)?(\s*<!--[\s\S]*?-->)*/, ''));
    if (root) header = `${xml.slice(0, end.index)}</${root[1] ?? ''}${root[2]}>`;
  }
  const light = parseLight(header);
  if ('problem' in light) throw new Error(light.problem);
  return { root: light.localName, node: objectForm(light) as UblNode };
}

/**
 * An element in xmlbuilder2's object form: `@name` for each attribute, `#` for text, children by
 * tag name (an array where one repeats); a bare element with text only is its string. White
 * space between child elements is not text, as xmlbuilder2 drops it.
 */
function objectForm(e: LightElement): UblNode | string {
  const node: UblNode = {};
  let text = '';
  let elements = false;
  for (const a of e.attributes) node[`@${a.name}`] = a.value;
  for (let c = e.firstChild; c; c = c.nextSibling) {
    if (c instanceof LightText) {
      text += c.data;
      continue;
    }
    elements = true;
    const value = objectForm(c);
    const had = node[c.tagName];
    if (had === undefined) node[c.tagName] = value;
    else if (Array.isArray(had)) had.push(value);
    else node[c.tagName] = [had, value];
  }
  if (elements ? text.trim() !== '' : text !== '') node['#'] = text;
  const keys = Object.keys(node);
  return keys.length === 1 && keys[0] === '#' ? text : node;
}

/** The node at a path of element names; the first item wherever an element repeats. */
export function at(node: unknown, ...path: string[]): unknown {
  let cur = node;
  for (const name of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as UblNode)[name];
  }
  return Array.isArray(cur) ? cur[0] : cur;
}

/** Text content at a path, or undefined. */
export function textAt(node: unknown, ...path: string[]): string | undefined {
  const n = at(node, ...path);
  if (typeof n === 'string') return n;
  if (n && typeof n === 'object' && typeof (n as UblNode)['#'] === 'string') return (n as UblNode)['#'] as string;
  return undefined;
}

/** An identifier with its scheme attribute (`cbc:EndpointID schemeID="0088"`). */
export function identifierAt(node: unknown, ...path: string[]): { scheme: string; id: string } | undefined {
  const n = at(node, ...path);
  const id = textAt(node, ...path);
  const scheme = n && typeof n === 'object' ? (n as UblNode)['@schemeID'] : undefined;
  return id && typeof scheme === 'string' ? { scheme, id } : undefined;
}

/** What an inbound ApplicationResponse says: its response code, the number of the document it answers, its text. */
export interface ResponseReading {
  code: string;
  respondsTo: string;
  note?: string | undefined;
  /** The response's own cbc:CustomizationID (a Peppol message level response is told from an Invoice Response by it). */
  customizationId?: string | undefined;
}

/**
 * Reads a UBL ApplicationResponse (a Peppol Invoice Response, an OIOUBL business response);
 * undefined for text that is not XML, another root, or one without a code or a reference.
 * `notePath`, below `cac:Response`, is where the format puts its text.
 */
export function readApplicationResponse(content: string, notePath: readonly string[]): ResponseReading | undefined {
  let parsed;
  try {
    parsed = parseUbl(content);
  } catch {
    return undefined;
  }
  if (parsed.root !== 'ApplicationResponse') return undefined;
  const response = ['cac:DocumentResponse', 'cac:Response'];
  const code = textAt(parsed.node, ...response, 'cbc:ResponseCode')?.trim();
  const respondsTo = textAt(parsed.node, 'cac:DocumentResponse', 'cac:DocumentReference', 'cbc:ID')?.trim();
  if (!code || !respondsTo) return undefined;
  return { code, respondsTo, note: textAt(parsed.node, ...response, ...notePath), customizationId: textAt(parsed.node, 'cbc:CustomizationID')?.trim() };
}
