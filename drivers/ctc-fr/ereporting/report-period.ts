import type { ReportPeriod } from './report-model.js';

// The transmission period that holds a date (Dossier général v3.2, Tableau 13): the date of the
// operation for transaction data (10.1, 10.3), the date of collection for payment data (10.2, 10.4).
//
// | regime              | transactions                     | payments          |
// | normal_monthly      | decade: 1–10, 11–20, 21–month end | calendar month    |
// | normal_quarterly    | calendar month                   | calendar month    |
// | simplified (RSI)    | calendar month                   | calendar month    |
// | franchise (en base) | calendar bimester from 1 January | the same bimester |

/** The entity's VAT regime: réel normal with monthly or quarterly returns, réel simplifié, franchise en base. */
export const VAT_REGIMES = ['normal_monthly', 'normal_quarterly', 'simplified', 'franchise'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

export type ReportData = 'transactions' | 'payments';

/** The period of `data` under `regime` that holds `date` (ISO `YYYY-MM-DD`). */
export function reportPeriod(regime: VatRegime, data: ReportData, date: string): ReportPeriod {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (regime === 'franchise') {
    // Bimesters start on odd months: January–February, March–April … November–December.
    const first = month % 2 === 1 ? month : month - 1;
    return { start: iso(year, first, 1), end: iso(year, first + 1, lastDay(year, first + 1)) };
  }
  if (regime === 'normal_monthly' && data === 'transactions') {
    if (day <= 10) return { start: iso(year, month, 1), end: iso(year, month, 10) };
    if (day <= 20) return { start: iso(year, month, 11), end: iso(year, month, 20) };
    return { start: iso(year, month, 21), end: iso(year, month, lastDay(year, month)) };
  }
  return { start: iso(year, month, 1), end: iso(year, month, lastDay(year, month)) };
}

/** The month's last day: day 0 of the next month, in UTC so no time zone moves it. */
function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
