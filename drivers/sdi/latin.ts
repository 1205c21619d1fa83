// FatturaPA's text fields are Latin-1 (`[\p{IsBasicLatin}\p{IsLatin-1Supplement}]`), some only
// Basic Latin (the invoice number, codes). Text outside them is transliterated, never refused
// for that alone (../spec EXTENSIONS.md): typography to its ASCII form, letters to their base
// letter, anything else to `?`. Whitespace runs become one space, as the schema's
// normalizedString types read them anyway.

const TYPOGRAPHY: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2026': '...', '\u2022': '-', '\u00B7': '.', '\u20AC': 'EUR', '\u2122': 'TM', '\u2030': 'per mille',
  '\u0141': 'L', '\u0142': 'l', '\u0110': 'D', '\u0111': 'd', '\u0131': 'i', '\u0152': 'OE', '\u0153': 'oe',
  '\u0126': 'H', '\u0127': 'h', '\u014A': 'N', '\u014B': 'n', '\u0166': 'T', '\u0167': 't', '\u0138': 'q',
};

/** Latin-1 beyond ASCII, for the Basic Latin fields: letters lose their accents, ligatures open. */
const LATIN1_TO_ASCII: Readonly<Record<string, string>> = {
  '\u00C6': 'AE', '\u00E6': 'ae', '\u00D8': 'O', '\u00F8': 'o', '\u00DF': 'ss', '\u00D0': 'D', '\u00F0': 'd',
  '\u00DE': 'TH', '\u00FE': 'th', '\u00D7': 'x', '\u00F7': ':', '\u00A0': ' ',
};

const COMBINING = /[\u0300-\u036f]/g;
const SPACES = /[\s\u00A0\u2000-\u200B\u2028\u2029\u202F\u205F\u3000]+/g;

/** Printable Latin-1 words (no NBSP) between single spaces: text `latin1` gives back as it is (such text is NFC already). */
const PLAIN_LATIN1 = /^[\x21-\x7e\xa1-\xff]+(?: [\x21-\x7e\xa1-\xff]+)*$/;
/** The same in Basic Latin: what `basicLatin` gives back as it is. */
const PLAIN_ASCII = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/** The text in Latin-1, whitespace collapsed. */
export function latin1(text: string): string {
  if (PLAIN_LATIN1.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC').replace(SPACES, ' ')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else out += TYPOGRAPHY[ch] ?? baseLetters(ch) ?? '?';
  }
  return out.trim();
}

/** The text in Basic Latin (ASCII), whitespace collapsed. */
export function basicLatin(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  let out = '';
  for (const ch of latin1(text)) {
    const code = ch.codePointAt(0)!;
    out += code < 0x80 ? ch : (LATIN1_TO_ASCII[ch] ?? baseLetters(ch) ?? '?');
  }
  return out;
}

/** `ő` → `o`, `ș` → `s`: the letter without its marks, when what remains is ASCII. */
function baseLetters(ch: string): string | undefined {
  const base = ch.normalize('NFD').replace(COMBINING, '');
  return base !== ch && /^[\x20-\x7e]+$/.test(base) ? base : undefined;
}

/** Text cut into pieces of at most `size` characters (FatturaPA's repeatable Causale). */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size).trim());
  return out.filter((p) => p !== '');
}
