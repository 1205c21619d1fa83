// The ONE module that writes XML bytes (UBL, CII and the national syntaxes alike). Builders describe documents as a small element tree
// (`el`), and `serialize` turns the tree into text with an escaping string writer.
//
// Why not xmlbuilder2 (the design card's first choice)? `npm run bench` renders the same
// 10-line invoice through this writer, xmlbuilder2 and fast-xml-parser's XMLBuilder; the
// writer is the only one that reaches the 5,000 documents/s target (figures in the issue note
// and in test/bench/render.ts). The tree stays the same, so a backend swap is local to this file.

/** An XML element: name (with prefix), attributes, then either text or children. */
export interface XmlNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>> | undefined;
  readonly text: string | undefined;
  readonly children: readonly XmlNode[] | undefined;
  /** A constant subtree's text by the depth it was written at (`constant`); undefined for every other node. */
  readonly written: string[] | undefined;
}

export type Child = XmlNode | undefined | null | false | readonly Child[];

/** An element with children; `undefined` / `false` children are dropped so optional parts read naturally. */
export function el(name: string, attrs: Record<string, string | undefined> | undefined, ...children: Child[]): XmlNode {
  return { name, attrs: cleanAttrs(attrs), text: undefined, children: kidsOf(children), written: undefined };
}

/**
 * A subtree that every document writes the same (a tax scheme, written on every line): its text
 * is made once for each depth it is written at, and the tree's writer copies it from there.
 */
export function constant(node: XmlNode): XmlNode {
  return { ...node, written: [] };
}

/** A leaf element with text; `undefined` or empty text yields no element at all. */
export function leaf(name: string, text: string | undefined | null, attrs?: Record<string, string | undefined>): XmlNode | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  return { name, attrs: cleanAttrs(attrs), text, children: undefined, written: undefined };
}

/** The children an element keeps: the call's own rest array when it holds only nodes (most do), else a flattened copy. */
function kidsOf(children: Child[]): XmlNode[] {
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (!c || Array.isArray(c)) {
      const kids: XmlNode[] = [];
      flatten(children, kids);
      return kids;
    }
  }
  return children as XmlNode[];
}

function flatten(children: readonly Child[], out: XmlNode[]): void {
  for (const c of children) {
    if (!c) continue;
    if (Array.isArray(c)) flatten(c as readonly Child[], out);
    else out.push(c as XmlNode);
  }
}

/** The attributes without the undefined ones; the caller's object itself when it has none (most do), as nodes never change them. */
function cleanAttrs(attrs: Record<string, string | undefined> | undefined): Record<string, string> | undefined {
  if (!attrs) return undefined;
  let count = 0;
  let defined = 0;
  for (const key in attrs) {
    count++;
    if (attrs[key] !== undefined) defined++;
  }
  if (defined === 0) return undefined;
  if (defined === count) return attrs as Record<string, string>;
  const out: Record<string, string> = {};
  for (const key in attrs) {
    const v = attrs[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Characters XML 1.0 cannot carry at all, even escaped (C0 controls except TAB, LF, CR; lone surrogates; U+FFFE/F). */
export const XML_INVALID_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const TEXT_ANY = /[&<>\r]/;
const ATTR_ANY = /[&<>"\r\n\t]/;

export function escapeText(s: string): string {
  return TEXT_ANY.test(s) ? escaped(s, false) : s;
}

export function escapeAttr(s: string): string {
  return ATTR_ANY.test(s) ? escaped(s, true) : s;
}

/** The text with its markup characters as references (in an attribute also `"` and the white space a parser would normalize): one pass, no regex callback per character. */
function escaped(s: string, attr: boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    let ref: string | undefined;
    switch (s.charCodeAt(i)) {
      case 38: ref = '&amp;'; break;
      case 60: ref = '&lt;'; break;
      case 62: ref = '&gt;'; break;
      case 13: ref = '&#13;'; break;
      case 34: ref = attr ? '&quot;' : undefined; break;
      case 10: ref = attr ? '&#10;' : undefined; break;
      case 9: ref = attr ? '&#9;' : undefined; break;
    }
    if (ref === undefined) continue;
    out += s.slice(from, i) + ref;
    from = i + 1;
  }
  return out + s.slice(from);
}

/**
 * The document as UTF-8 text: XML declaration, two-space indentation, one element per line.
 * Text is escaped, never trimmed; the caller guarantees no XML-invalid characters (drivers
 * report them as issues before rendering).
 */
export function serialize(root: XmlNode): string {
  // One growing string (V8 ropes) and cached indents: the fastest of the shapes measured,
  // and what keeps garbage low when many documents are rendered per second.
  return write(root, 0, '<?xml version="1.0" encoding="UTF-8"?>\n');
}

const INDENTS: string[] = [''];
function indentOf(depth: number): string {
  while (INDENTS.length <= depth) INDENTS.push(`${INDENTS[INDENTS.length - 1]}  `);
  return INDENTS[depth]!;
}

function write(node: XmlNode, depth: number, out: string): string {
  const written = node.written;
  if (written === undefined) return writeNode(node, depth, out);
  return out + (written[depth] ??= writeNode(node, depth, ''));
}

function writeNode(node: XmlNode, depth: number, out: string): string {
  const indent = indentOf(depth);
  out += indent + '<' + node.name;
  if (node.attrs) for (const key in node.attrs) out += ' ' + key + '="' + escapeAttr(node.attrs[key]!) + '"';
  if (node.text !== undefined) return out + '>' + escapeText(node.text) + '</' + node.name + '>\n';
  const children = node.children;
  if (!children || children.length === 0) return out + '/>\n';
  out += '>\n';
  for (let i = 0; i < children.length; i++) out = write(children[i]!, depth + 1, out);
  return out + indent + '</' + node.name + '>\n';
}

/**
 * The document as UTF-8 text without indentation: no white space between elements, so that what
 * a signature covers (an AS4 envelope's parts, canonicalized by exc-c14n.ts from the same tree) is
 * exactly the elements and their text.
 */
export function serializeCompact(root: XmlNode): string {
  return writeCompact(root, '<?xml version="1.0" encoding="UTF-8"?>');
}

function writeCompact(node: XmlNode, out: string): string {
  out += '<' + node.name;
  if (node.attrs) for (const key in node.attrs) out += ' ' + key + '="' + escapeAttr(node.attrs[key]!) + '"';
  if (node.text !== undefined) return out + '>' + escapeText(node.text) + '</' + node.name + '>';
  const children = node.children;
  if (!children || children.length === 0) return out + '/>';
  out += '>';
  for (let i = 0; i < children.length; i++) out = writeCompact(children[i]!, out);
  return out + '</' + node.name + '>';
}
