import type { PaymentMeans } from '../en16931/model.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * cac:PaymentMeans (BG-16) in PaymentMeansType order: PaymentMeansCode, PaymentDueDate,
 * PaymentID, CardAccount, PayeeFinancialAccount, PaymentMandate.
 */
export function paymentMeansEl(pm: PaymentMeans): XmlNode {
  return el(
    'cac:PaymentMeans',
    undefined,
    leaf('cbc:PaymentMeansCode', pm.code),
    leaf('cbc:PaymentDueDate', pm.dueDate),
    leaf('cbc:PaymentID', pm.paymentId),
    pm.card
      ? el(
          'cac:CardAccount',
          undefined,
          leaf('cbc:PrimaryAccountNumberID', pm.card.pan),
          leaf('cbc:NetworkID', pm.card.network),
          leaf('cbc:HolderName', pm.card.holder),
        )
      : undefined,
    pm.payeeAccount ? el('cac:PayeeFinancialAccount', undefined, leaf('cbc:ID', pm.payeeAccount.id)) : undefined,
    pm.mandate ? el('cac:PaymentMandate', undefined, leaf('cbc:ID', pm.mandate.id)) : undefined,
  );
}
