import { expect } from 'chai';
import { readSbdh } from '../../../src/formats/sbdh/read.js';
import { payloadText, sbdhFor } from '../../../src/formats/sbdh/write.js';
import { SBDH_CASES } from './sbdh-cases.js';

// Written, then read back: the same facts, and the business document byte for byte (the golden
// without its XML declaration line), so what AS4 delivers is exactly what was rendered.

describe('SBDH: written and read back', () => {
  for (const c of SBDH_CASES) {
    it(`${c.name}: the same facts and the same business document bytes`, () => {
      const envelope = sbdhFor(c.facts, c.payload);
      const read = readSbdh(envelope);
      expect(read.facts).to.deep.equal(c.facts);
      expect(read.businessDocument).to.equal(c.payload.slice(c.payload.indexOf('\n') + 1));
      expect(read.businessDocument).to.equal(payloadText(c.payload));
    });
  }

  it('keeps the business document as written, not as a parser would write it again (references, comments, quotes)', () => {
    const c = SBDH_CASES[0]!;
    const payload = c.payload.replace('<cbc:Note>Payment due in 28 days.</cbc:Note>', "<cbc:Note>Due in 28 days &#x2014; &#8364;5 &gt; 0<!-- as typed --></cbc:Note>").replace('<cbc:EndpointID schemeID="9930">', "<cbc:EndpointID schemeID='9930'>");
    expect(payload).to.not.equal(c.payload);
    expect(readSbdh(sbdhFor(c.facts, payload)).businessDocument).to.equal(payloadText(payload));
  });

  it('the optional message level response scopes of 2.0.2 (MLS_TO, MLS_TYPE) travel too', () => {
    const c = SBDH_CASES[0]!;
    const facts = { ...c.facts, mlsTo: '0242:000001', mlsType: 'FAILURE_ONLY' as const };
    const envelope = sbdhFor(facts, c.payload);
    expect(envelope).to.contain('<sh:Type>MLS_TO</sh:Type>').and.contain('<sh:Identifier>iso6523-actorid-upis</sh:Identifier>');
    expect(readSbdh(envelope).facts).to.deep.equal(facts);
  });

  it("NemHandel's process scheme (oioubl-procid-ubl) travels as the PROCESSID scope's Identifier; a scheme of neither network is refused both ways", () => {
    const c = SBDH_CASES[0]!;
    const facts = { ...c.facts, processId: 'Procurement-BilSim-1.0', processScheme: 'oioubl-procid-ubl' };
    const envelope = sbdhFor(facts, c.payload);
    expect(envelope).to.match(/<sh:InstanceIdentifier>Procurement-BilSim-1.0<\/sh:InstanceIdentifier>\s*<sh:Identifier>oioubl-procid-ubl<\/sh:Identifier>/);
    expect(readSbdh(envelope).facts).to.deep.equal(facts);
    expect(() => sbdhFor({ ...facts, processScheme: 'nes-procid-ubl' }, c.payload)).to.throw(/SBDH-004.*nes-procid-ubl/);
    expect(() => readSbdh(envelope.replace('>oioubl-procid-ubl<', '>nes-procid-ubl<'))).to.throw(/SBDH-004.*nes-procid-ubl/);
  });

  it('reads an envelope in the default namespace with an offset creation time, as other access points write it', () => {
    const c = SBDH_CASES[0]!;
    const envelope = sbdhFor(c.facts, c.payload)
      .replace(/<(\/?)sh:/g, '<$1')
      .replace('xmlns:sh=', 'xmlns=')
      .replace(/<CreationDateAndTime>[^<]*</, '<CreationDateAndTime>2025-12-01T01:00:00+01:00<');
    const read = readSbdh(envelope);
    expect(read.facts).to.deep.equal(c.facts);
    expect(read.businessDocument).to.equal(payloadText(c.payload));
  });
});
