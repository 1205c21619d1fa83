import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import qs from 'qs';
import { stringify } from 'yaml';
import { accessPointSettings, startLab, type Lab, type LabNetwork } from '../../src/cli/actions/edelivery-lab/lab.js';
import { killChildren, runBin, type Child } from './child.js';
import { eventually } from './lifecycle.js';
import { tempDir } from './temp-dir.js';

// Two adapters as two eDelivery access points on 127.0.0.1 (test/network/*-access-points.test.ts):
// each a real process with its own data directory, configuration (one entity, its access point
// from the lab) and port, found by the other through the lab's SMP and DNS; the platform both call
// back is one local server recording each callback's path and status.

export const KEY = 'as4-two-processes-key-0123456789abcdef';
export const ADMIN_KEY = 'as4-two-processes-admin-0123456789abcdef';
const HEADERS = { 'content-type': 'application/json', authorization: JSON.stringify({ api_key: KEY }) };

export interface Side {
  /** The configuration file's business entity (with its electronic address and activation). */
  entity: Record<string, unknown>;
  /** Its participant on the network (`0184:25313704`). */
  participant: string;
  /** The seat id of its access point in the lab (its certificate's CN). */
  seat: string;
}

export interface Callback {
  path: string;
  status: string;
}

export interface Adapter {
  child: Child;
  url: string;
}

/**
 * A port no one listens on, for a child process to listen on later (the lab's SMP must name it
 * before the child starts). It is taken below the kernel's ephemeral range: a port from that range
 * could be handed, between this probe and the child's listen, to any other `listen(0)` or outgoing
 * connection on the machine (EADDRINUSE at the child's start); below it, only a deliberate listen
 * could take it.
 */
export async function freePort(): Promise<number> {
  const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const floor = 10_000;
  const top = Math.max(floor + 1_000, low ?? 32_768);
  for (;;) {
    const port = floor + Math.floor(Math.random() * (top - floor));
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => probe.once('error', () => resolve(false)).listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(true)));
    if (!free) continue;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }
}

/** The fixtures' German seller and buyer as Peppol participants, each its own access point in the lab. */
export const SELLER = { id: 'example-seller', participant: '9930:DE987654321', seat: 'POP000001' } as const;
export const BUYER = { id: 'example-buyer', participant: '9930:DE123456789', seat: 'POP000002' } as const;

