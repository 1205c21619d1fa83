import type { FieldSpec } from '../../src/driver/types.js';
import { ciiInvoiceFields } from '../../src/en16931/cii-fields.js';
import { ublInvoiceFields } from '../../src/en16931/ubl-fields.js';

/** The EINVOICE field table: the EN 16931 rows of both syntaxes, each for its own document types. */
export const EINVOICE_FIELDS: readonly FieldSpec[] = Object.freeze([...ublInvoiceFields(), ...ciiInvoiceFields()]);
