import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, fixtureConfigCopy } from './fixtures.js';

/** The fixtures' configuration with a `sandbox:` section (YAML text, indented as a top-level key). */
export function sandboxConfig(sandboxYaml: string): string {
  return fixtureConfigCopy('adapter-sandbox-', (yaml) => `${yaml}\nsandbox:\n${sandboxYaml.replace(/^/gm, '  ')}\n`);
}

const specInvoice = JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8')) as Record<string, unknown> & {
  accounting_customer_party: Record<string, unknown>;
};
const specCreditNote = JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-credit-note.json'), 'utf8')) as Record<string, unknown>;

/** The SPI's example invoice under another id, optionally addressed to another Peppol participant. */
export function invoiceTo(id: string, endpoint?: string): Record<string, unknown> {
  const [scheme, pid] = endpoint ? endpoint.split(':') : [];
  const customer = endpoint ? { ...specInvoice.accounting_customer_party, electronic_address: { scheme, id: pid } } : specInvoice.accounting_customer_party;
  return { ...specInvoice, id, accounting_customer_party: customer };
}

export function creditNote(id: string): Record<string, unknown> {
  return { ...specCreditNote, id };
}

/** Polls `probe` until it returns something truthy (or fails after `timeoutMs`). */
export async function eventually<T>(probe: () => T | Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
