import { child, children, parseLocal, text, type XmlTree } from '../../src/formats/xml/local-names.js';

// Reading the Online Számla API's answers (invoiceApi.xsd 3.0) by local names: the result of
// every answer, a GeneralErrorResponse or GeneralExceptionResponse, the token, the transaction
// id, and each invoice's processing result with its technical and business validation messages.

export interface ApiResult {
  funcCode: string;
  errorCode?: string | undefined;
  message?: string | undefined;
}

export interface ValidationMessage {
  /** CRITICAL, ERROR (technical); ERROR, WARN, INFO (business). */
  result: string;
  code?: string | undefined;
  message?: string | undefined;
  /** Where a business message points: the tag, its value, the line. */
  pointer?: { tag?: string | undefined; value?: string | undefined; line?: string | undefined } | undefined;
}

export interface ProcessingResult {
  index: number;
  /** RECEIVED, PROCESSING, SAVED, DONE, ABORTED. */
  status: string;
  technical: ValidationMessage[];
  business: ValidationMessage[];
}

export interface ApiAnswer {
  /** The root element's local name (TokenExchangeResponse, GeneralErrorResponse …). */
  root: string;
  result: ApiResult;
  tree: XmlTree;
  /** GeneralErrorResponse's technical messages (schema violations of the request). */
  technical: ValidationMessage[];
}

/** Reads any answer; undefined when the body is not XML with a result (a proxy's HTML page). */
export function readAnswer(body: string): ApiAnswer | undefined {
  let parsed: XmlTree;
  try {
    parsed = parseLocal(body);
  } catch {
    return undefined;
  }
  const root = Object.keys(parsed).find((k) => !k.startsWith('@') && !k.startsWith('?'));
  if (!root) return undefined;
  const tree = parsed[root] as XmlTree;
  // GeneralExceptionResponse is itself the result; the others carry one.
  const r = root === 'GeneralExceptionResponse' ? tree : child(tree, 'result');
  const funcCode = r && text(r, 'funcCode');
  if (!funcCode) return undefined;
  return { root, result: { funcCode, errorCode: text(r, 'errorCode'), message: text(r, 'message') }, tree, technical: children(tree, 'technicalValidationMessages').map(messageOf) };
}

function messageOf(m: XmlTree): ValidationMessage {
  const p = child(m, 'pointer');
  return {
    result: text(m, 'validationResultCode') ?? 'ERROR',
    code: text(m, 'validationErrorCode'),
    message: text(m, 'message'),
    pointer: p && { tag: text(p, 'tag'), value: text(p, 'value'), line: text(p, 'line') },
  };
}

export const tokenOf = (a: ApiAnswer) => ({ encoded: text(a.tree, 'encodedExchangeToken'), validTo: text(a.tree, 'tokenValidityTo') });

export const transactionIdOf = (a: ApiAnswer) => text(a.tree, 'transactionId');

export function processingResultsOf(a: ApiAnswer): ProcessingResult[] {
  return children(child(a.tree, 'processingResults'), 'processingResult').map((p) => ({
    index: Number(text(p, 'index')),
    status: text(p, 'invoiceStatus') ?? 'RECEIVED',
    technical: children(p, 'technicalValidationMessages').map(messageOf),
    business: children(p, 'businessValidationMessages').map(messageOf),
  }));
}

/** A message as one line: `WARN INCORRECT_COUNTY_CODE: … (invoiceHead/…/countyCode = 41, line 2)`. */
export function describe(m: ValidationMessage): string {
  const where = m.pointer && [m.pointer.tag && `${m.pointer.tag}${m.pointer.value ? ` = ${m.pointer.value}` : ''}`, m.pointer.line && `line ${m.pointer.line}`].filter(Boolean).join(', ');
  return `${m.result}${m.code ? ` ${m.code}` : ''}${m.message ? `: ${m.message}` : ''}${where ? ` (${where})` : ''}`;
}
