import { createHash } from 'node:crypto';

// The DNS name under which the SML publishes a participant's SMP (Peppol Policy for use of
// Identifiers 4.4.0, POLICY 7; Peppol SML 1.3.0): the SHA-256 of the lowercased identifier
// *value* (the scheme is not hashed, it is a label of its own), in base32 without the `=`
// padding, then the scheme and the SML zone. Participant values are case-insensitive
// (POLICY 2), hence the lowercasing; DNS is case-insensitive too, and the name is written
// lowercased as the specification's examples are.

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32, lowercased, without padding. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A participant identifier `scheme::value` split at its first `::`; throws on anything else. */
export function splitParticipantId(participantId: string): { scheme: string; value: string } {
  const at = participantId.indexOf('::');
  const scheme = at > 0 ? participantId.slice(0, at) : '';
  const value = at > 0 ? participantId.slice(at + 2) : '';
  if (!scheme || !value) throw new Error(`a participant identifier is scheme::value, not "${participantId}"`);
  return { scheme, value };
}

/** `base32(sha256(lowercase(value))).scheme.zone`, the name whose U-NAPTR records point at the participant's SMP. */
export function participantDnsName(participantId: string, smlZone: string): string {
  const { scheme, value } = splitParticipantId(participantId);
  const zone = smlZone.replace(/^\.+|\.+$/g, '');
  if (!zone) throw new Error('the SML zone is empty');
  const hash = createHash('sha256').update(value.toLowerCase(), 'utf8').digest();
  return `${base32(hash)}.${scheme.toLowerCase()}.${zone.toLowerCase()}`;
}
