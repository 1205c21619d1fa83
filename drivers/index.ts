import type { Driver } from '../src/spi/driver.js';
import { ctcFrDriver } from './ctc-fr/index.js';
import { einvoiceDriver } from './einvoice/index.js';
import { faceDriver } from './face/index.js';
import { ksefDriver } from './ksef/index.js';
import { navDriver } from './nav/index.js';
import { nemhandelDriver } from './nemhandel/index.js';
import { peppolDriver } from './peppol/index.js';
import { sdiDriver } from './sdi/index.js';
import { verifactuDriver } from './verifactu/index.js';
import { zugferdDriver } from './zugferd/index.js';

/**
 * The driver registry: ONE line per driver, in the order `einvoicing-adapter drivers` lists
 * them. Adding a model = a folder under drivers/, a line here, and fixtures; the conformance
 * suite then covers it without test edits.
 */
export const drivers: readonly Driver[] = Object.freeze([
  peppolDriver,
  verifactuDriver,
  einvoiceDriver,
  zugferdDriver,
  ksefDriver,
  sdiDriver,
  faceDriver,
  nemhandelDriver,
  ctcFrDriver,
  navDriver,
]);
