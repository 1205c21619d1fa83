import { luhnCheckDigit } from './luhn.js';

// Spanish tax identification numbers (NIF), Orden EHA/451/2008: a natural person's DNI (8 digits
// and a check letter), a foreigner's NIE (X, Y or Z, 7 digits, letter), the K/L/M forms, and a
// legal entity's NIF (formerly CIF: an entity letter, 7 digits and a control digit or letter).
// The AEAT refuses a NIF whose check character does not match, so every driver that writes one
// checks it here first.

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const DNI = /^[0-9]{8}[A-Z]$/;
const NIE = /^[XYZ][0-9]{7}[A-Z]$/;
const KLM = /^[KLM][0-9]{7}[A-Z]$/;
const ENTITY = /^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9A-J]$/;
/** Entities whose control character is always a letter (public bodies, foreign entities…) or always a digit. */
const LETTER_CONTROL = new Set(['N', 'P', 'Q', 'R', 'S', 'W']);
const DIGIT_CONTROL = new Set(['A', 'B', 'E', 'H']);

/** The NIF in a VAT number or tax id as written (`ES B-12345674` → `B12345674`). */
export function nifOf(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '').replace(/^ES/, '');
}

/** Written as a NIF (nine characters: a letter or digit, seven digits, a letter or digit), valid or not. */
export function isNifForm(nif: string): boolean {
  return /^[0-9A-Z][0-9]{7}[0-9A-Z]$/.test(nif);
}

/** A NIF of one of the forms above whose check character matches. */
export function isNif(nif: string): boolean {
  if (DNI.test(nif)) return LETTERS[Number(nif.slice(0, 8)) % 23] === nif[8];
  if (NIE.test(nif)) return LETTERS[Number('XYZ'.indexOf(nif[0]!) + nif.slice(1, 8)) % 23] === nif[8];
  if (KLM.test(nif)) return LETTERS[Number(nif.slice(1, 8)) % 23] === nif[8];
  if (!ENTITY.test(nif)) return false;
  const digit = luhnCheckDigit(nif.slice(1, 8));
  const letter = 'JABCDEFGHI'[digit]!;
  const control = nif[8]!;
  if (LETTER_CONTROL.has(nif[0]!)) return control === letter;
  if (DIGIT_CONTROL.has(nif[0]!)) return control === String(digit);
  return control === letter || control === String(digit);
}

/** F for a natural person's NIF (DNI, NIE, K/L/M), J for a legal entity's. */
export function personTypeOf(nif: string): 'F' | 'J' {
  return DNI.test(nif) || NIE.test(nif) || KLM.test(nif) ? 'F' : 'J';
}
