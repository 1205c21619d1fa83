import { C14nCanonicalization, C14nCanonicalizationWithComments, ExclusiveCanonicalization, ExclusiveCanonicalizationWithComments, type SignedXml } from 'xml-crypto';

// Canonical XML (and Exclusive Canonical XML, which takes its ordering rules) sorts an element's
// namespace declarations "lexicographically by local name", and defines lexicographic as by UCS
// code point (C14N 1.0 §2.2). xml-crypto 6 sorts them with String.prototype.localeCompare, a
// locale collation that puts `eb` before `S12`, where code points put `S12` (0x53) first. A
// signature over an element that declares mixed-case prefixes then fails: phase4's AS4 messages
// use `S12` beside `eb`, and its signed receipts do not verify with xml-crypto's own algorithm
// (fixtures/as4/transport/recorded). These canonicalizers differ from xml-crypto's only in that order; every
// SignedXml of ours uses them for the four canonicalization URIs.

type Prefixed = { prefix: string };
type Canonicalizer = { nsCompare(a: Prefixed, b: Prefixed): number };

function byCodePoint(a: Prefixed, b: Prefixed): number {
  return a.prefix === b.prefix ? 0 : a.prefix < b.prefix ? -1 : 1;
}

/**
 * xml-crypto's canonicalizer of that kind, ordering namespaces by code point. A constructor that
 * returns the instance it made: xml-crypto calls `new` on what it is given.
 */
function orderedByCodePoint<T extends Canonicalizer>(Base: new () => T): new () => T {
  return function make() {
    const canonicalizer = new Base();
    canonicalizer.nsCompare = byCodePoint;
    return canonicalizer;
  } as unknown as new () => T;
}

/** The SignedXml, canonicalizing as the specifications order namespaces (for signing and verifying alike). */
export function withCodePointC14n<T extends SignedXml>(signed: T): T {
  signed.CanonicalizationAlgorithms = {
    ...signed.CanonicalizationAlgorithms,
    'http://www.w3.org/2001/10/xml-exc-c14n#': orderedByCodePoint(ExclusiveCanonicalization),
    'http://www.w3.org/2001/10/xml-exc-c14n#WithComments': orderedByCodePoint(ExclusiveCanonicalizationWithComments),
    'http://www.w3.org/TR/2001/REC-xml-c14n-20010315': orderedByCodePoint(C14nCanonicalization),
    'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments': orderedByCodePoint(C14nCanonicalizationWithComments),
  };
  return signed;
}
