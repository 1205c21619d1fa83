import { expect } from 'chai';
import { parse, v5 } from 'uuid';
import { nameUuid } from '../../src/lib/name-uuid.js';

// nameUuid makes NEMHANDEL's document UUIDs (cbc:UUID) without uuid's v5(): the same UUID for
// every name, whatever its characters, or a re-rendered document would change its identity.

describe('nameUuid: RFC 9562 version 5', () => {
  const namespaces = ['c9b7f0f4-5e0a-4d1c-9a53-0f1d6d3e2b71', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'];
  const names = ['', 'a', 'GLN:5798009811578/Invoice/DK-2025-0101', 'DK:CVR:DK25313704/CreditNote/Kreditnota 7', 'Tavleleverandøren ÆØÅ æøå', 'emoji 🧾 and 中文', 'x'.repeat(300)];

  it('is what uuid v5 gives for each namespace and name (ASCII, Latin-1, beyond the BMP, long)', () => {
    for (const ns of namespaces) {
      for (const name of names) expect(nameUuid(parse(ns), name), `${ns} ${name}`).to.equal(v5(name, ns));
    }
  });

  it('sets the version (5) and the variant (8, 9, a or b) over a spread of names', () => {
    const ns = parse(namespaces[0]!);
    for (let i = 0; i < 500; i++) {
      const name = `GLN:579800981${i}/Invoice/${i * 7919}`;
      const uuid = nameUuid(ns, name);
      expect(uuid).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(uuid).to.equal(v5(name, namespaces[0]!));
    }
  });
});
