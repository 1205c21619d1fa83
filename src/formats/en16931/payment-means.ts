import type { SpiPaymentMeans } from '../../spi/document.js';
import type { IssueList } from '../../spi/issues.js';
import { compactId } from '../../code-lists/identifier.js';
import type { PaymentMeans } from './model.js';


// SPI payment means → UNCL4461 codes:
//   CREDIT_TRANSFER → 58 (SEPA credit transfer) for an IBAN, else 30 (credit transfer);
//   DIRECT_DEBIT → 59 (SEPA direct debit), mandate reference required (PEPPOL-EN16931-R061);
//   ONLINE_PAYMENT_SERVICE → 48 (bank card) with card details, else 68 (online payment service).
// Card numbers keep their last four digits only (BR-51, PCI DSS).

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

export function mapPaymentMeans(list: readonly SpiPaymentMeans[], dueDate: string | undefined, issues: IssueList): PaymentMeans[] {
  const out: PaymentMeans[] = [];
  for (let i = 0; i < list.length; i++) {
    const mapped = mapOne(list[i]!, `payment_means[${i}]`, dueDate, issues);
    if (mapped) out.push(mapped);
  }
  return out;
}

/** One payment means, with `dueDate` last as every shape had it. */
function mapOne(pm: SpiPaymentMeans, path: string, dueDate: string | undefined, issues: IssueList): PaymentMeans | undefined {
  const code = pm.code ?? (pm.payee_financial_account ? 'CREDIT_TRANSFER' : pm.payment_mandate ? 'DIRECT_DEBIT' : pm.card_account ? 'ONLINE_PAYMENT_SERVICE' : undefined);
  switch (code) {
    case 'CREDIT_TRANSFER': {
      if (!pm.payee_financial_account) {
        issues.missing('050', `${path}.payee_financial_account.id`, 'a credit transfer needs the payee account (BR-61)');
        return undefined;
      }
      const account = compactId(pm.payee_financial_account.id);
      return { code: IBAN.test(account) ? '58' : '30', paymentId: pm.payment_id, payeeAccount: { id: account }, dueDate };
    }
    case 'DIRECT_DEBIT':
      if (!pm.payment_mandate?.id) {
        issues.missing('051', `${path}.payment_mandate.id`, 'a direct debit needs the mandate reference (PEPPOL-EN16931-R061)');
        return undefined;
      }
      return { code: '59', paymentId: pm.payment_id, mandate: { id: pm.payment_mandate.id }, dueDate };
    case 'ONLINE_PAYMENT_SERVICE':
      return { code: pm.card_account ? '48' : '68', paymentId: pm.payment_id, card: cardOf(pm, path, issues), dueDate };
    default:
      issues.missing('053', `${path}.code`, 'is required (CREDIT_TRANSFER, ONLINE_PAYMENT_SERVICE or DIRECT_DEBIT)');
      return undefined;
  }
}

function cardOf(pm: SpiPaymentMeans, path: string, issues: IssueList): PaymentMeans['card'] {
  const card = pm.card_account;
  if (!card) return undefined;
  const pan = (card.primary_account_number_id ?? card.primary_account_number_i_d ?? '').replace(/\D/g, '').slice(-4);
  if (!pan || !card.network_id) {
    issues.invalid('052', `${path}.card_account`, 'needs primary_account_number_id (at least its last digits) and network_id');
    return undefined;
  }
  return { pan, network: card.network_id, holder: card.card_holder_name };
}
