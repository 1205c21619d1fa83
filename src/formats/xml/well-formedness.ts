// Whether a received business document is well-formed XML 1.0, checked in one pass over its text
// without building anything: one root element, every element closed in order with its own name,
// attributes written name="value" (or 'value'), each once per element, no `<` in a value, entity
// references among the five XML predefines (a business document has no DTD to declare more) or
// character references to a character XML allows, comments, CDATA sections and processing
// instructions closed, no document type declaration, no text outside the root but white space.
// A receiving access point checks this of every payload it keeps; a DOM parser or a general
// validator took a large share of a received message's time (test/bench/as4.ts). Namespaces are
// not checked here (the root's are, by xml/root-scan.ts).

const NAME = /^[A-Za-z_:\u00C0-\uFFFF][A-Za-z0-9_:.\-\u00B7\u00C0-\uFFFF]*$/;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Whether `c` may start an XML name (ASCII letters, `_`, `:`, and beyond U+00BF as XML 1.0 5th edition allows most). */
const nameStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0xc0;
/** Whether `c` may continue an XML name (also digits, `-`, `.`, `·`). */
const nameChar = (c: number) => nameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0xb7;

/** The end of the XML name starting at `from` (after its last character), or -1 when none starts there. */
function nameEnd(xml: string, from: number): number {
  if (!nameStart(xml.charCodeAt(from))) return -1;
  let i = from + 1;
  while (i < xml.length && nameChar(xml.charCodeAt(i))) i++;
  return i;
}

/** No more of what was searched for in the rest of the document. */
const NONE = -2;
const found = (index: number) => (index >= 0 ? index : NONE);

/** XML's white space: space, tab, line feed, carriage return. */
const isSpace = (c: number) => c === 0x20 || c === 0x9 || c === 0xa || c === 0xd;

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
  // The next "&" and "]]>" at or after the current text, found once and moved forward: searching
  // each text node alone would cost a slice per node, searching the rest of the document each time
  // would be quadratic.
  let amp = -1;
  let cdataEnd = -1;
  for (;;) {
    const lt = xml.indexOf('<', at);
    const textEnd = lt < 0 ? xml.length : lt;
    if (open.length === 0) {
      if (!/^\uFEFF?\s*$/.test(xml.slice(at, textEnd))) return `text outside the root element at offset ${at}`;
    } else {
      if (amp !== NONE && amp < at) amp = found(xml.indexOf('&', at));
      while (amp >= 0 && amp < textEnd) {
        const problem = referenceProblem(xml, amp);
        if (problem) return problem;
        amp = found(xml.indexOf('&', amp + 1));
      }
      if (cdataEnd !== NONE && cdataEnd < at) cdataEnd = found(xml.indexOf(']]>', at));
      if (cdataEnd >= 0 && cdataEnd < textEnd) return `"]]>" in text at offset ${cdataEnd}`;
    }
    if (lt < 0) break;
    at = lt;
    // Dispatched on the character after "<": one comparison per tag, not four string searches.
    const next = xml.charCodeAt(at + 1);
    if (next === 0x21 /* ! */) {
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
      } else {
        return `a document type declaration or other markup declaration (offset ${at}), which a business document may not have`;
      }
    } else if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', at + 2);
      if (end < 0) return `a processing instruction is not closed (offset ${at})`;
      const target = /^[^\s?]+/.exec(xml.slice(at + 2, end))?.[0] ?? '';
      if (!NAME.test(target)) return `a processing instruction without a target name (offset ${at})`;
      const atStart = !embedded && (at === 0 || (at === 1 && xml[0] === '\uFEFF'));
      if (target.toLowerCase() === 'xml' && (!atStart || target !== 'xml')) return `an XML declaration not at the start of the document (offset ${at})`;
      at = end + 2;
    } else if (next === 0x2f /* / */) {
      const expected = open.pop();
      let i = at + 2 + (expected?.length ?? 0);
      if (expected === undefined || !xml.startsWith(expected, at + 2)) {
        const end = xml.indexOf('>', at);
        const name = xml.slice(at + 2, end < 0 ? undefined : end).trimEnd();
        return expected === undefined ? `the end tag </${name}> closes no element (offset ${at})` : `the end tag </${name}> where </${expected}> was due (offset ${at})`;
      }
      while (isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== 0x3e /* > */) return `the end tag </${expected}> is not closed where its name ends (offset ${i})`;
      at = i + 1;
    } else {
      let i = nameEnd(xml, at + 1);
      if (i < 0) return `"<" that starts no markup at offset ${at}`;
      const name = xml.slice(at + 1, i);
      const after = xml.charCodeAt(i);
      if (!isSpace(after) && after !== 0x2f && after !== 0x3e) return `the element name of <${name}… is not an XML name (offset ${at})`;
      let seen: string[] | undefined;
      for (;;) {
        // An attribute: white space, a name, `=` (white space around it allowed), a quoted value.
        let j = i;
        while (isSpace(xml.charCodeAt(j))) j++;
        if (j === i) break;
        const nameStop = nameEnd(xml, j);
        if (nameStop < 0) {
          i = j;
          break;
        }
        const attribute = xml.slice(j, nameStop);
        j = nameStop;
        while (isSpace(xml.charCodeAt(j))) j++;
        if (xml.charCodeAt(j) !== 0x3d /* = */) return `the attribute ${attribute} of <${name}> has no value (offset ${j})`;
        j++;
        while (isSpace(xml.charCodeAt(j))) j++;
        const quote = xml.charCodeAt(j);
        if (quote !== 0x22 && quote !== 0x27) return `the value of attribute ${attribute} of <${name}> is not quoted (offset ${j})`;
        const close = xml.indexOf(quote === 0x22 ? '"' : "'", j + 1);
        if (close < 0) return `the value of attribute ${attribute} of <${name}> is not closed`;
        const value = xml.slice(j + 1, close);
        if (value.includes('<')) return `"<" in the value of attribute ${attribute} of <${name}>`;
        if (seen?.includes(attribute)) return `the attribute ${attribute} twice on <${name}>`;
        (seen ??= []).push(attribute);
        if (value.includes('&')) {
          const problem = textProblem(value, 0, value.length);
          if (problem && !problem.startsWith('"]]>"')) return `${problem} in attribute ${attribute} of <${name}>`;
        }
        i = close + 1;
      }
      while (isSpace(xml.charCodeAt(i))) i++;
      const selfClosing = xml.charCodeAt(i) === 0x2f;
      if (selfClosing) i++;
      if (xml.charCodeAt(i) !== 0x3e) return `the start tag <${name}> is not well-formed (offset ${i})`;
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
