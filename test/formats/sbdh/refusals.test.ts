import { expect } from 'chai';
import { readSbdh } from '../../../src/formats/sbdh/read.js';
import { SbdhError } from '../../../src/formats/sbdh/sbdh-error.js';
import { sbdhFor } from '../../../src/formats/sbdh/write.js';
import { SBDH_CASES } from './sbdh-cases.js';

// What a receiving access point refuses, each with its code: a good envelope, changed in one place.

const c = SBDH_CASES[0]!;
const good = sbdhFor(c.facts, c.payload);

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (err) {
    if (!(err instanceof SbdhError)) throw err;
    return err.code;
  }
  return undefined;
}

const withoutScope = (type: string) => good.replace(new RegExp(`<sh:Scope>\\s*<sh:Type>${type}</sh:Type>[\\s\\S]*?</sh:Scope>\\s*`), '');

describe('SBDH: what the reader refuses', () => {
  it('reads the unchanged envelope (the cases below differ from it in one place)', () => {
    expect(codeOf(() => readSbdh(good))).to.equal(undefined);
  });

  it('SBDH-001: text that is not XML, another root element', () => {
    expect(codeOf(() => readSbdh(good.slice(0, 200)))).to.equal('SBDH-001');
    expect(codeOf(() => readSbdh(c.payload))).to.equal('SBDH-001');
  });

  it('SBDH-002: a HeaderVersion other than 1.0', () => {
    expect(codeOf(() => readSbdh(good.replace('<sh:HeaderVersion>1.0<', '<sh:HeaderVersion>2.0<')))).to.equal('SBDH-002');
  });

  it('SBDH-003: a sender or receiver without the authority iso6523-actorid-upis, or a second receiver', () => {
    expect(codeOf(() => readSbdh(good.replace('<sh:Identifier Authority="iso6523-actorid-upis">9930:DE987654321', '<sh:Identifier>9930:DE987654321')))).to.equal('SBDH-003');
    expect(codeOf(() => readSbdh(good.replace('<sh:Identifier Authority="iso6523-actorid-upis">9930:DE123456789', '<sh:Identifier Authority="GLN">9930:DE123456789')))).to.equal('SBDH-003');
    expect(codeOf(() => readSbdh(good.replace(/(<sh:Receiver>[\s\S]*?<\/sh:Receiver>)/, '$1$1')))).to.equal('SBDH-003');
  });

  for (const type of ['DOCUMENTID', 'PROCESSID', 'COUNTRY_C1']) {
    it(`SBDH-004: the scope ${type} missing`, () => {
      expect(codeOf(() => readSbdh(withoutScope(type)))).to.equal('SBDH-004');
    });
  }

  it('SBDH-004: a document type id scheme other than busdox-docid-qns, a scope twice', () => {
    expect(codeOf(() => readSbdh(good.replace('<sh:Identifier>busdox-docid-qns<', '<sh:Identifier>other-scheme<')))).to.equal('SBDH-004');
    expect(codeOf(() => readSbdh(good.replace(/(<sh:Scope>\s*<sh:Type>COUNTRY_C1[\s\S]*?<\/sh:Scope>)/, '$1$1')))).to.equal('SBDH-004');
  });

  it('SBDH-005: a document type that is not the payload\'s (DOCUMENTID, Standard, Type, TypeVersion)', () => {
    expect(codeOf(() => readSbdh(good.replace('Invoice-2::Invoice##urn:cen.eu', 'CreditNote-2::CreditNote##urn:cen.eu')))).to.equal('SBDH-005');
    expect(codeOf(() => readSbdh(good.replace(/poacc:billing:3\.0::2\.1/, 'poacc:selfbilling:3.0::2.1')))).to.equal('SBDH-005');
    expect(codeOf(() => readSbdh(good.replace('<sh:Type>Invoice</sh:Type>', '<sh:Type>CreditNote</sh:Type>')))).to.equal('SBDH-005');
    expect(codeOf(() => readSbdh(good.replace('<sh:TypeVersion>2.1<', '<sh:TypeVersion>2.0<')))).to.equal('SBDH-005');
    // The payload's CustomizationID changed, the header left as it was.
    expect(codeOf(() => readSbdh(good.replace('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0<', '<cbc:CustomizationID>urn:cen.eu:en16931:2017<')))).to.equal('SBDH-005');
  });

  it('SBDH-006: no business document after the header', () => {
    expect(codeOf(() => readSbdh(good.replace(/<\/sh:StandardBusinessDocumentHeader>[\s\S]*<\/sh:StandardBusinessDocument>/, '</sh:StandardBusinessDocumentHeader>\n</sh:StandardBusinessDocument>')))).to.equal('SBDH-006');
  });

  it('SBDH-007: a C1 country that is not alpha-2, an MLS_TYPE outside its list, a time without its zone', () => {
    expect(codeOf(() => readSbdh(good.replace('<sh:InstanceIdentifier>DE<', '<sh:InstanceIdentifier>DEU<')))).to.equal('SBDH-007');
    expect(codeOf(() => readSbdh(sbdhFor({ ...c.facts, mlsType: 'FAILURE_ONLY' }, c.payload).replace('FAILURE_ONLY', 'NEVER')))).to.equal('SBDH-007');
    expect(codeOf(() => readSbdh(good.replace(/(<sh:CreationDateAndTime>[^<]*)Z</, '$1<')))).to.equal('SBDH-007');
  });

  it('the writer refuses what the reader would: a document type id that is not the payload\'s, a bad country or participant', () => {
    expect(codeOf(() => sbdhFor({ ...c.facts, documentTypeId: SBDH_CASES[1]!.facts.documentTypeId }, c.payload))).to.equal('SBDH-005');
    expect(codeOf(() => sbdhFor({ ...c.facts, countryC1: 'de' }, c.payload))).to.equal('SBDH-007');
    expect(codeOf(() => sbdhFor({ ...c.facts, receiver: 'DE123456789' }, c.payload))).to.equal('SBDH-003');
  });
});
