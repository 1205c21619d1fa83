import { DOMParser } from '@xmldom/xmldom';

// Parsing text that must be well-formed XML (a signed message, an envelope): @xmldom/xmldom,
// namespace-aware, with every error and warning a refusal: xmldom 0.8 reports some faults of
// well-formedness (an unclosed element) only as warnings, and recovers from others.

/** A document parsed by parseWellFormed. */
export interface WellFormed {
  doc: Document;
  root: Element;
}

/** The document and its root element, or the parser's first complaint. */
export function parseWellFormed(xml: string): WellFormed | { problem: string } {
  let problem: string | undefined;
  const fail = (message: string) => {
    problem ??= message.trim();
  };
  let doc: Document | undefined;
  try {
    doc = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  const root = doc?.documentElement;
  if (problem !== undefined || !doc || !root) return { problem: problem ?? 'no root element' };
  return { doc, root };
}
