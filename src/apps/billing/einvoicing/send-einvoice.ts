import { found, invalidState } from '../errors.js';
import type { CreditNote } from '../schemas/credit-note.js';
import type { Invoice } from '../schemas/invoice.js';
import type { BillingContext } from '../services/context.js';
import type { ResourceType } from '../store/einvoice-jobs.js';
import { scheduleEinvoice } from './einvoice.js';
import { storeEinvoice } from './einvoice-status.js';
import { routeFor } from './einvoicing-settings.js';

/**
 * `send_einvoice`: submits the document's e-invoice again, built from the data as it is now
 * (a corrected company name, or the seller's settings fixed and the service restarted); the
 * adapter takes it as a new document once its previous one is FAILED. Allowed when the document has no e-invoice yet (its customer
 * was not e-invoiced when it was issued) or its e-invoice failed; refused while one is under
 * way or once it reached the buyer (a rejected invoice is answered with a credit note).
 */
export function sendEinvoice(resourceType: ResourceType, id: string, ctx: BillingContext): Invoice | CreditNote {
  return ctx.store.transaction(() => {
    const resource: Invoice | CreditNote = found(resourceType === 'invoice' ? ctx.store.invoices.get(id) : ctx.store.creditNotes.get(id), resourceType, id);
    const customer = found(ctx.store.customers.get(resource.customer_id), 'customer', resource.customer_id);
    if (!routeFor(ctx.einvoicing, customer)) {
      throw invalidState(`The customer ${customer.id} is not e-invoiced: billing country ${customer.billing_address?.country ?? '(none)'} has no e-invoicing activation.`);
    }
    const status = resource.einvoice?.status;
    if (status !== undefined && status !== 'failed') {
      throw invalidState(`The e-invoice of ${resourceType} ${id} is ${status}; only a failed e-invoice can be sent again${status === 'rejected' ? ' (answer a rejection with a credit note)' : ''}.`);
    }
    return storeEinvoice(resourceType, resource, scheduleEinvoice(resourceType, id, customer, ctx)!, ctx);
  });
}
