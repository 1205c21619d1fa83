import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SandboxPlatform } from '../../drivers/ctc-fr/sandbox/sandbox-platform.js';
import { SandboxServer } from '../../drivers/ctc-fr/sandbox/sandbox-server.js';
import { killChildren, runBinToEnd } from '../helpers/child.js';
import { fixtureConfigCopy } from '../helpers/fixtures.js';
import { PlatformProxy } from '../helpers/platform-proxy.js';
import { tempDir } from '../helpers/temp-dir.js';

// `einvoicing-adapter fr-directory`, run as the operator runs it (the bin), against the sandbox's
// platform the command starts itself, and against a platform the configuration names: the
// sandbox's server run by the test behind a recording proxy, so what went over HTTP is seen.

/** The sandbox's directory in both: one company absent, one with a suffixed address. */
const DIRECTORY = "sandbox: { directory: { '300000007': [], '400000006': ['400000006_COMPTA'] } }";

/** The fixtures' configuration with CTC_FR's sandbox directory, and `platform` for vendeur-ctc when given. */
function config(platform?: string): string {
  return fixtureConfigCopy('fr-directory-', (yaml) =>
    yaml
      .replace('  CTC_FR:\n', `  CTC_FR:\n    ${DIRECTORY}\n`)
      .replace('      vendeur-ctc: { supply: services }\n', `      vendeur-ctc: { supply: services${platform ? `, platform: { ${platform} }` : ''} }\n`),
  );
}

