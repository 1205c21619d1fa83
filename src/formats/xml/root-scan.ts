import { decodeReferences } from './references.js';

// What identifies a business document, read from the start of its text without parsing it
// whole: the root element's namespace and local name, and the text of a few of the root's child
// elements (a UBL document's cbc:CustomizationID and cbc:ProfileID, which come before its lines).
// A Peppol access point needs only these to route and envelope a document; parsing the whole of a
// 50-line invoice into a DOM for them cost more than signing and encrypting the message
// (test/bench/as4.ts). The scan reads markup as XML 1.0 writes it (comments, CDATA, processing
// instructions and quoted attribute values skipped as such); it does not check that the rest is
// well-formed, which the caller does where it must (well-formed.ts, or fast-xml-parser's validator).

export interface RootScan {
  namespace: string;
  localName: string;
  /** The namespace declarations in scope at the root (prefix '' for the default namespace). */
  namespaces: ReadonlyMap<string, string>;
  /** The trimmed text of the first root child of each wanted `{namespace}localName`, by that key. */
  children: ReadonlyMap<string, string>;
}

const NAME = '[^\\s/>=]+';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*("[^"]*"|'[^']*')`, 'y');
const START_TAG = new RegExp(`<(${NAME})`, 'y');

/** `{namespace}localName`, the key of a wanted child. */
export const expandedName = (namespace: string, localName: string) => `{${namespace}}${localName}`;


/** Index after the construct starting at `at` that is not an element (comment, CDATA, PI, declaration), or undefined when `at` starts a tag. */
function skipNonElement(xml: string, at: number): number | undefined {
  const close = (marker: string) => {
    const end = xml.indexOf(marker, at);
    if (end < 0) throw new Error('the document ends inside a comment, CDATA section or processing instruction');
    return end + marker.length;
  };
  if (xml.startsWith('<!--', at)) return close('-->');
  if (xml.startsWith('<![CDATA[', at)) return close(']]>');
  if (xml.startsWith('<?', at)) return close('?>');
  if (xml.startsWith('<!', at)) throw new Error('the document has a document type declaration, which is not allowed here');
  return undefined;
}

interface Tag {
  name: string;
  attributes: [string, string][];
  selfClosing: boolean;
  end: number;
}

function startTag(xml: string, at: number): Tag {
  START_TAG.lastIndex = at;
  const m = START_TAG.exec(xml);
  if (!m) throw new Error(`no element name at offset ${at}`);
  const attributes: [string, string][] = [];
  let i = START_TAG.lastIndex;
  for (;;) {
    ATTRIBUTE.lastIndex = i;
    const a = ATTRIBUTE.exec(xml);
    if (!a) break;
    attributes.push([a[1]!, decodeReferences(a[2]!.slice(1, -1))]);
    i = ATTRIBUTE.lastIndex;
  }
  while (/\s/.test(xml[i] ?? '')) i++;
  const selfClosing = xml[i] === '/';
  if (selfClosing) i++;
  if (xml[i] !== '>') throw new Error(`the start tag <${m[1]}> is not closed where its attributes end (offset ${i})`);
  return { name: m[1]!, attributes, selfClosing, end: i + 1 };
}

function resolve(qname: string, namespaces: ReadonlyMap<string, string>): { namespace: string; localName: string } {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const namespace = namespaces.get(prefix);
  if (namespace === undefined && prefix !== '') throw new Error(`the prefix ${prefix} of <${qname}> is not declared`);
  return { namespace: namespace ?? '', localName: colon < 0 ? qname : qname.slice(colon + 1) };
}

function withDeclarations(inScope: ReadonlyMap<string, string>, attributes: [string, string][]): Map<string, string> {
  const out = new Map(inScope);
  for (const [name, value] of attributes) {
    if (name === 'xmlns') out.set('', value);
    else if (name.startsWith('xmlns:')) out.set(name.slice(6), value);
  }
  return out;
}

/**
 * The root of `xml` and the text of the wanted children (`expandedName` keys), reading only as far
 * as the last of them; `inScope`: namespace declarations of an enclosing document (an SBDH's).
 * Throws an Error saying what could not be read.
 */
export function scanRoot(xml: string, wanted: readonly string[], inScope: ReadonlyMap<string, string> = new Map()): RootScan {
  let at = 0;
  const skipSpace = () => {
    while (at < xml.length && /[\s\uFEFF]/.test(xml[at]!)) at++;
  };
  for (;;) {
    skipSpace();
    if (xml[at] !== '<') throw new Error(at >= xml.length ? 'the document has no root element' : `text before the root element (offset ${at})`);
    const after = skipNonElement(xml, at);
    if (after === undefined) break;
    at = after;
  }
  const root = startTag(xml, at);
  const namespaces = withDeclarations(inScope, root.attributes);
  const { namespace, localName } = resolve(root.name, namespaces);
  const children = new Map<string, string>();
  const scan: RootScan = { namespace, localName, namespaces, children };
  if (root.selfClosing || wanted.length === 0) return scan;
  at = root.end;
  let depth = 1;
  while (children.size < wanted.length) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) throw new Error(`the root element <${root.name}> is not closed`);
    at = lt;
    const after = skipNonElement(xml, at);
    if (after !== undefined) {
      at = after;
      continue;
    }
    if (xml[at + 1] === '/') {
      depth--;
      if (depth === 0) break;
      at = xml.indexOf('>', at) + 1;
      if (at === 0) throw new Error('an end tag is not closed');
      continue;
    }
    const tag = startTag(xml, at);
    at = tag.end;
    if (depth === 1) {
      const child = resolve(tag.name, withDeclarations(namespaces, tag.attributes));
      const key = expandedName(child.namespace, child.localName);
      if (wanted.includes(key) && !children.has(key)) {
        if (tag.selfClosing) children.set(key, '');
        else {
          const close = xml.indexOf('</', at);
          const text = xml.slice(at, close);
          // A wanted child holds text only (an identifier); one with markup inside is not read as one.
          if (close < 0 || text.includes('<')) throw new Error(`<${tag.name}> holds more than text`);
          children.set(key, decodeReferences(text).trim());
          at = xml.indexOf('>', close) + 1;
        }
        continue;
      }
    }
    if (!tag.selfClosing) depth++;
  }
  return scan;
}
