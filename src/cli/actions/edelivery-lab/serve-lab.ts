import { readFileSync } from 'node:fs';
import { UsageError, type Values } from '../../command.js';
import { untilSignal } from '../../signals.js';
import { checkParticipant, LAB_NETWORKS, startLab, writeAccessPointFragments, type LabNetwork, type LabParticipant } from './lab.js';

// `einvoicing-adapter edelivery-lab DIR`: the lab from the command line, served until a signal.

/** `--participant ID=AS4URL=SEAT`: the id has no `=`, nor the seat; the URL is what lies between. */
export function parseParticipant(text: string): LabParticipant {
  const first = text.indexOf('=');
  const last = text.lastIndexOf('=');
  if (first <= 0 || last === first) throw new UsageError(`--participant is ID=AS4URL=SEAT (0088:5790000000001=http://127.0.0.1:8080/networks/peppol/inbound=POP000001), not "${text}"`);
  try {
    return checkParticipant({ participantId: text.slice(0, first), as4Url: text.slice(first + 1, last), seat: text.slice(last + 1) });
  } catch (err) {
    throw new UsageError(`--participant ${text}: ${(err as Error).message}`);
  }
}

function port(values: Values, name: string): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const n = Number(text);
  if (typeof text !== 'string' || !/^\d+$/.test(text) || n > 65535) throw new UsageError(`--${name} is a port number (0 for any free one), not "${String(text)}"`);
  return n;
}

/** `--network peppol|nemhandel` (default peppol): the lab's driver id. */
export function labNetwork(values: Values): LabNetwork {
  const text = values.network ?? 'peppol';
  const network = typeof text === 'string' ? text.toUpperCase() : '';
  if (!Object.hasOwn(LAB_NETWORKS, network)) throw new UsageError(`--network is ${Object.keys(LAB_NETWORKS).map((n) => n.toLowerCase()).join(' or ')}, not "${String(text)}"`);
  return network as LabNetwork;
}

export async function serveLab(values: Values, positionals: string[]): Promise<number> {
  const [dir, ...extra] = positionals;
  if (!dir || extra.length) throw new UsageError('name the one directory the lab keeps its files in');
  const given = values.participant as unknown as string[] | undefined;
  if (!given?.length) throw new UsageError('register at least one --participant ID=AS4URL=SEAT');
  const participants = given.map(parseParticipant);
  const options = { dir, network: labNetwork(values), participants, smpPort: port(values, 'smp-port'), dnsPort: port(values, 'dns-port') };
  // Listening before starting, as serve does: a signal during the start stops what started.
  const stop = untilSignal();
  const lab = await startLab(options);
  try {
    const fragments = writeAccessPointFragments(lab);
    const out = [`# ${lab.network} eDelivery lab in ${lab.dir}: SMP ${lab.smp.url}, DNS ${lab.dns.server}, SML zone ${lab.zone}`];
    for (const p of lab.participants) out.push(`# ${p.participantId} -> ${p.as4Url} (access point ${p.seat})`);
    for (const [seat, path] of fragments) out.push('', `# Access point ${seat}: put this in its configuration file (${path})`, readFileSync(path, 'utf8').replace(/^#.*\n/, '').trimEnd());
    process.stdout.write(`${out.join('\n')}\n`);
    process.stderr.write(`einvoicing-adapter: eDelivery lab serving: SMP ${lab.smp.url}, DNS ${lab.dns.server} (for testing on one machine only; Ctrl-C stops)\n`);
    const signal = await stop;
    process.stderr.write(`einvoicing-adapter: ${signal} received, eDelivery lab stopped\n`);
  } finally {
    await lab.close();
  }
  return 0;
}
