// UN/ECE Rec 20 unit codes as NAV's UnitOfMeasureType; any other unit is OWN with its code.

const UNITS: Readonly<Record<string, string>> = {
  C62: 'PIECE',
  H87: 'PIECE',
  EA: 'PIECE',
  KGM: 'KILOGRAM',
  TNE: 'TON',
  KWH: 'KWH',
  DAY: 'DAY',
  HUR: 'HOUR',
  MIN: 'MINUTE',
  MON: 'MONTH',
  LTR: 'LITER',
  KMT: 'KILOMETER',
  MTQ: 'CUBIC_METER',
  MTR: 'METER',
  LM: 'LINEAR_METER',
  CT: 'CARTON',
  PK: 'PACK',
};

export function unitOf(code: string): { nav: string; own?: string | undefined } {
  const nav = UNITS[code];
  return nav ? { nav } : { nav: 'OWN', own: code };
}
