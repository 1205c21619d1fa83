import type { MainDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { PaymentMeans } from '../../src/formats/en16931/model.js';

// Payment means as OIOUBL writes them (its PaymentMeansCode list: 1, 10, 20, 31, 42, 48, 49,
// 50, 58, 59, 93, 97), from the payment means the semantic invoice already mapped:
//
// - a FIK payment (Fælles Indbetalingskort): `payment_id` is the slip's code line,
//   `+71<000000000012345+87654321<`, card type 71, 73 or 75, payment reference (15 digits for
//   71, 16 for 75, none for 73) and the creditor number (8 digits) → 93, channel DK:FIK,
//   PaymentID the card type, InstructionID the reference, the creditor as CreditAccount/AccountID;
// - a Danish bank account, registration number and account number (`1234 0001234567`,
//   `1234-1234567`, or 14 digits) → 42, channel DK:BANK, the registration number as the branch;
// - an IBAN → 58 (SEPA credit transfer), channel IBAN: 31 would need the BIC, which no SPI field carries;
// - direct debit 59 and a bank card 48 as they are; an online payment service without a card → 1
//   (instrument not defined): OIOUBL has no 68.

const FIK = /^\+(7[135])<(\d*)\+(\d{8})<$/;
const FIK_REFERENCE_LENGTH: Readonly<Record<string, number>> = { '71': 15, '73': 0, '75': 16 };
const DANISH_ACCOUNT = /^(\d{4})[ -]?(\d{1,10})$/;

/**
 * The document with the creditor number of each FIK code line as its payee account, where the
 * caller sent only the code line: the semantic invoice wants an account on every credit transfer.
 */
export function withFikAccounts(doc: MainDocument): MainDocument {
  const list = doc.payment_means;
  if (!list?.some((pm) => !pm.payee_financial_account && fikOf(pm.payment_id))) return doc;
  return { ...doc, payment_means: list.map((pm) => (pm.payee_financial_account || !fikOf(pm.payment_id) ? pm : { ...pm, payee_financial_account: { id: fikOf(pm.payment_id)![3]! } })) };
}

const fikOf = (paymentId: string | undefined) => (paymentId ? FIK.exec(paymentId.replace(/\s/g, '')) : null);

export function danishPaymentMeans(list: readonly PaymentMeans[], rawPaymentIds: readonly (string | undefined)[], issues: IssueList): PaymentMeans[] {
  const out: PaymentMeans[] = [];
  list.forEach((pm, i) => {
    const mapped = danish(pm, rawPaymentIds[i], `payment_means[${i}]`, issues);
    if (mapped) out.push(mapped);
  });
  return out;
}

function danish(pm: PaymentMeans, rawPaymentId: string | undefined, path: string, issues: IssueList): PaymentMeans | undefined {
  const fik = fikOf(rawPaymentId);
  if (fik) {
    const [, card, reference, creditor] = fik as unknown as [string, string, string, string];
    if (pm.payeeAccount && pm.payeeAccount.id !== creditor) {
      issues.invalid('110', `${path}.payee_financial_account.id`, `is not the creditor number of the FIK code line in payment_id (${creditor})`);
      return undefined;
    }
    if (reference.length !== FIK_REFERENCE_LENGTH[card]) {
      issues.invalid('110', `${path}.payment_id`, `a FIK card type ${card} carries a payment reference of ${FIK_REFERENCE_LENGTH[card]} digits (got ${reference.length})`);
      return undefined;
    }
    return { code: '93', dueDate: pm.dueDate, channelCode: 'DK:FIK', instructionId: reference || undefined, paymentId: card, creditAccount: creditor };
  }
  if (rawPaymentId?.trim().startsWith('+7')) {
    issues.invalid('110', `${path}.payment_id`, 'reads as a FIK code line but is not one: +71<15 digits+8-digit creditor number<, +73<+creditor<, or +75<16 digits+creditor<');
    return undefined;
  }
  switch (pm.code) {
    case '58':
      return { code: '58', dueDate: pm.dueDate, channelCode: 'IBAN', paymentId: pm.paymentId, payeeAccount: pm.payeeAccount };
    case '30': {
      const account = DANISH_ACCOUNT.exec(pm.payeeAccount?.id ?? '');
      if (!account) {
        issues.invalid('111', `${path}.payee_financial_account.id`, 'must be an IBAN or a Danish registration and account number (4 + up to 10 digits): OIOUBL has no other credit transfer');
        return undefined;
      }
      return { code: '42', dueDate: pm.dueDate, channelCode: 'DK:BANK', paymentId: pm.paymentId, payeeAccount: { id: account[2]!, branchId: account[1] } };
    }
    case '68':
      return { code: '1', dueDate: pm.dueDate, paymentId: pm.paymentId };
    default:
      return pm;
  }
}
