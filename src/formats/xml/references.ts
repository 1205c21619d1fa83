// Entity and character references in XML text as a parser resolves them: the five predefined
// entities and numeric character references (a business document or an AS4 envelope has no DTD to
// declare more; an unknown one is left as written, for the well-formedness check to refuse).

const ENTITY: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeReferences(text: string): string {
  return text.includes('&')
    ? text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) =>
        ref.startsWith('#x') ? String.fromCodePoint(parseInt(ref.slice(2), 16)) : ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : (ENTITY[ref] ?? whole),
      )
    : text;
}
