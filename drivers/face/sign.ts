import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { sandboxIdentity, type SigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import { signXades, type SignaturePolicy } from '../../src/formats/xml/xades.js';
import type { FaceSettings } from './settings.js';

// The Facturae signed as its signature policy v3.1 requires: enveloped XAdES-EPES, RSA-SHA256,
// with the issuing entity's certificate (read once at start by prepare-settings.ts), or the
// sandbox's throwaway certificate for an entity that has none. Deterministic for one key and
// clock: the signature's ids derive from the document id, RSA PKCS#1 v1.5 has no randomness.

/**
 * Política de firma de Facturae v3.1: its identifier and the SHA-1 digest of the policy document,
 * as the Spanish government's signing client (AutoFirma, AOFacturaESigner) declares them.
 */
export const FACTURAE_POLICY: SignaturePolicy = {
  identifier: 'http://www.facturae.es/politica_de_firma_formato_facturae/politica_de_firma_formato_facturae_v3_1.pdf',
  description: 'Política de Firma FacturaE v3.1',
  digestAlgorithm: 'sha1',
  digest: 'Ohixl6upD6av8N7pEvDABhEL6hM=',
};

/** The settings as the driver runs with them: the identities prepare-settings.ts read at start, by business entity id. */
export type PreparedFaceSettings = FaceSettings & { readonly signers: ReadonlyMap<string, SigningIdentity> };

/** The identity an entity signs with: its configured certificate, else the sandbox's. */
export function signerOf(settings: PreparedFaceSettings, entityId: string): SigningIdentity {
  return settings.signers.get(entityId) ?? sandboxIdentity();
}

export function sign(artifacts: readonly Artifact[], ctx: RenderContext<PreparedFaceSettings>): Promise<Artifact[]> {
  const { settings } = ctx;
  const identity = signerOf(settings, ctx.entity.id);
  // Only the Facturae is signed; a cancellation request (JSON) travels in a signed SOAP request.
  return Promise.all(artifacts.map(async (a) => a.mimeType !== 'application/xml' ? a : {
    ...a,
    content: await signXades(a.content, {
      identity,
      policy: FACTURAE_POLICY,
      signingTime: ctx.now,
      claimedRole: settings.signer_role ?? 'emisor',
      dataObject: { description: 'Factura electrónica', mimeType: 'text/xml' },
      idSeed: ctx.documentId,
    }),
  }));
}
