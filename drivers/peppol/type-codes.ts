import type { TypeCodes } from '../../src/formats/en16931/type-codes.js';

// Data the driver's description (its field table) and its working parts (the profile) share.

/** Peppol BIS Billing 3.0.21's code lists of BT-3 (PEPPOL-EN16931-P0100, P0101): subsets of EN 16931's. */
export const PEPPOL_TYPE_CODES: TypeCodes = Object.freeze({
  source: 'Peppol BIS Billing 3 (PEPPOL-EN16931-P0100/P0101)',
  invoice: '71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(' '),
  creditNote: ['81', '83', '381', '396', '532'],
});
