import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { accessPointSettings, type Lab } from '../../src/cli/actions/edelivery-lab/lab.js';
import { runBin, type Child } from './child.js';

// Adapters as Peppol access points in the eDelivery lab (src/cli/actions/edelivery-lab): the
// fixtures' seller and buyer with their Peppol addresses and lab seats, the configuration file of
// an instance that is one of them, and that instance as a real process on a port of its own.

export const AP_KEY = 'as4-two-processes-key-0123456789abcdef';
export const AP_ADMIN_KEY = 'as4-two-processes-admin-0123456789abcdef';
export const SELLER = { id: 'example-seller', participant: '9930:DE987654321', seat: 'POP000001' } as const;
export const BUYER = { id: 'example-buyer', participant: '9930:DE123456789', seat: 'POP000002' } as const;
export type Side = 'seller' | 'buyer';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The fixtures' seller or buyer, with its Peppol address and one activation for `documentTypes`. */
export function entity(id: string, participant: string, documentTypes: string[]): Record<string, unknown> {
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

/** Writes `<dir>/<side>.yaml`: the side's entity and the lab's access point of its seat. */
export function accessPointConfig(dir: string, lab: Lab, side: Side): string {
  const who = side === 'seller' ? SELLER : BUYER;
  const config = join(dir, `${side}.yaml`);
  const documentTypes = side === 'seller' ? ['ubl-invoice', 'ubl-creditnote', 'ubl-applicationresponse'] : ['ubl-applicationresponse'];
  writeFileSync(config, stringify({ business_entities: [entity(who.id, who.participant, documentTypes)], drivers: { PEPPOL: { access_point: accessPointSettings(lab, who.seat) } } }));
  return config;
}

/** An adapter process that is `side`'s access point: its own configuration, data directory (`<dir>/data-<side>`) and port. */
export async function startAccessPoint(o: { dir: string; lab: Lab; side: Side; port: number; platformUrl: string }): Promise<{ child: Child; url: string }> {
  const child = runBin(['serve'], {
    cwd: o.dir,
    env: {
      ADAPTER_PORT: String(o.port),
      DATA_DIR: join(o.dir, `data-${o.side}`),
      ADAPTER_API_KEY: AP_KEY,
      ADMIN_API_KEY: AP_ADMIN_KEY,
      ADAPTER_CONFIG: accessPointConfig(o.dir, o.lab, o.side),
      BILLING_URL: o.platformUrl,
      RETRY_MIN_DELAY: '100',
      RETRY_MAX_DELAY: '500',
      LOG_LEVEL: 'warn',
    },
  });
  const m = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
  return { child, url: m[1]! };
}