/** The fixtures' seller or buyer, with its Peppol address and one activation for `documentTypes`. */
function peppolEntity(id: string, participant: string, documentTypes: string[]): Record<string, unknown> {
  const [scheme, value] = participant.split(':') as [string, string];
  const base = id === SELLER.id
    ? { name: 'Example Seller GmbH', address: { line_1: 'Hauptstr. 456', zip: '50667', city: 'Cologne', country: 'DE' }, tax_identifiers: [{ scheme: 'VAT', id: 'DE987654321' }], legal_entity: { registration_name: 'Example Seller GmbH', company_id: 'HRB 98765' }, contact: { name: 'Accounts receivable', telephone: '+49 221 555 0100', email: 'billing@seller.example' } }
    : { name: 'Example Buyer GmbH', address: { line_1: 'Berliner Str. 123', zip: '10115', city: 'Berlin', country: 'DE' }, tax_identifiers: [{ scheme: 'VAT', id: 'DE123456789' }], legal_entity: { registration_name: 'Example Buyer GmbH' } };
  return {
    id,
    display_name: base.name,
    party: { ...base, electronic_address: { scheme, id: value } },
    activations: [
      {
        id: id === SELLER.id ? '1d7f3a52-8c1e-4b0a-9f6d-2e5c8b7a1f01' : '2e8a4b63-9d2f-4c1b-8a7e-3f6d9c8b2a02',
        status: { code: 'COMPLETED' },
        country_activations: [{ model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2B', supported_document_types: documentTypes }],
      },
    ],
  };
}

/** The Peppol seller (invoices, credit notes, responses) and buyer (responses) as sides of a pair. */
export const PEPPOL_SIDES: { seller: Side; buyer: Side } = {
  seller: { ...SELLER, entity: peppolEntity(SELLER.id, SELLER.participant, ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse']) },
  buyer: { ...BUYER, entity: peppolEntity(BUYER.id, BUYER.participant, ['ubl-applicationresponse']) },
};

/** Writes `<dir>/<name>.yaml`: the side's entity and the lab's access point of its seat on `network`. */
export function accessPointConfig(dir: string, lab: Lab, name: 'seller' | 'buyer', side: Side = PEPPOL_SIDES[name], network: LabNetwork = 'PEPPOL'): string {
  const config = join(dir, `${name}.yaml`);
  writeFileSync(config, stringify({ business_entities: [side.entity], drivers: { [network]: { access_point: accessPointSettings(lab, side.seat) } } }));
  return config;
}

/** An adapter process that is the access point of `name`: its configuration file, data directory (`<dir>/data-<name>`) and port; `env` adds settings. */
export async function startAccessPoint(o: { dir: string; name: 'seller' | 'buyer'; config: string; port: number; platformUrl: string; env?: Record<string, string> | undefined }): Promise<Adapter> {
  const child = runBin(['serve'], {
    cwd: o.dir,
    env: {
      ADAPTER_PORT: String(o.port),
      DATA_DIR: join(o.dir, `data-${o.name}`),
      ADAPTER_API_KEY: KEY,
      ADMIN_API_KEY: ADMIN_KEY,
      ADAPTER_CONFIG: o.config,
      BILLING_URL: o.platformUrl,
      RETRY_MIN_DELAY: '100',
      RETRY_MAX_DELAY: '500',
      LOG_LEVEL: 'warn',
      ...o.env,
    },
  });
  const m = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
  return { child, url: m[1]! };
}

/**
 * The seller's and the buyer's access points of `network`: call `setUp` in a before hook and
 * `tearDown` in an after hook; `start` then starts either side's adapter.
 */
export function accessPointPair(network: LabNetwork, sides: { seller: Side; buyer: Side }) {
  const inbound = `/networks/${network.toLowerCase()}/inbound`;
  const callbacks: Callback[] = [];
  const ports = { seller: 0, buyer: 0 };
  let dir = '';
  let lab: Lab | undefined;
  let platform: Server | undefined;
  let platformUrl = '';

  const setUp = async () => {
    dir = tempDir(`as4-two-${network.toLowerCase()}-`);
    ports.seller = await freePort();
    ports.buyer = await freePort();
    lab = await startLab({
      dir: join(dir, 'lab'),
      network,
      participants: (['seller', 'buyer'] as const).map((name) => ({ participantId: sides[name].participant, as4Url: `http://127.0.0.1:${ports[name]}${inbound}`, seat: sides[name].seat })),
    });
    platform = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        callbacks.push({ path: req.url!, status: String(qs.parse(body).status) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => platform!.listen(0, '127.0.0.1', r));
    platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  };

  const tearDown = async () => {
    await killChildren();
    await lab?.close();
    await new Promise((r) => (platform ? platform.close(r) : r(undefined)));
  };

  /** An adapter process: its own configuration (its entity, its access point), data directory and port; `env` adds settings. */
  const start = (name: 'seller' | 'buyer', env?: Record<string, string>): Promise<Adapter> =>
    startAccessPoint({ dir, name, config: accessPointConfig(dir, lab!, name, sides[name], network), port: ports[name], platformUrl, env });

  /** Waits for the platform's callback of `status` on `path`. */
  const callback = (path: string, status: string, what: string) => eventually(() => callbacks.find((c) => c.path === path && c.status === status), 30_000, what);

  return { setUp, tearDown, start, callback, callbacks };
}

/** The activations' status codes an adapter reports to the platform. */
export async function activationCodes(url: string): Promise<string[]> {
  const answer = (await fetch(`${url}/einvoicing/activations`, { headers: HEADERS }).then((r) => r.json())) as { activations: { status: { code: string } }[] };
  return answer.activations.map((a) => a.status.code);
}

/** POST /einvoicing/documents, which must be accepted. */
export async function submit(url: string, body: unknown): Promise<{ document_id: string }> {
  const res = await fetch(`${url}/einvoicing/documents`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).to.equal(200);
  return (await res.json()) as { document_id: string };
}

/** GET /admin{path} with the admin key, which must answer 200. */
export async function admin<T = Record<string, unknown>>(url: string, path: string): Promise<T> {
  const res = await fetch(`${url}/admin${path}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  expect(res.status, await res.clone().text()).to.equal(200);
  return (await res.json()) as T;
}

export interface ReceivedListItem {
  message_id: string;
  business_entity_id: string;
  disposition: string;
  sender: string;
  document_type: string;
}

/** What an adapter received on `network`, newest first. */
export async function receivedOn(url: string, network: LabNetwork): Promise<ReceivedListItem[]> {
  return (await admin<{ received_messages: ReceivedListItem[] }>(url, `/received-messages?network=${network}`)).received_messages;
}

/** One received message with its document and the receipt it was answered with. */
export function receivedMessage(url: string, network: LabNetwork, messageId: string): Promise<{ content: string; answer: { body: string } }> {
  return admin(url, `/received-messages/${network}/${encodeURIComponent(messageId)}`);
}
