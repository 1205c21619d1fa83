import { isEuVatPrefix } from '../../src/code-lists/eu-members.js';

// Code lists FA(3) writes that EN 16931 does not have.

/**
 * KodUE, the VAT prefix of a buyer in another member state (art. 106e ust. 1 pkt 24): an EU VAT
 * prefix (Greece EL, Northern Ireland XI), but not PL. FA(3)'s TKodyKrajowUE lists PL too, for
 * the seller's own PrefiksPodatnika; a Polish buyer is named by its NIP (Podmiot2's NIP, so
 * KSeF makes the invoice available to it), never as an EU buyer.
 */
export const isOtherMemberPrefix = (prefix: string): boolean => prefix !== 'PL' && isEuVatPrefix(prefix);

/** P_8A is free text: the Polish abbreviation of the common UN/ECE Rec 20 units, else the code itself. */
const UNITS: Readonly<Record<string, string>> = {
  C62: 'szt.', H87: 'szt.', EA: 'szt.', XPP: 'szt.', HUR: 'godz.', DAY: 'dzień', WEE: 'tydz.', MON: 'mies.', ANN: 'rok',
  KGM: 'kg', GRM: 'g', TNE: 't', MTR: 'm', MTK: 'm2', MTQ: 'm3', LTR: 'l', KWH: 'kWh', MIN: 'min', SET: 'kpl.',
};

export function unitName(code: string): string {
  return UNITS[code] ?? code;
}
