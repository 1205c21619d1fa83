import { drivers } from '../../../drivers/index.js';
import { createRegistry } from '../../driver-kit/registry.js';
import { driverId } from '../../spi/driver.js';
import type { Values } from '../command.js';

/** `drivers`: the registry, as a table or JSON. Reads the drivers' descriptions only, never their renderers. */
export async function listDrivers(values: Values): Promise<number> {
  const all = createRegistry(drivers).all.map((d) => ({
    id: driverId(d),
    model: d.model,
    title: d.title,
    countries: d.countries.length ? [...d.countries] : ['any'],
    transaction_types: [...d.transactionTypes],
    document_types: [...d.documentTypes],
    fields: d.fields.length,
  }));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
    return 0;
  }
  if (all.length === 0) {
    process.stdout.write('No driver is registered (drivers/index.ts).\n');
    return 0;
  }
  for (const d of all) {
    process.stdout.write(
      `${d.id.padEnd(10)} ${d.title} (model ${d.model})\n` +
        `           countries: ${d.countries.join(' ')}\n` +
        `           transaction types: ${d.transaction_types.join(' ')}\n` +
        `           document types: ${d.document_types.join(' ')} (${d.fields} fields)\n`,
    );
  }
  return 0;
}
