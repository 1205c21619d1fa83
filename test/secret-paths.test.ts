import { expect } from 'chai';
import Type from 'typebox';
import { CtcFrSettingsSchema } from '../drivers/ctc-fr/settings.js';
import { EinvoiceSettingsSchema } from '../drivers/einvoice/settings.js';
import { FaceSettingsSchema } from '../drivers/face/settings.js';
import { KsefSettingsSchema } from '../drivers/ksef/settings.js';
import { NavSettingsSchema } from '../drivers/nav/settings.js';
import { SdiSettingsSchema } from '../drivers/sdi/settings.js';
import { ZugferdSettingsSchema } from '../drivers/zugferd/settings.js';
import { secretPaths, secretSchema } from '../src/lib/secret-paths.js';

const paths = (schema: Parameters<typeof secretPaths>[0], value: unknown) => secretPaths(schema, value).map((s) => s.path);

describe('secretPaths (the secret values a settings object holds, by its schema)', () => {
  it('finds FACE certificates.<id>.passphrase and the PKCS#12, not the file names', () => {
    const found = secretPaths(FaceSettingsSchema, { certificates: { x: { pkcs12: 'AAAA', passphrase: 'p' }, y: { pkcs12_file: 'y.p12', passphrase_env: 'Y_PASS' } } });
    expect(found.map((s) => s.path)).to.have.members(['certificates.x.pkcs12', 'certificates.x.passphrase']);
    const passphrase = found.find((s) => s.key === 'passphrase')!;
    expect(passphrase.recordKeys).to.deep.equal(['x']);
    expect(passphrase.siblings).to.include.members(['passphrase_file', 'passphrase_env']);
  });

  it('finds KSEF entities.<id>.token, NAV\'s three keys and CTC_FR\'s client secret, at the driver\'s level too', () => {
    expect(paths(KsefSettingsSchema, { entities: { a: { token: 't' }, b: { token_file: 'f' } }, public_keys: { token_encryption_file: 'k', symmetric_key_encryption_file: 's' } })).to.deep.equal(['entities.a.token']);
    expect(paths(NavSettingsSchema, { entities: { h: { login: 'user123456', password: 'p', signature_key: 's', exchange_key: 'e', password_file: 'ignored' } } })).to.have.members([
      'entities.h.password',
      'entities.h.signature_key',
      'entities.h.exchange_key',
    ]);
    expect(paths(CtcFrSettingsSchema, { platform: { client_secret: 'a' }, entities: { f: { platform: { client_id: 'c', client_secret: 'b' } } } })).to.have.members(['platform.client_secret', 'entities.f.platform.client_secret']);
  });

  it('finds the e-mail password of EINVOICE and ZUGFERD, and the SDI\'s certificates; a CA or a logo is no secret', () => {
    expect(paths(EinvoiceSettingsSchema, { email: { m: { host: 'smtp.example', from: 'a@b.c', user: 'u', password: 'pw', ca: 'PEM' } } })).to.deep.equal(['email.m.password']);
    expect(paths(ZugferdSettingsSchema, { email: { m: { host: 'smtp.example', from: 'a@b.c', password: 'pw' } }, entities: { m: { logo: 'iVBOR' } } })).to.deep.equal(['email.m.password']);
    expect(paths(SdiSettingsSchema, { entities: { i: { certificate: { cert: 'PEM', key: 'KEY' }, channel: { client_certificate: { pkcs12: 'AAAA' }, ca: 'PEM' } } } })).to.have.members([
      'entities.i.certificate.key',
      'entities.i.channel.client_certificate.pkcs12',
    ]);
  });

  it('walks unions by the branch the value fits, arrays and Records matched by pattern', () => {
    const Schema = Type.Object({
      auth: Type.Union([Type.Object({ kind: Type.Literal('basic'), password: secretSchema() }), Type.Object({ kind: Type.Literal('open'), password: Type.String() })]),
      list: Type.Array(Type.Object({ key: Type.Optional(secretSchema()) })),
      byId: Type.Record(Type.String({ pattern: '^[a-z]+$' }), Type.Object({ token: secretSchema() })),
    });
    expect(paths(Schema, { auth: { kind: 'open', password: 'x' }, list: [{}, { key: 'k' }], byId: { abc: { token: 't' } } })).to.deep.equal(['list[1].key', 'byId.abc.token']);
    expect(paths(Schema, { auth: { kind: 'basic', password: 'x' }, list: [], byId: {} })).to.deep.equal(['auth.password']);
  });
});
