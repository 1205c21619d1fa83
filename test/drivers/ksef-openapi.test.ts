import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../helpers/fixtures.js';
import { ksefOpenApi } from '../helpers/ksef-openapi.js';

// What KSeF is played with is what KSeF sends: each recorded request and answer under
// fixtures/ksef/transport/ is valid against the official OpenAPI (API 2.6.0) for the operation,
// HTTP status and media type its index names.

const DIR = join(FIXTURES_DIR, 'ksef', 'transport');

interface Recorded {
  operation: string;
  request?: true;
  status?: number;
  mediaType?: string;
}

const index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as Record<string, Recorded>;

describe('KSEF recorded exchanges against the official OpenAPI (API 2.6.0)', () => {
  const api = ksefOpenApi();

  it('is the Ministry of Finance\'s open-api.json of API 2.6.0', () => {
    expect(api.document.info.description).to.contain('**Wersja API:** 2.6.0');
  });

  it('maps every recorded body to its operation', () => {
    const files = readdirSync(DIR).filter((f) => f !== 'README.md' && f !== 'index.json').sort();
    expect(Object.keys(index).sort()).to.deep.equal(files);
  });

  for (const [file, r] of Object.entries(index)) {
    const [method, path] = r.operation.split(' ') as [string, string];
    it(`${file}: ${r.request ? 'the request of' : `${r.status} ${r.mediaType} of`} ${r.operation}`, () => {
      expect(api.templateOf(method, path), `${r.operation} is an operation of the OpenAPI`).to.equal(path);
      const text = readFileSync(join(DIR, file), 'utf8');
      const body = r.mediaType === 'application/xml' ? text : (JSON.parse(text) as unknown);
      const problems = r.request ? api.requestProblems(method, path, body) : api.answerProblems(method, path, r.status!, r.mediaType!, body);
      expect(problems, file).to.deep.equal([]);
    });
  }
});
