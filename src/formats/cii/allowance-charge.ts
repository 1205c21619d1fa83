import type { AllowanceCharge } from '../en16931/model.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';
import { categoryTaxEl } from './trade-tax.js';
import { amountEl, indicatorEl } from './values.js';

/**
 * ram:SpecifiedTradeAllowanceCharge in TradeAllowanceChargeType order: ChargeIndicator,
 * ActualAmount, ReasonCode, Reason, CategoryTradeTax (document level only, BG-20/21).
 */
export function allowanceChargeEl(ac: AllowanceCharge): XmlNode {
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    undefined,
    indicatorEl('ram:ChargeIndicator', ac.charge),
    amountEl('ram:ActualAmount', ac.amount),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', ac.reason),
    ac.taxCategory ? categoryTaxEl('ram:CategoryTradeTax', ac.taxCategory) : undefined,
  );
}
