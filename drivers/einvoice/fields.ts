import type { FieldSpec } from '../../src/spi/driver.js';
import { ciiInvoiceFields } from '../../src/formats/en16931/cii-fields.js';
import { EN16931_TYPE_CODES } from '../../src/formats/en16931/type-codes.js';
import { ublInvoiceFields } from '../../src/formats/en16931/ubl-fields.js';

/**
 * The EINVOICE field table: the EN 16931 rows of both syntaxes, each for its own document types,
 * with EN 16931's type codes (an entity writing XRechnung is held to XRechnung's narrower list by examine).
 */
export const EINVOICE_FIELDS: readonly FieldSpec[] = Object.freeze([...ublInvoiceFields(EN16931_TYPE_CODES), ...ciiInvoiceFields(EN16931_TYPE_CODES)]);
