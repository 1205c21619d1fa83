import { expect } from 'chai';
import { reportPeriod, VAT_REGIMES } from '../../drivers/ctc-fr/ereporting/report-period.js';

// The transmission periods of Tableau 13 (Dossier général v3.2): decades for the transactions of
// a monthly réel normal, months otherwise, calendar bimesters for the franchise en base.

const period = (...args: Parameters<typeof reportPeriod>) => {
  const p = reportPeriod(...args);
  return `${p.start}..${p.end}`;
};

describe('CTC_FR e-reporting (flux 10): the period of a date per VAT regime', () => {
  it('names the four regimes in snake case', () => {
    expect(VAT_REGIMES).to.deep.equal(['normal_monthly', 'normal_quarterly', 'simplified', 'franchise']);
  });

  it('normal_monthly transactions: decades 1–10, 11–20, 21 to the month end (31, 30, 28, and 29 in a leap year)', () => {
    expect(period('normal_monthly', 'transactions', '2026-10-01')).to.equal('2026-10-01..2026-10-10');
    expect(period('normal_monthly', 'transactions', '2026-10-10')).to.equal('2026-10-01..2026-10-10');
    expect(period('normal_monthly', 'transactions', '2026-10-11')).to.equal('2026-10-11..2026-10-20');
    expect(period('normal_monthly', 'transactions', '2026-10-20')).to.equal('2026-10-11..2026-10-20');
    expect(period('normal_monthly', 'transactions', '2026-10-21')).to.equal('2026-10-21..2026-10-31');
    expect(period('normal_monthly', 'transactions', '2026-11-30')).to.equal('2026-11-21..2026-11-30');
    expect(period('normal_monthly', 'transactions', '2027-02-21')).to.equal('2027-02-21..2027-02-28');
    expect(period('normal_monthly', 'transactions', '2028-02-29')).to.equal('2028-02-21..2028-02-29');
    expect(period('normal_monthly', 'transactions', '2026-12-31')).to.equal('2026-12-21..2026-12-31');
  });

  it('normal_monthly payments, normal_quarterly and simplified: the calendar month', () => {
    expect(period('normal_monthly', 'payments', '2026-10-05')).to.equal('2026-10-01..2026-10-31');
    expect(period('normal_monthly', 'payments', '2028-02-10')).to.equal('2028-02-01..2028-02-29');
    for (const regime of ['normal_quarterly', 'simplified'] as const) {
      for (const data of ['transactions', 'payments'] as const) {
        expect(period(regime, data, '2026-09-30'), `${regime} ${data}`).to.equal('2026-09-01..2026-09-30');
        expect(period(regime, data, '2027-02-01'), `${regime} ${data}`).to.equal('2027-02-01..2027-02-28');
        expect(period(regime, data, '2028-02-15'), `${regime} ${data}`).to.equal('2028-02-01..2028-02-29');
        expect(period(regime, data, '2026-12-31'), `${regime} ${data}`).to.equal('2026-12-01..2026-12-31');
      }
    }
  });

  it('franchise: calendar bimesters from 1 January, for transactions and payments alike', () => {
    for (const data of ['transactions', 'payments'] as const) {
      expect(period('franchise', data, '2027-01-01')).to.equal('2027-01-01..2027-02-28');
      expect(period('franchise', data, '2027-02-28')).to.equal('2027-01-01..2027-02-28');
      expect(period('franchise', data, '2028-02-29')).to.equal('2028-01-01..2028-02-29');
      expect(period('franchise', data, '2026-09-01')).to.equal('2026-09-01..2026-10-31');
      expect(period('franchise', data, '2026-10-31')).to.equal('2026-09-01..2026-10-31');
      expect(period('franchise', data, '2026-11-15')).to.equal('2026-11-01..2026-12-31');
      expect(period('franchise', data, '2026-12-31')).to.equal('2026-11-01..2026-12-31');
      expect(period('franchise', data, '2027-04-30')).to.equal('2027-03-01..2027-04-30');
      expect(period('franchise', data, '2027-06-01')).to.equal('2027-05-01..2027-06-30');
      expect(period('franchise', data, '2027-07-31')).to.equal('2027-07-01..2027-08-31');
    }
  });
});
