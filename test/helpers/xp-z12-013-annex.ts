import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';

// AFNOR's XP Z12-013 annexes, when a developer has them at hand: XP_Z12_013_ANNEX_DIR names a
// folder with flow-service-1.2.0.json and directory-service-1.2.0.json (bought or downloaded from
// AFNOR; the repository may not hold them, so CI never has them). The contract tests hold the
// recorded exchanges, and the platform tests every live exchange, to them too.

export const ANNEX_DIR = process.env.XP_Z12_013_ANNEX_DIR;

/** The two annexes as published, or undefined when they are not at hand. */
export function annexes(): { flow: OpenAPIV3.Document; directory: OpenAPIV3.Document } | undefined {
  const files = ANNEX_DIR ? [join(ANNEX_DIR, 'flow-service-1.2.0.json'), join(ANNEX_DIR, 'directory-service-1.2.0.json')] : [];
  if (!files.length || !files.every(existsSync)) return undefined;
  const [flow, directory] = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as OpenAPIV3.Document);
  return { flow: flow!, directory: directory! };
}

/**
 * The annex as openapi-backend can load and use it: its ReasonCode `oneOf` (which no listed code
 * passes, as it matches both branches) read as `anyOf`, its templated OAuth2 tokenUrl (not a
 * URL, so the document is invalid) replaced by a placeholder, and the Directory's
 * directoryLineStatus allowed its own value Upcoming (8 characters where it says at most 7).
 * In memory only.
 */
export function loadable(document: OpenAPIV3.Document): OpenAPIV3.Document {
  const copy = structuredClone(document);
  const schemas = copy.components!.schemas!;
  const lineStatus = schemas.directoryLineStatus as OpenAPIV3.SchemaObject | undefined;
  if (lineStatus?.maxLength === 7) lineStatus.maxLength = 8;
  const reasonCode = schemas.ReasonCode as OpenAPIV3.SchemaObject;
  if (reasonCode?.oneOf) {
    reasonCode.anyOf = reasonCode.oneOf;
    delete reasonCode.oneOf;
  }
  const oauth = copy.components!.securitySchemes!.OAuth2 as OpenAPIV3.OAuth2SecurityScheme;
  if (oauth.flows.clientCredentials) oauth.flows.clientCredentials.tokenUrl = 'https://auth.example.invalid/token';
  return copy;
}
