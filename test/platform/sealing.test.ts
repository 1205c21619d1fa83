import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompactEncrypt, decodeProtectedHeader } from 'jose';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { keyIdOf, Sealer, SealedUnderUnknownKey, SealedValueUnreadable, TOKEN_KEY_FILE } from '../../src/platform/crypto/sealing.js';
import { legacySeal } from '../helpers/legacy-seal.js';
import { tempDir } from '../helpers/temp-dir.js';

const key = () => new Uint8Array(randomBytes(32));
const secret = { accessToken: 'at-very-secret-value', refreshToken: 'rt-1', expiresAt: '2030-01-01T00:00:00.000Z' };

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

function thrown(work: () => unknown): Error {
  try {
    work();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

describe('Sealer (secrets at rest)', () => {
  it('seals a value as a JWE A256KW + A256GCM named by the key id, and opens it again', async () => {
    const k = key();
    const sealer = Sealer.of(k);
    const sealed = await sealer.seal(secret);
    expect(sealed.split('.')).to.have.length(5);
    expect(sealed).not.to.contain('at-very-secret-value');
    expect(decodeProtectedHeader(sealed)).to.deep.equal({ alg: 'A256KW', enc: 'A256GCM', kid: keyIdOf(k) });
    expect(sealer.currentKid).to.match(/^[0-9a-f]{16}$/).and.equal(keyIdOf(k));
    expect(sealer.kidOf(sealed)).to.equal(sealer.currentKid);
    expect(await sealer.unseal(sealed)).to.deep.equal(secret);
  });

  it('seals the same value twice into two different values (a fresh content key and IV each time)', async () => {
    const sealer = Sealer.of(key());
    const [a, b] = [await sealer.seal(secret), await sealer.seal(secret)];
    expect(a).not.to.equal(b);
    expect(a.split('.')[1]).not.to.equal(b.split('.')[1]); // the wrapped content keys differ
  });

  it('opens a value sealed by the former token seal (dir, no kid) with whichever key of the ring it was', async () => {
    const old = key();
    const sealed = await legacySeal(old, secret);
    expect(Sealer.of(old).kidOf(sealed)).to.equal(undefined);
    expect(await Sealer.of(old).unseal(sealed)).to.deep.equal(secret);
    expect(await Sealer.of(key(), key(), old).unseal(sealed)).to.deep.equal(secret);
  });

  it('refuses a value sealed under a key the ring lacks with SealedUnderUnknownKey naming the kid, never the value', async () => {
    const other = Sealer.of(key());
    const sealed = await other.seal(secret);
    const err = await rejection(Sealer.of(key()).unseal(sealed));
    expect(err).to.be.instanceOf(SealedUnderUnknownKey);
    expect((err as SealedUnderUnknownKey).kid).to.equal(other.currentKid);
    expect(err.message).to.contain(other.currentKid).and.not.contain(sealed).and.not.contain('at-very');
  });

  it('refuses a value no key opens: a legacy one under another key, a damaged one, one whose kid names a different key', async () => {
    const sealer = Sealer.of(key());
    const legacy = await rejection(sealer.unseal(await legacySeal(key(), secret)));
    expect(legacy).to.be.instanceOf(SealedValueUnreadable);
    const sealed = await sealer.seal(secret);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x'.repeat(20)).toString('base64url');
    const damaged = await rejection(sealer.unseal(parts.join('.')));
    expect(damaged).to.be.instanceOf(SealedValueUnreadable);
    expect(damaged.message).not.to.contain(parts[3]);
    // A value that claims the current kid but was wrapped by another key.
    const forged = await new CompactEncrypt(new TextEncoder().encode('{}')).setProtectedHeader({ alg: 'A256KW', enc: 'A256GCM', kid: sealer.currentKid }).encrypt(key());
    expect(await rejection(sealer.unseal(forged))).to.be.instanceOf(SealedValueUnreadable);
    // A kid'ed value cannot ask to be opened as `dir`.
    const dirWithKid = await new CompactEncrypt(new TextEncoder().encode('{}')).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: sealer.currentKid }).encrypt(new Uint8Array(32));
    expect(await rejection(sealer.unseal(dirWithKid))).to.be.instanceOf(SealedValueUnreadable);
  });

  describe('open (the keyring from settings)', () => {
    it('makes DATA_DIR/token-key (0600) on first use and keeps using it', async () => {
      const dataDir = join(tempDir('sealing-'), 'data');
      const first = Sealer.open({ dataDir });
      const file = join(dataDir, TOKEN_KEY_FILE);
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      expect(first.currentKid).to.equal(keyIdOf(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')));
      const again = Sealer.open({ dataDir });
      expect(again.currentKid).to.equal(first.currentKid);
      expect(await again.unseal(await first.seal(secret))).to.deep.equal(secret);
    });

    it('takes SEALING_KEY_FILE (base64 or base64url, white space around it) and SEALING_PREVIOUS_KEY_FILES', async () => {
      const dir = tempDir('sealing-');
      const [k1, k2, k3] = [key(), key(), key()];
      writeFileSync(join(dir, 'k1'), `\n  ${Buffer.from(k1).toString('base64')}  \n`);
      writeFileSync(join(dir, 'k2'), `${Buffer.from(k2).toString('base64url')}\n`);
      writeFileSync(join(dir, 'k3'), Buffer.from(k3).toString('base64'));
      const sealer = Sealer.open({ dataDir: join(dir, 'data'), sealingKeyFile: join(dir, 'k2'), sealingPreviousKeyFiles: ` ${join(dir, 'k1')} ,${join(dir, 'k3')},` });
      expect(sealer.currentKid).to.equal(keyIdOf(k2));
      expect(sealer.kids).to.deep.equal([keyIdOf(k2), keyIdOf(k1), keyIdOf(k3)]);
      expect(await sealer.unseal(await Sealer.of(k1).seal(secret))).to.deep.equal(secret);
      expect(await sealer.unseal(await legacySeal(k3, secret))).to.deep.equal(secret);
    });

    it('refuses a SEALING_KEY_FILE that is missing, or not one 32-byte key, naming the setting and how to make one', () => {
      const dir = tempDir('sealing-');
      const missing = thrown(() => Sealer.open({ dataDir: dir, sealingKeyFile: join(dir, 'nope') }));
      expect(missing).to.be.instanceOf(ConfigError);
      expect(missing.message).to.contain('SEALING_KEY_FILE: cannot read').and.contain('ENOENT').and.contain('openssl rand -base64 32');
      const short = join(dir, 'short');
      writeFileSync(short, randomBytes(16).toString('base64'));
      const bad = thrown(() => Sealer.open({ dataDir: dir, sealingKeyFile: short }));
      expect(bad).to.be.instanceOf(ConfigError);
      expect(bad.message).to.contain('SEALING_KEY_FILE').and.contain('32-byte key');
      writeFileSync(short, `${'a'.repeat(20)} ${'b'.repeat(23)}`);
      expect(thrown(() => Sealer.open({ dataDir: dir, sealingKeyFile: short })).message).to.contain('32-byte key').and.not.contain('aaaa');
      const previous = thrown(() => Sealer.open({ dataDir: dir, sealingPreviousKeyFiles: join(dir, 'gone') }));
      expect(previous.message).to.contain('SEALING_PREVIOUS_KEY_FILES: cannot read');
    });
  });
});
