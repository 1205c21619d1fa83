import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { CreditNoteCreate } from '../schemas/credit-note.js';
import type { BillingContext } from '../services/context.js';
import { createCreditNote, getCreditNote, listCreditNotes } from '../services/credit-notes.js';

export function creditNotesRoutes(router: Router, ctx: BillingContext): void {
  router.post('/credit_notes', (k) => {
    k.body = createCreditNote(readParams(CreditNoteCreate, k.request.body), ctx);
  });
  router.get('/credit_notes', (k) => {
    k.body = listBody('credit_note', listCreditNotes(readPagination(k.state.query), ctx));
  });
  router.get('/credit_notes/:id', (k) => {
    k.body = { credit_note: getCreditNote(k.params.id!, ctx) };
  });
}
