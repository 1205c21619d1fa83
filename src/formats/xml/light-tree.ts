import { wellFormednessProblem } from './well-formedness.js';
import { decodeReferences } from './references.js';

// A namespace-aware element tree of a small document, built in one pass over text that
// well-formedness.ts found well-formed, with the few DOM members this project's readers use
// (nodeType, firstChild, nextSibling, parentNode, namespaceURI, prefix, localName, tagName,
// textContent, getAttribute, getAttributeNS, attributes): an SBDH's header and an AS4 envelope are
// read through it on every received message, where a DOM parser (@xmldom/xmldom) cost a third of
// the message's time (test/bench/as4.ts). Comments and processing instructions are dropped; CDATA
// sections are text. Line ends and attribute values are normalized as XML 1.0 §2.11 and §3.3.3
// say a parser does (CR LF and CR as LF; white space characters in a value as spaces), so what is
// canonicalized from it (light-c14n.ts) is what any parser would have read.

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** Text content as a parser reports it: line ends normalized, references decoded. */
function textOf(raw: string): string {
  return decodeReferences(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);
}

/** An attribute value as a parser reports it (CDATA type: white space characters as spaces, then references decoded). */
function attributeValueOf(raw: string): string {
  return decodeReferences(/[\t\n\r]/.test(raw) ? raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' ') : raw);
}


export interface LightAttribute {
  name: string;
  value: string;
  prefix: string | null;
  localName: string;
  /** Null for an unprefixed attribute (and XMLNS's namespace for a declaration, as the DOM has it). */
  namespaceURI: string | null;
}

const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

export class LightText {
  readonly nodeType = 3;
  nextSibling: LightElement | LightText | null = null;
  parentNode: LightElement | null = null;
  constructor(readonly data: string) {}
  get textContent(): string {
    return this.data;
  }
}

export class LightElement {
  readonly nodeType = 1;
  firstChild: LightElement | LightText | null = null;
  nextSibling: LightElement | LightText | null = null;
  parentNode: LightElement | null = null;
  private last: LightElement | LightText | null = null;
  readonly attributes: LightAttribute[] & { item(i: number): LightAttribute | null };

  constructor(
    readonly tagName: string,
    readonly namespaceURI: string | null,
    readonly prefix: string | null,
    readonly localName: string,
    attributes: LightAttribute[],
    /** The namespace declarations in scope here (prefix → URI, '' the default), its own included. */
    readonly scope: ReadonlyMap<string, string>,
  ) {
    this.attributes = Object.assign(attributes, { item: (i: number) => attributes[i] ?? null });
  }

  append(child: LightElement | LightText): void {
    if (this.last) this.last.nextSibling = child;
    else this.firstChild = child;
    this.last = child;
    child.parentNode = this;
  }

  getAttribute(name: string): string | null {
    return this.attributes.find((a) => a.name === name)?.value ?? null;
  }

  getAttributeNS(namespace: string | null, localName: string): string | null {
    return this.attributes.find((a) => a.namespaceURI === namespace && a.localName === localName)?.value ?? null;
  }

  get textContent(): string {
    let text = '';
    for (let c = this.firstChild; c; c = c.nextSibling) text += c.textContent;
    return text;
  }
}

const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/y;

function qualified(name: string): { prefix: string | null; localName: string } {
  const colon = name.indexOf(':');
  return colon < 0 ? { prefix: null, localName: name } : { prefix: name.slice(0, colon), localName: name.slice(colon + 1) };
}

/** The root of `xml` as a light tree, or the first problem of its well-formedness or namespaces. */
export function parseLight(xml: string): LightElement | { problem: string } {
  const malformed = wellFormednessProblem(xml);
  if (malformed) return { problem: malformed };
  const stack: { element: LightElement; scope: ReadonlyMap<string, string> }[] = [];
  let root: LightElement | undefined;
  let scope: ReadonlyMap<string, string> = new Map([['xml', XML_NAMESPACE]]);
  let at = 0;
  const text = (data: string) => {
    if (stack.length > 0 && data) stack[stack.length - 1]!.element.append(new LightText(data));
  };
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) break;
    text(textOf(xml.slice(at, lt)));
    if (xml.startsWith('<!--', lt)) at = xml.indexOf('-->', lt) + 3;
    else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      text(xml.slice(lt + 9, end));
      at = end + 3;
    } else if (xml.startsWith('<?', lt)) at = xml.indexOf('?>', lt) + 2;
    else if (xml[lt + 1] === '/') {
      const done = stack.pop()!;
      scope = stack.length > 0 ? stack[stack.length - 1]!.scope : scope;
      if (stack.length === 0) root = done.element;
      at = xml.indexOf('>', lt) + 1;
    } else {
      let i = lt + 1;
      while (i < xml.length && !/[\s/>]/.test(xml[i]!)) i++;
      const tagName = xml.slice(lt + 1, i);
      const attributes: LightAttribute[] = [];
      for (;;) {
        ATTRIBUTE.lastIndex = i;
        const a = ATTRIBUTE.exec(xml);
        if (!a) break;
        attributes.push({ name: a[1]!, value: attributeValueOf(a[3] ?? a[4] ?? ''), prefix: null, localName: a[1]!, namespaceURI: null });
        i = ATTRIBUTE.lastIndex;
      }
      let own: Map<string, string> | undefined;
      for (const a of attributes) {
        if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) (own ??= new Map(scope)).set(a.name === 'xmlns' ? '' : a.name.slice(6), a.value);
      }
      const elementScope = own ?? scope;
      for (const a of attributes) {
        const q = qualified(a.name);
        a.prefix = q.prefix;
        a.localName = q.localName;
        if (a.name === 'xmlns' || q.prefix === 'xmlns') a.namespaceURI = XMLNS_NAMESPACE;
        else if (q.prefix !== null) {
          const uri = elementScope.get(q.prefix);
          if (uri === undefined) return { problem: `the prefix ${q.prefix} of attribute ${a.name} is not declared` };
          a.namespaceURI = uri;
        }
      }
      const { prefix, localName } = qualified(tagName);
      const namespace = elementScope.get(prefix ?? '');
      if (prefix && namespace === undefined) return { problem: `the prefix ${prefix} of <${tagName}> is not declared` };
      const element = new LightElement(tagName, namespace || null, prefix, localName, attributes, elementScope);
      if (stack.length > 0) stack[stack.length - 1]!.element.append(element);
      const close = xml.indexOf('>', i);
      if (xml[close - 1] === '/') {
        if (stack.length === 0) root = element;
      } else {
        stack.push({ element, scope: elementScope });
        scope = elementScope;
      }
      at = close + 1;
    }
  }
  return root ?? { problem: 'no root element' };
}

/**
 * The root as the DOM's `Element` type, for readers written against the DOM (dom-children.ts):
 * the light tree has the members they use (listed above), not the whole interface.
 */
export function parseLightElement(xml: string): { root: Element } | { problem: string } {
  const light = parseLight(xml);
  return 'problem' in light ? light : { root: light as unknown as Element };
}
