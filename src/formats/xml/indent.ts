// XML indented for a person to read (the console shows a document's XML, which most renderers
// write on one line). Only the white space between tags is changed: an element whose children
// are elements alone gets each child on its own line; an element with text or CDATA among its
// children (mixed content, or a value) is written exactly as stored, since white space there is
// data. Comments and processing instructions are kept as they are. Anything this small reader
// does not follow (a tag not closed in order, a `<` it cannot place) leaves the text as stored:
// it is a view, never a rewrite, and the stored bytes are what is downloaded.

/** Markup this reader takes whole: comments, CDATA, processing instructions, declarations, tags (quoted values may hold `>`). */
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^<>]*>|<\/?[A-Za-z_:][^"'<>]*(?:(?:"[^"]*"|'[^']*')[^"'<>]*)*>|[^<]+/gy;

interface Element {
  open: string;
  close?: string;
  children: Node[];
}
type Node = string | Element;

const MAX_DEPTH = 200;
const isText = (n: Node): n is string => typeof n === 'string';
const nameOf = (tag: string) => /^<\/?([^\s/>]+)/.exec(tag)![1]!;

export interface Indented {
  text: string;
  /** Whether the text is indented (false: shown as stored, the reader could not follow it). */
  indented: boolean;
}

/**
 * `xml` indented by two spaces. `partial`: the text is the start of a longer document cut
 * anywhere (a large one shown in part): the markup cut in two is dropped and the elements still
 * open are left unclosed.
 */
export function indentXml(xml: string, partial = false): Indented {
  const asStored = { text: xml, indented: false };
  const root: Element = { open: '', children: [] };
  const stack: Element[] = [root];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < xml.length) {
    const match = TOKEN.exec(xml);
    if (!match) {
      if (partial) break; // the last piece of markup was cut
      return asStored;
    }
    at = TOKEN.lastIndex;
    const token = match[0];
    const top = stack[stack.length - 1]!;
    if (token.startsWith('</')) {
      if (stack.length === 1 || nameOf(top.open) !== nameOf(token)) return asStored;
      top.close = token;
      stack.pop();
    } else if (token[0] === '<' && /^<[A-Za-z_:]/.test(token) && !token.endsWith('/>')) {
      // Deeper than any business document: written as stored rather than recursed into.
      if (stack.length > MAX_DEPTH) return asStored;
      const element: Element = { open: token, children: [] };
      top.children.push(element);
      stack.push(element);
    } else {
      top.children.push(token);
    }
  }
  if (stack.length > 1 && !partial) return asStored;
  const lines: string[] = [];
  write(root.children, 0, lines);
  return { text: lines.join('\n'), indented: true };
}

/** Text that is data: anything but white space, or a CDATA section. */
const isData = (n: Node) => isText(n) && (n.startsWith('<![CDATA[') || (!n.startsWith('<') && n.trim() !== ''));

function write(nodes: readonly Node[], depth: number, lines: string[]): void {
  const pad = '  '.repeat(depth);
  for (const node of nodes) {
    if (isText(node)) {
      if (node.trim() !== '') lines.push(pad + node.trim());
    } else if (node.children.length === 0 || node.children.some(isData)) {
      lines.push(pad + flat(node));
    } else {
      lines.push(pad + node.open);
      write(node.children, depth + 1, lines);
      if (node.close !== undefined) lines.push(pad + node.close);
    }
  }
}

/** An element exactly as it was written. */
function flat(e: Element): string {
  return e.open + e.children.map((c) => (isText(c) ? c : flat(c))).join('') + (e.close ?? '');
}
