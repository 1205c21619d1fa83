import { expect } from 'chai';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';

describe('the checks every XML driver runs first', () => {
  const dateCodes = (date: string) => {
    const issues = new IssueList('PEPPOL');
    checkCommon({ issue_date: date, lines: [{ period: { start_date: date } }] }, 'PEPPOL', issues);
    return issues.items.map((i) => `${i.code} ${i.path}`);
  };

  it('takes the days of the Gregorian calendar, leap years by the 4/100/400 rule', () => {
    for (const date of ['2025-01-31', '2024-02-29', '2000-02-29', '1600-02-29', '2025-12-31', '2025-04-30', '0001-01-01', '9999-12-31']) {
      expect(dateCodes(date), date).to.deep.equal([]);
    }
  });

  it('refuses a well-formed date that is no day (PEPPOL-002, at its path)', () => {
    for (const date of ['2025-02-29', '2100-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '2025-01-32']) {
      expect(dateCodes(date), date).to.deep.equal(['PEPPOL-002 issue_date', 'PEPPOL-002 lines[0].period.start_date']);
    }
  });
});

describe('the text XML cannot carry', () => {
  const textCodes = (text: string) => {
    const issues = new IssueList('PEPPOL');
    checkCommon({ note: text }, 'PEPPOL', issues);
    return issues.items.map((i) => `${i.code} ${i.path}`);
  };

  it('refuses C0 controls but TAB, LF and CR, lone surrogates, U+FFFE and U+FFFF (PEPPOL-003)', () => {
    for (const text of ['a\u0000b', 'bell\u0007', '\u000B', '\u001F', 'x\uD800', '\uDC00x', 'lone \uDBFF high', 'U+FFFE \uFFFE', '\uFFFF']) {
      expect(textCodes(text), JSON.stringify(text)).to.deep.equal(['PEPPOL-003 note']);
    }
  });

  it('takes any other text: white space, pairs beyond the BMP, private use, the last characters before U+FFFE', () => {
    for (const text of ['tab\tline\nreturn\r', 'Ærø — 日本 €', '😀 \uD83D\uDE00', '\uE000\uF8FF', '\uFFFD', '\uD7FF', '']) {
      expect(textCodes(text), JSON.stringify(text)).to.deep.equal([]);
    }
  });
});
