import { ConfigError } from '../../src/platform/config/config-error.js';
import { loadSigningIdentity, sandboxIdentity, type SigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { signXades } from '../../src/formats/xml/xades.js';
import { entitySettings, type SdiSettings } from './settings.js';

// FatturaPA's signature where the SDI requires one: every invoice to a public body (FPA12) is
// signed, B2B and B2C ones only when the entity asks (`sign_all`). Enveloped XAdES-BES,
// RSA-SHA256 (the SDI's accepted "firma XAdES-BES", file name unchanged: .xml), with the
// entity's certificate, or the sandbox's throwaway one. Deterministic for one key and clock.

/** The settings as the driver runs with them: the signing identities read at start, by business entity id. */
export type PreparedSdiSettings = SdiSettings & { readonly signers: ReadonlyMap<string, SigningIdentity> };

/** Each configured certificate read and checked once at start; problems name their setting. */
export function prepareSettings(settings: SdiSettings, configDir: string): PreparedSdiSettings {
  const problems: string[] = [];
  const signers = new Map<string, SigningIdentity>();
  for (const [entityId, entry] of Object.entries(settings.entities ?? {})) {
    if (!entry.certificate) continue;
    const identity = loadSigningIdentity(`drivers.SDI.entities.${entityId}.certificate`, entry.certificate, configDir);
    if (Array.isArray(identity)) problems.push(...identity);
    else signers.set(entityId, identity);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...settings, signers };
}

/** Signed when the invoice is for a public body, or the entity signs everything. */
export function mustSign(xml: string, settings: SdiSettings, entityId: string): boolean {
  return xml.includes('versione="FPA12"') || entitySettings(settings, entityId).sign_all === true;
}

export function sign(artifacts: readonly Artifact[], ctx: RenderContext<PreparedSdiSettings>): Promise<Artifact[]> {
  const { settings } = ctx;
  return Promise.all(artifacts.map(async (a) => {
    if (!mustSign(a.content, settings, ctx.entity.id)) return a;
    const identity = settings.signers.get(ctx.entity.id) ?? sandboxIdentity();
    return { ...a, content: await signXades(a.content, { identity, signingTime: ctx.now, dataObject: { description: 'FatturaPA', mimeType: 'text/xml' }, idSeed: ctx.documentId }) };
  }));
}
