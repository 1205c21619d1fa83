import type { Driver } from '../../src/spi/driver.js';

/**
 * A driver that only declares metadata, for registry and field-table tests. Submitting to it
 * fails loudly: document handling is tested with the real drivers and their fixtures.
 */
export function metadataDriver(
  meta: Omit<Driver, 'examine' | 'render' | 'documentTypeFor' | 'transmit' | 'mapStatus' | 'readInbound'> & Partial<Pick<Driver, 'documentTypeFor'>>,
): Driver {
  return {
    documentTypeFor: {},
    ...meta,
    examine: () => Promise.reject(new Error(`metadata-only test driver ${meta.model} cannot examine`)),
    render: () => {
      throw new Error(`metadata-only test driver ${meta.model} cannot render`);
    },
    transmit: () => Promise.reject(new Error(`metadata-only test driver ${meta.model} cannot transmit`)),
    mapStatus: () => 'IN_PROGRESS',
    readInbound: () => undefined,
  };
}
