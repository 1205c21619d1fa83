import { expect } from 'chai';
import { documentTypeIdOf } from '../../../src/formats/sbdh/document-type-id.js';
import { SbdhError } from '../../../src/formats/sbdh/sbdh-error.js';
import { SBDH_CASES } from './sbdh-cases.js';

// The document type ids of the Peppol Policy for use of Identifiers 4.4.0 (and the codelist's
// BIS Billing 3.0 and Invoice Response 3 entries), derived from the rendered goldens.

const payloadOf = (name: string) => SBDH_CASES.find((c) => c.name === name)!.payload;

describe('SBDH: the document type id of a rendered Peppol document', () => {
  it('an invoice: Invoice-2::Invoice with the BIS Billing 3.0 CustomizationID, UBL 2.1', () => {
    expect(documentTypeIdOf(payloadOf('spec-invoice'))).to.equal('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1');
  });

  it('a credit note: CreditNote-2::CreditNote with the same CustomizationID', () => {
    expect(documentTypeIdOf(payloadOf('spec-credit-note'))).to.equal('urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1');
  });

  it('an Invoice Response (T111): ApplicationResponse-2::ApplicationResponse with the invoice_response transaction', () => {
    expect(documentTypeIdOf(payloadOf('spec-application-response'))).to.equal('urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:invoice_response:3::2.1');
  });

  it('refuses a document without CustomizationID, one that is not UBL, and text that is not XML', () => {
    const codeOf = (xml: string) => {
      try {
        documentTypeIdOf(xml);
      } catch (err) {
        expect(err).to.be.instanceOf(SbdhError);
        return (err as SbdhError).code;
      }
      return undefined;
    };
    expect(codeOf(payloadOf('spec-invoice').replace(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, ''))).to.equal('SBDH-005');
    expect(codeOf('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>')).to.equal('SBDH-005');
    expect(codeOf('<Invoice>')).to.equal('SBDH-006');
  });
});
