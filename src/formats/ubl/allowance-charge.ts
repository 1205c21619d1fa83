import type { AllowanceCharge } from '../en16931/model.js';
import { amountEl } from './amount.js';
import type { UblDialect } from './dialect.js';
import { taxCategoryEl } from './tax-category.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * cac:AllowanceCharge in AllowanceChargeType order: ChargeIndicator, AllowanceChargeReasonCode,
 * AllowanceChargeReason, Amount, TaxCategory (document level only). No BaseAmount: Peppol then
 * demands a percentage too (PEPPOL-EN16931-R041/R042), and the SPI carries neither.
 */
export function allowanceChargeEl(ac: AllowanceCharge, currency: string, dialect: UblDialect): XmlNode {
  return el(
    'cac:AllowanceCharge',
    undefined,
    leaf('cbc:ChargeIndicator', ac.charge ? 'true' : 'false'),
    leaf('cbc:AllowanceChargeReasonCode', ac.reasonCode),
    leaf('cbc:AllowanceChargeReason', ac.reason),
    amountEl('cbc:Amount', ac.amount, currency),
    ac.taxCategory ? taxCategoryEl('cac:TaxCategory', ac.taxCategory, false, dialect) : undefined,
  );
}
