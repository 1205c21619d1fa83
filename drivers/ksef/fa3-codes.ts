// Code lists FA(3) writes that EN 16931 does not have.

/** TKodyKrajowUE: the VAT prefixes of the other member states (Greece is EL, Northern Ireland XI); PL is the NIP's. */
export const EU_PREFIXES: ReadonlySet<string> = new Set(
  ['AT', 'BE', 'BG', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'EL', 'HR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'XI'],
);

/** P_8A is free text: the Polish abbreviation of the common UN/ECE Rec 20 units, else the code itself. */
const UNITS: Readonly<Record<string, string>> = {
  C62: 'szt.', H87: 'szt.', EA: 'szt.', XPP: 'szt.', HUR: 'godz.', DAY: 'dzień', WEE: 'tydz.', MON: 'mies.', ANN: 'rok',
  KGM: 'kg', GRM: 'g', TNE: 't', MTR: 'm', MTK: 'm2', MTQ: 'm3', LTR: 'l', KWH: 'kWh', MIN: 'min', SET: 'kpl.',
};

export function unitName(code: string): string {
  return UNITS[code] ?? code;
}
