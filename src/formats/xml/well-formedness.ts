// Whether a received business document is well-formed XML 1.0, checked in one pass over its text
// without building anything: one root element, every element closed in order with its own name,
// attributes written name="value" (or 'value'), each once per element, no `<` in a value, entity
// references among the five XML predefines (a business document has no DTD to declare more) or
// character references to a character XML allows, comments, CDATA sections and processing
// instructions closed, no document type declaration, no text outside the root but white space.
// A receiving access point checks this of every payload it keeps; a DOM parser or a general
// validator took a large share of a received message's time (test/bench/as4.ts). Namespaces are
// not checked here (the root's are, by xml/root-scan.ts).

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;
const NAME = /^[A-Za-z_:\u00C0-\uFFFF][A-Za-z0-9_:.\-\u00B7\u00C0-\uFFFF]*$/;
const TAG_NAME = /[^\s/>]+/y;
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*("[^"<]*"|'[^'<]*')/y;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function allowedCharacter(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

/** The problem of text between markup (`&` not starting a reference, `]]>`), or undefined. */
function textProblem(xml: string, from: number, to: number): string | undefined {
  // Searched within the text only: indexOf on the whole document would scan to its end each time.
  const text = xml.slice(from, to);
  for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', amp + 1)) {
    const problem = referenceProblem(text, amp);
    if (problem) return problem;
  }
  const cdataEnd = text.indexOf(']]>');
  return cdataEnd >= 0 ? `"]]>" in text at offset ${from + cdataEnd}` : undefined;
}

function referenceProblem(xml: string, at: number): string | undefined {
  REFERENCE.lastIndex = at;
  const m = REFERENCE.exec(xml);
  if (!m) return `an "&" that starts no predefined entity or character reference at offset ${at}`;
  if (m[1]) return undefined;
  const code = m[2] ? Number(m[2]) : parseInt(m[3]!, 16);
  return allowedCharacter(code) ? undefined : `the character reference ${m[0]} names a character XML does not allow`;
}

/**
 * undefined when `xml` is a well-formed document, else the first problem found. `embedded`: the
 * text is a document carried inside another (an SBDH's payload), where an XML declaration cannot be.
 */
export function wellFormednessProblem(xml: string, embedded = false): string | undefined {
  if (FORBIDDEN_CHAR.test(xml)) return 'a character XML does not allow';
  const open: string[] = [];
  let rootSeen = false;
  let at = 0;
  for (;;) {
    const lt = xml.indexOf('<', at);
    const textEnd = lt < 0 ? xml.length : lt;
    if (open.length === 0) {
      if (!/^\uFEFF?\s*$/.test(xml.slice(at, textEnd))) return `text outside the root element at offset ${at}`;
    } else {
      const problem = textProblem(xml, at, textEnd);
      if (problem) return problem;
    }
    if (lt < 0) break;
    at = lt;
    if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at + 4);
      if (end < 0) return `a comment is not closed (offset ${at})`;
      if (xml.slice(at + 4, end).includes('--')) return `"--" inside a comment (offset ${at})`;
      at = end + 3;
    } else if (xml.startsWith('<![CDATA[', at)) {
      if (open.length === 0) return `a CDATA section outside the root element (offset ${at})`;
      const end = xml.indexOf(']]>', at + 9);
      if (end < 0) return `a CDATA section is not closed (offset ${at})`;
      at = end + 3;
    } else if (xml.startsWith('<?', at)) {
      const end = xml.indexOf('?>', at + 2);
      if (end < 0) return `a processing instruction is not closed (offset ${at})`;
      const target = /^[^\s?]+/.exec(xml.slice(at + 2, end))?.[0] ?? '';
      if (!NAME.test(target)) return `a processing instruction without a target name (offset ${at})`;
      const atStart = !embedded && (at === 0 || (at === 1 && xml[0] === '\uFEFF'));
      if (target.toLowerCase() === 'xml' && (!atStart || target !== 'xml')) return `an XML declaration not at the start of the document (offset ${at})`;
      at = end + 2;
    } else if (xml.startsWith('<!', at)) {
      return `a document type declaration or other markup declaration (offset ${at}), which a business document may not have`;
    } else if (xml[at + 1] === '/') {
      const end = xml.indexOf('>', at);
      if (end < 0) return `an end tag is not closed (offset ${at})`;
      const name = xml.slice(at + 2, end).trimEnd();
      const expected = open.pop();
      if (name !== expected) return expected === undefined ? `the end tag </${name}> closes no element (offset ${at})` : `the end tag </${name}> where </${expected}> was due (offset ${at})`;
      at = end + 1;
    } else {
      if (!NAME_START.test(xml[at + 1] ?? '')) return `"<" that starts no markup at offset ${at}`;
      TAG_NAME.lastIndex = at + 1;
      const name = TAG_NAME.exec(xml)![0];
      let i = TAG_NAME.lastIndex;
      if (!NAME.test(name)) return `the element name "${name}" is not an XML name (offset ${at})`;
      const seen = new Set<string>();
      for (;;) {
        ATTRIBUTE.lastIndex = i;
        const a = ATTRIBUTE.exec(xml);
        if (!a || a.index !== i) break;
        if (!/^\s/.test(xml[i] ?? '')) return `attributes of <${name}> not separated by white space (offset ${i})`;
        if (!NAME.test(a[1]!)) return `the attribute name "${a[1]}" of <${name}> is not an XML name`;
        if (seen.has(a[1]!)) return `the attribute ${a[1]} twice on <${name}>`;
        seen.add(a[1]!);
        const value = a[2]!;
        const problem = textProblem(value, 0, value.length);
        if (problem && !problem.startsWith('"]]>"')) return `${problem} in attribute ${a[1]} of <${name}>`;
        i = ATTRIBUTE.lastIndex;
      }
      while (/\s/.test(xml[i] ?? '')) i++;
      const selfClosing = xml[i] === '/';
      if (selfClosing) i++;
      if (xml[i] !== '>') return `the start tag <${name}> is not well-formed (offset ${i})`;
      if (open.length === 0) {
        if (rootSeen) return `a second root element <${name}> (offset ${at})`;
        rootSeen = true;
      }
      if (!selfClosing) open.push(name);
      at = i + 1;
    }
  }
  if (open.length > 0) return `the element <${open[open.length - 1]}> is not closed`;
  return rootSeen ? undefined : 'no root element';
}
