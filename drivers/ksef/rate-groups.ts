import type { TaxCategory } from '../../src/formats/en16931/model.js';

// Where an EN 16931 VAT category and rate land in FA(3): the line's `P_12` code and the invoice's
// `P_13_x` / `P_14_x` pair. Polish rates only: 23 (22) basic, 8 (7) and 5 reduced, 4 (3) the
// taxi flat rate; 0 % split by kind (domestic, intra-Community supply of goods, export); exempt
// `zw`; reverse charge `oo` at home, `np II` for services to a taxable person in another member
// state (art. 100 ust. 1 pkt 4, the buyer accounts for the VAT); outside Poland's scope `np I`.

/** The FA(3) sum a line adds to: `1` is P_13_1/P_14_1 … `6_2` is P_13_6_2 (no tax field). */
export type RateGroup = '1' | '2' | '3' | '4' | '6_1' | '6_2' | '6_3' | '7' | '8' | '9' | '10';

export interface PolishRate {
  /** `P_12` of the line: `23`, `0 WDT`, `zw`, `oo`, `np II` … */
  code: string;
  group: RateGroup;
}

/** Groups that carry a tax amount (P_14_x); the others have a base only. */
export const TAXED_GROUPS: ReadonlySet<RateGroup> = new Set(['1', '2', '3', '4']);
/** The order of the sums in `Fa` (the schema's sequence). */
export const GROUP_ORDER: readonly RateGroup[] = ['1', '2', '3', '4', '6_1', '6_2', '6_3', '7', '8', '9', '10'];

const STANDARD: Readonly<Record<string, RateGroup>> = { '23': '1', '22': '1', '8': '2', '7': '2', '5': '3', '4': '4', '3': '4' };

/**
 * The Polish rate of a category, or undefined for a rate Polish VAT does not have (a 19 % S
 * line). `buyerInPoland` decides between domestic reverse charge and a foreign buyer's.
 */
export function polishRate(c: TaxCategory, buyerInPoland: boolean): PolishRate | undefined {
  switch (c.id) {
    case 'S': {
      const rate = c.percent?.toString();
      const group = rate === undefined ? undefined : STANDARD[rate];
      return group && rate ? { code: rate, group } : undefined;
    }
    case 'Z':
      return { code: '0 KR', group: '6_1' };
    case 'K':
      return { code: '0 WDT', group: '6_2' };
    case 'G':
      return { code: '0 EX', group: '6_3' };
    case 'E':
      return { code: 'zw', group: '7' };
    case 'AE':
      return buyerInPoland ? { code: 'oo', group: '10' } : { code: 'np II', group: '9' };
    case 'O':
    case 'L':
    case 'M':
      return { code: 'np I', group: '8' };
    default:
      return undefined;
  }
}
