import type { PaymentMeans, SemanticInvoice } from '../en16931/model.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';
import { dateTimeEl } from './values.js';

/**
 * ram:SpecifiedTradeSettlementPaymentMeans (BG-16) in its type's order: TypeCode (BT-81), the
 * card (BT-87 last digits, BT-88 holder), the payee account (BT-84: IBANID for an IBAN, else
 * ProprietaryID). The card network has no place in EN 16931's CII.
 */
export function paymentMeansEl(pm: PaymentMeans): XmlNode {
  const account = pm.payeeAccount?.id;
  return el(
    'ram:SpecifiedTradeSettlementPaymentMeans',
    undefined,
    leaf('ram:TypeCode', pm.code),
    pm.card ? el('ram:ApplicableTradeSettlementFinancialCard', undefined, leaf('ram:ID', pm.card.pan), leaf('ram:CardholderName', pm.card.holder)) : undefined,
    account ? el('ram:PayeePartyCreditorFinancialAccount', undefined, leaf(pm.code === '58' ? 'ram:IBANID' : 'ram:ProprietaryID', account)) : undefined,
  );
}

/**
 * ram:SpecifiedTradePaymentTerms: the terms text (BT-20), the due date (BT-9, which UBL credit
 * notes carry on the payment means instead) and the direct debit mandate (BT-89).
 */
export function paymentTermsEl(d: SemanticInvoice): XmlNode | undefined {
  const due = d.dueDate ?? d.paymentMeans.find((pm) => pm.dueDate)?.dueDate;
  const mandate = d.paymentMeans.find((pm) => pm.mandate)?.mandate?.id;
  if (!d.paymentTermsNote && !due && !mandate) return undefined;
  return el('ram:SpecifiedTradePaymentTerms', undefined, leaf('ram:Description', d.paymentTermsNote), dateTimeEl('ram:DueDateDateTime', due), leaf('ram:DirectDebitMandateID', mandate));
}
