import type { PaymentMeans } from '../en16931/model.js';
import { codeEl, type UblDialect } from './dialect.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/**
 * cac:PaymentMeans (BG-16) in PaymentMeansType order: PaymentMeansCode, PaymentDueDate,
 * PaymentChannelCode, InstructionID, PaymentID, CardAccount, PayeeFinancialAccount (with its
 * FinancialInstitutionBranch), CreditAccount, PaymentMandate.
 */
export function paymentMeansEl(pm: PaymentMeans, dialect: UblDialect): XmlNode {
  return el(
    'cac:PaymentMeans',
    undefined,
    leaf('cbc:PaymentMeansCode', pm.code),
    leaf('cbc:PaymentDueDate', pm.dueDate),
    codeEl('cbc:PaymentChannelCode', pm.channelCode, dialect),
    leaf('cbc:InstructionID', pm.instructionId),
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
    pm.payeeAccount
      ? el(
          'cac:PayeeFinancialAccount',
          undefined,
          leaf('cbc:ID', pm.payeeAccount.id),
          pm.payeeAccount.branchId ? el('cac:FinancialInstitutionBranch', undefined, leaf('cbc:ID', pm.payeeAccount.branchId)) : undefined,
        )
      : undefined,
    pm.creditAccount ? el('cac:CreditAccount', undefined, leaf('cbc:AccountID', pm.creditAccount)) : undefined,
    pm.mandate ? el('cac:PaymentMandate', undefined, leaf('cbc:ID', pm.mandate.id)) : undefined,
  );
}
