import { expect } from 'chai';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSbdh } from '../../../src/formats/sbdh/read.js';
import { sbdhFor } from '../../../src/formats/sbdh/write.js';
import { UPDATE_GOLDENS } from '../../helpers/fixtures.js';
import { requireSbdhXsd, sbdhSchemaErrors } from '../../helpers/sbdh-xsd.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { validateFiles, validatorAvailable } from '../../helpers/validate-ubl.js';
import { SBDH_CASES, SBDH_GOLDENS_DIR } from './sbdh-cases.js';

// The SBDH goldens of fixtures/as4/transport/sbdh: each PEPPOL golden in its envelope, fixed clock and
// instance id. UPDATE_GOLDENS=1 rewrites them only after the envelope passes the SBDH 1.3 schema
// and the business document read back from it passes the official Peppol rules (T111 for the response).

const goldenOf = (name: string) => join(SBDH_GOLDENS_DIR, `${name}.xml`);
const rulesOf = (name: string) => (name.includes('application-response') ? 't111' : 'peppol');

/** The official rules' errors on the business document the envelope carries (declaration put back). */
function officialErrors(name: string, envelope: string): string[] {
  const file = join(tempDir('sbdh-payload'), `${name}.xml`);
  writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n${readSbdh(envelope).businessDocument}`);
  const [result] = validateFiles([file], rulesOf(name));
  return result!.valid ? [] : result!.errors.map((e) => `${e.id} ${e.message}`);
}

describe('SBDH goldens (fixtures/as4/transport/sbdh)', function () {
  if (UPDATE_GOLDENS) {
    before(async function () {
      this.timeout(300_000);
      requireSbdhXsd(this);
      if (!validatorAvailable()) throw new Error('UPDATE_GOLDENS needs ../shared/tools/validate-ubl to validate before writing');
      mkdirSync(SBDH_GOLDENS_DIR, { recursive: true });
      for (const c of SBDH_CASES) {
        const envelope = sbdhFor(c.facts, c.payload);
        expect(await sbdhSchemaErrors(`${c.name}.xml`, envelope), c.name).to.deep.equal([]);
        expect(officialErrors(c.name, envelope), c.name).to.deep.equal([]);
        writeFileSync(goldenOf(c.name), envelope);
      }
    });
  }

  for (const c of SBDH_CASES) {
    it(`${c.name}: written exactly as its golden`, () => {
      expect(existsSync(goldenOf(c.name)), `${goldenOf(c.name)} is missing: run UPDATE_GOLDENS=1 npm test`).to.equal(true);
      expect(sbdhFor(c.facts, c.payload)).to.equal(readFileSync(goldenOf(c.name), 'utf8'));
    });

    it(`${c.name}: the golden is valid against the UN/CEFACT SBDH 1.3 schema`, async function () {
      requireSbdhXsd(this);
      expect(await sbdhSchemaErrors(`${c.name}.xml`, readFileSync(goldenOf(c.name), 'utf8'))).to.deep.equal([]);
    });

    it(`${c.name}: the business document in the golden passes the official ${rulesOf(c.name)} rules`, function () {
      if (!validatorAvailable()) this.skip();
      this.timeout(120_000);
      expect(officialErrors(c.name, readFileSync(goldenOf(c.name), 'utf8'))).to.deep.equal([]);
    });
  }

  it('the schema check sees a broken envelope (a header without its Receiver)', async function () {
    requireSbdhXsd(this);
    const broken = sbdhFor(SBDH_CASES[0]!.facts, SBDH_CASES[0]!.payload).replace(/<sh:Receiver>[\s\S]*?<\/sh:Receiver>\s*/, '');
    expect(await sbdhSchemaErrors('broken.xml', broken)).to.have.length.greaterThan(0);
  });
});
