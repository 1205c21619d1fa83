import { createSocket } from 'node:dgram';
import { META_SMP } from '../../../driver-kit/networks/edelivery/naptr-lookup.js';
import { participantDnsName } from '../../../driver-kit/networks/edelivery/participant-dns-name.js';
import { answerMessage, CLASS_IN, RCODE, readQuery, TYPE_ANY, TYPE_NAPTR, type NaptrAnswer } from './dns-wire.js';

// The lab's SML: a UDP DNS on 127.0.0.1 authoritative for the lab's zone, answering at each
// registered participant's name (participant-dns-name.ts) the U-NAPTR record that points at its
// SMP, as the Peppol SML publishes it (flag U, service Meta:SMP, regexp !^.*$!<SMP URL>!).
// Any other name is NXDOMAIN; a registered name asked for another type has no records (NODATA).
// Node's resolver (c-ares) reads it: `resolver.setServers(['127.0.0.1:<port>'])`.

export interface DnsRegistration {
  participantId: string;
  smpUrl: string;
}

export interface RunningDns {
  port: number;
  /** For dns_servers and Resolver.setServers. */
  server: string;
  close(): Promise<void>;
}

/** The U-NAPTR records of each registered participant, by its DNS name in `zone`. */
export function naptrZone(registrations: readonly DnsRegistration[], zone: string): Map<string, NaptrAnswer[]> {
  const names = new Map<string, NaptrAnswer[]>();
  for (const r of registrations) {
    const record = { order: 100, preference: 10, flags: 'U', service: META_SMP, regexp: `!^.*$!${r.smpUrl}!`, replacement: '' };
    names.set(participantDnsName(r.participantId, zone), [record]);
  }
  return names;
}

/** The answer to one datagram, or undefined for one that is not even a DNS header. */
export function answerTo(message: Buffer, names: Map<string, NaptrAnswer[]>): Buffer | undefined {
  const query = readQuery(message);
  if (!query) {
    if (message.length < 12 || message.readUInt16BE(2) & 0x8000) return undefined;
    // A header with no readable question: FORMERR with no question, as RFC 1035 allows.
    const header = Buffer.from(message.subarray(0, 12));
    header.writeUInt16BE(0x8000 | (header.readUInt16BE(2) & 0x7900) | RCODE.formErr, 2);
    header.fill(0, 4, 12);
    return header;
  }
  if (query.opcode !== 0) return answerMessage(query, RCODE.notImp);
  const records = names.get(query.name);
  if (!records) return answerMessage(query, RCODE.nxDomain);
  const wanted = query.qclass === CLASS_IN && (query.type === TYPE_NAPTR || query.type === TYPE_ANY);
  return answerMessage(query, RCODE.noError, wanted ? records : []);
}

export async function startDnsServer(registrations: readonly DnsRegistration[], zone: string, port = 0): Promise<RunningDns> {
  const names = naptrZone(registrations, zone);
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const answer = answerTo(message, names);
    if (answer) socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  // A send to a peer that went away must not end the process.
  socket.on('error', () => undefined);
  const bound = socket.address().port;
  return { port: bound, server: `127.0.0.1:${bound}`, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}
