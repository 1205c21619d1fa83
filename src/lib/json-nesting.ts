/**
 * How deep a JSON body or JSON field may nest objects and arrays. JSON.parse reads any depth, but
 * everything that walks the value afterwards (JSON.stringify, the schema checks, the renderers)
 * recurses, so a document nested thousands of levels deep would overflow the stack. No document
 * either API takes comes near it: an SPI document nests about ten levels.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `limit` (`{}` is one level), read in one
 * pass without recursion. Brackets inside strings do not count, and a backslash in a string
 * escapes the character after it. Text that is not JSON is not judged: its parser says so.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
