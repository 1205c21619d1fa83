import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { startDnsServer } from './dns-server.js';
import { labPki, type IdentityFiles, type LabPki } from './lab-pki.js';
import { NEMHANDEL_LAB_SERVICES } from './nemhandel-services.js';
import { PEPPOL_LAB_SERVICES, type ServiceRegistration } from './peppol-services.js';
import { startSmpServer } from './smp-server.js';

// An eDelivery lab: what lets access points on one machine find each other without the internet,
// as they would in an eDelivery network (Peppol's, or NemHandel's): a test PKI (files in `dir`, made once and reused), an SMP
// publishing each participant's endpoint and certificate, and a DNS playing the SML's zone. Each
// adapter instance is configured with its access point's fragment (accessPointSettings) and
// nothing else differs from a real network but the names.

/** The lab's SML zone: `.invalid` (RFC 2606) can never be a real zone, so a lab setting cannot leak into the network. */
export const LAB_ZONE = 'lab.peppol.invalid';

/**
 * The networks a lab plays: the driver whose `drivers.<id>.access_point` it writes, its zone and
 * what its participants are registered for. Both speak the same SML, SMP and AS4 (the profiles
 * differ in edelivery-profile.ts), so only these differ here.
 */
export const LAB_NETWORKS = {
  PEPPOL: { zone: LAB_ZONE, services: PEPPOL_LAB_SERVICES },
  NEMHANDEL: { zone: 'lab.nemhandel.invalid', services: NEMHANDEL_LAB_SERVICES },
} as const satisfies Record<string, { zone: string; services: readonly ServiceRegistration[] }>;
export type LabNetwork = keyof typeof LAB_NETWORKS;
const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';
/** A Peppol seat id: three letters (P and the authority's country) and six digits; it names files too. The lab's NemHandel access points are named the same way (their CN, as on Peppol). */
const SEAT_ID = /^[A-Z]{3}[0-9]{6}$/;

export interface LabParticipant {
  /** `iso6523-actorid-upis::0088:…`, or just `0088:…`. */
  participantId: string;
  /** The access point's AS4 endpoint, where the SMP says documents for the participant go. */
  as4Url: string;
  /** The seat id of the access point receiving for the participant: its certificate's CN. */
  seat: string;
}

export interface LabOptions {
  dir: string;
  /** Which network the lab plays (default PEPPOL): its zone and services unless given. */
  network?: LabNetwork;
  participants: readonly LabParticipant[];
  zone?: string;
  smpPort?: number;
  dnsPort?: number;
  services?: readonly ServiceRegistration[];
}

export interface Lab {
  dir: string;
  network: LabNetwork;
  zone: string;
  pki: LabPki;
  participants: readonly LabParticipant[];
  smp: { port: number; url: string };
  dns: { port: number; server: string };
  close(): Promise<void>;
}

/** A participant id with its scheme, the form the SMP and the DNS name are made from. */
export function fullParticipantId(id: string): string {
  return id.includes('::') ? id : `${PARTICIPANT_SCHEME}::${id}`;
}

/** The participant with its full id, or an Error saying what is wrong with it. */
export function checkParticipant(p: LabParticipant): LabParticipant {
  if (!SEAT_ID.test(p.seat)) throw new Error(`a seat id is three capital letters and six digits (POP000001), not "${p.seat}"`);
  const url = URL.canParse(p.as4Url) ? new URL(p.as4Url) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`the AS4 endpoint of ${p.participantId} is not an http(s) URL: "${p.as4Url}"`);
  const participantId = fullParticipantId(p.participantId);
  if (!/^[^:]+::\S+$/.test(participantId)) throw new Error(`a participant id is [scheme::]icd:value, not "${p.participantId}"`);
  return { ...p, participantId };
}

/** Writes the PKI into `dir` (or reads it back), starts the SMP and the DNS on 127.0.0.1. */
export async function startLab(options: LabOptions): Promise<Lab> {
  const participants = options.participants.map(checkParticipant);
  const dir = resolve(options.dir);
  const network = options.network ?? 'PEPPOL';
  const zone = options.zone ?? LAB_NETWORKS[network].zone;
  mkdirSync(dir, { recursive: true });
  const pki = labPki(dir, [...new Set(participants.map((p) => p.seat))]);
  const services = options.services ?? LAB_NETWORKS[network].services;
  const smp = await startSmpServer(participants.map((p) => ({ ...p, accessPoint: pki.accessPoints.get(p.seat)!, services })), pki.smp, options.smpPort);
  let dns;
  try {
    dns = await startDnsServer(participants.map((p) => ({ participantId: p.participantId, smpUrl: smp.url })), zone, options.dnsPort);
  } catch (err) {
    await smp.close();
    throw err;
  }
  return {
    dir,
    network,
    zone,
    pki,
    participants,
    smp: { port: smp.port, url: smp.url },
    dns: { port: dns.port, server: dns.server },
    close: async () => {
      await Promise.all([smp.close(), dns.close()]);
    },
  };
}

/** `drivers.<network>.access_point` of the instance that is access point `seat` in the lab. */
export function accessPointSettings(lab: Lab, seat: string): Record<string, unknown> {
  const ap = lab.pki.accessPoints.get(seat);
  if (!ap) throw new Error(`the lab has no access point ${seat}`);
  const files = (f: IdentityFiles) => ({ cert_file: f.certFile, key_file: f.keyFile });
  return {
    certificate: files(ap),
    ap_ca_file: lab.pki.apCa.certFile,
    smp_ca_file: lab.pki.smpCa.certFile,
    sml_zone: lab.zone,
    dns_servers: [lab.dns.server],
    allow_http: true,
  };
}

/**
 * Writes, per access point, `access-point-<seat>.yaml`: the `drivers.<network>.access_point` an
 * instance's configuration file takes, nested from `drivers:` so it can be pasted into one (a
 * configuration file has one `drivers:` section; YAML has no include). Returns the paths by seat.
 */
export function writeAccessPointFragments(lab: Lab): Map<string, string> {
  const written = new Map<string, string>();
  for (const seat of lab.pki.accessPoints.keys()) {
    const path = join(lab.dir, `access-point-${seat}.yaml`);
    const served = lab.participants.filter((p) => p.seat === seat).map((p) => p.participantId);
    const header = `# The eDelivery lab's access point ${seat} (receives for ${served.join(', ')}): for testing on one machine only.\n`;
    writeFileSync(path, header + stringify({ drivers: { [lab.network]: { access_point: accessPointSettings(lab, seat) } } }));
    written.set(seat, path);
  }
  return written;
}