describe('einvoicing-adapter fr-directory', function () {
  this.timeout(60_000);
  afterEach(killChildren);
  let cwd: string;
  before(() => void (cwd = tempDir('fr-directory-cwd-')));
  const run = (...args: string[]) => runBinToEnd(['fr-directory', ...args], { cwd });

  describe("on the sandbox's platform (no entity has a platform client)", () => {
    let file: string;
    before(() => void (file = config()));

    it("lists a SIREN's line and an address's, saying first that the sandbox's platform answered", async () => {
      const demo = await runBinToEnd(['fr-directory', '732829320'], { cwd });
      expect(demo.code, demo.stderr).to.equal(0);
      expect(demo.stdout).to.equal('732829320\tEnabled\tWK (an approved platform)\n');
      expect(demo.stderr).to.match(/^platform: sandbox-pa, the sandbox's approved platform \(no business entity has a drivers\.CTC_FR\.entities\.<id>\.platform\.client_id\), at http:\/\/127\.0\.0\.1:\d+\/directory-service\n$/);
      const address = await run('400000006_COMPTA', '--config', file);
      expect(address.code, address.stderr).to.equal(0);
      expect(address.stdout).to.equal('400000006_COMPTA\tEnabled\tWK (an approved platform)\n');
    });

    it('exits 1 with "not in the directory" for a SIREN the directory lists no line of', async () => {
      const r = await run('300000007', '--config', file);
      expect(r.code, r.stderr).to.equal(1);
      expect(r.stdout).to.equal('300000007: not in the directory\n');
    });

    it('refuses a SIREN, SIRET or address with a wrong check digit before asking anything (exit 2, no platform started)', async () => {
      for (const [input, said] of [
        ['732829321', '732829321 is not a SIREN: its check digit (Luhn) is wrong'],
        ['73282932000075', '73282932000075 is not a SIRET: its check digit (Luhn) is wrong'],
        ['732829321_FACTURES', '732829321_FACTURES is neither a SIREN, a SIRET nor an electronic address'],
      ]) {
        const r = await run(input!, '--config', file);
        expect(r.code, input).to.equal(2);
        expect(r.stderr, input).to.contain(said).and.not.contain('platform:');
        expect(r.stdout, input).to.equal('');
      }
      expect((await run('--entity', 'nobody', '732829320', '--config', file)).stderr).to.contain('--entity nobody: no business entity has this id (known: ');
    });
  });

  describe('on the platform the configuration names (the sandbox server behind a recording proxy)', () => {
    let server: SandboxServer;
    let proxy: PlatformProxy;
    let file: string;
    let wrongSecret: string;
    before(async () => {
      server = await SandboxServer.start(new SandboxPlatform({ directory: { '300000007': [], '400000006': ['400000006_COMPTA'] } }, () => new Date()), () => new Date());
      proxy = await PlatformProxy.start(server.url);
      const urls = `flow_service_url: ${proxy.url}/flow-service, directory_service_url: ${proxy.url}/directory-service, token_url: ${proxy.url}/token`;
      // The secret file relative to the configuration's folder, as an operator writes it.
      file = config(`name: test-pa, ${urls}, client_id: vendeur-ctc, matricule: "0042", client_secret_file: pa-secret`);
      writeFileSync(join(dirname(file), 'pa-secret'), `${server.secret}\n`);
      wrongSecret = config(`name: test-pa, ${urls}, client_id: vendeur-ctc, matricule: "0042", client_secret_file: pa-secret`);
      writeFileSync(join(dirname(wrongSecret), 'pa-secret'), 'not-the-secret-0123456789\n');
    });
    after(async () => {
      await proxy?.close();
      server?.close();
    });
    beforeEach(() => void proxy.exchanges.splice(0));

    it("asks the first entity's platform over HTTP with a bearer token from the client-credentials grant", async () => {
      const r = await run('400000006', '--config', file);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.equal('400000006_COMPTA\tEnabled\tWK (an approved platform)\n');
      expect(r.stderr).to.equal(`platform: test-pa, business entity vendeur-ctc's client, at ${proxy.url}/directory-service\n`);
      const token = proxy.of('/token', 'POST');
      expect(token.map((e) => e.status)).to.deep.equal([200]);
      // RFC 6749 §2.3.1: the client id and secret form-encoded, then HTTP Basic.
      const basic = Buffer.from(token[0]!.headers.authorization!.replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
      expect(basic).to.deep.equal(['vendeur-ctc', server.secret]);
      const search = proxy.of('/directory-service/v1/directory-line/search', 'POST');
      expect(search.map((e) => e.status)).to.deep.equal([200]);
      expect(search[0]!.headers.authorization).to.equal(`Bearer ${JSON.parse(token[0]!.responseBody.toString()).access_token}`);
      expect(JSON.parse(search[0]!.body.toString()).filters).to.deep.equal({ siren: { op: 'strict', value: '400000006' } });
      expect(r.stdout + r.stderr).not.to.contain(server.secret);
    });

    it('narrows a SIRET to its facility, and reads an address by its id (404: not in the directory)', async () => {
      const siret = await run('40000000600017', '--config', file);
      expect(siret.code).to.equal(1);
      expect(siret.stdout).to.equal('40000000600017: not in the directory\n');
      expect(JSON.parse(proxy.of('/directory-line/search', 'POST')[0]!.body.toString()).filters).to.deep.equal({ siren: { op: 'strict', value: '400000006' }, siret: { op: 'strict', value: '40000000600017' } });
      const address = await run('400000006_COMPTA', '--config', file);
      expect(address.code, address.stderr).to.equal(0);
      expect(address.stdout).to.equal('400000006_COMPTA\tEnabled\tWK (an approved platform)\n');
      const unknown = await run('400000006_AUTRE', '--config', file);
      expect(unknown.code).to.equal(1);
      expect(unknown.stdout).to.equal('400000006_AUTRE: not in the directory\n');
      expect(proxy.of('/directory-line/code:400000006_COMPTA', 'GET').map((e) => e.status)).to.deep.equal([200]);
      expect(proxy.of('/directory-line/code:400000006_AUTRE', 'GET').map((e) => e.status)).to.deep.equal([404]);
    });

    it('prints the platform and the lines as JSON with --json', async () => {
      const r = await run('400000006', '--json', '--config', file);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stderr).to.equal('');
      expect(JSON.parse(r.stdout)).to.deep.equal({
        platform: { name: 'test-pa', entity: 'vendeur-ctc', sandbox: false, directory_service_url: `${proxy.url}/directory-service` },
        lines: [{ addressingIdentifier: '400000006_COMPTA', siren: '400000006', platformType: 'WK', directoryLineStatus: 'Enabled', addressingSuffix: 'COMPTA' }],
      });
      const none = await run('300000007', '--json', '--config', file);
      expect(none.code).to.equal(1);
      expect(JSON.parse(none.stdout).lines).to.deep.equal([]);
    });

    it("asks the sandbox's platform for an entity without a client (--entity), and nothing goes to the configured one", async () => {
      const r = await run('400000006', '--entity', 'vendeur-ctc-etendu', '--config', file);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stderr).to.match(/^platform: sandbox-pa, the sandbox's approved platform \(business entity vendeur-ctc-etendu has no drivers\.CTC_FR\.entities\.vendeur-ctc-etendu\.platform\.client_id\)/);
      expect(proxy.exchanges).to.deep.equal([]);
    });

    it('refuses a bad SIREN before any request to the platform', async () => {
      const r = await run('400000007', '--config', file);
      expect(r.code).to.equal(2);
      expect(r.stderr).to.contain('400000007 is not a SIREN');
      expect(proxy.exchanges).to.deep.equal([]);
    });

    it('exits 2 with one line when the platform answers 503, or refuses the credentials; never a stack, never the secret', async () => {
      proxy.inject('POST', '/directory-line/search', { kind: 'answer', status: 503, body: { errorCode: 'UNAVAILABLE', errorMessage: 'maintenance\nuntil noon' } });
      const down = await run('400000006', '--config', file);
      expect(down.code).to.equal(2);
      expect(down.stdout).to.equal('');
      expect(down.stderr.split('\n').slice(1)).to.deep.equal([
        'einvoicing-adapter: fr-directory: the platform is unavailable: POST /v1/directory-line/search: HTTP 503 (UNAVAILABLE: maintenance until noon)',
        '',
      ]);
      const refused = await run('400000006', '--json', '--config', wrongSecret);
      expect(refused.code).to.equal(2);
      expect(refused.stdout).to.equal('');
      expect(refused.stderr).to.match(/^einvoicing-adapter: fr-directory: the token endpoint refused the grant: invalid_client .*\(HTTP 401\)\n$/);
      expect(refused.stderr).not.to.contain('not-the-secret').and.not.contain(server.secret);
      expect(proxy.of('/directory-line/search')).to.have.length(1);
    });
  });
});
