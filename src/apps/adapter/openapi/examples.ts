import { demoConfig } from '../../../platform/config/demo-config.js';
import type { OperationExample } from '../../../platform/http/operation.js';

// The examples the adapter's OpenAPI document publishes for its operations (issue 44, part 4),
// each with the status it gets on a fresh `npm start` (TRANSPORT=sandbox, the demo
// configuration, ADMIN_API_KEY and METRICS_API_KEY set). test/openapi/examples.test.ts sends
// every one of them, read back from the document, through the live app. They are made from
// demoConfig()'s entities, so a change of the demo changes them and no identifier is written
// twice. An id the adapter makes at run time is written as a fixed placeholder (below); the test
// replaces each by the value an earlier example got.

/** Placeholders for ids made at run time: a reader substitutes the ones their own calls returned. */
export const EXAMPLE_IDS = {
  /** The invoice's document_id (a UUIDv7, as the adapter makes them). */
  invoice: '019abcde-0000-7000-8000-000000000001',
  /** The credit note's document_id. */
  creditNote: '019abcde-0000-7000-8000-000000000002',
  /** The application response's document_id. */
  applicationResponse: '019abcde-0000-7000-8000-000000000003',
  /** The id of the SPI key made for the example merchant. */
  apiKey: 'EXAMPLE_KEY_ID',
  /** The `expires` and `signature` of the invoice's signed file link (a download's document_url). */
  fileExpires: '1767225600',
  fileSignature: 'EXAMPLE_FILE_SIGNATURE',
} as const;

type Entity = ReturnType<typeof demoConfig>['business_entities'][number];
const demo = demoConfig();
const activatedFor = (model: string, country: string): Entity => {
  const found = demo.business_entities.find((e) => e.activations.some((a) => a.country_activations.some((c) => c.model === model && c.country === country)));
  if (!found) throw new Error(`the demo configuration has no ${model} entity in ${country}`);
  return found;
};

/** The demo's German seller on Peppol: the invoice, the credit note and the application response are its. */
const seller = activatedFor('PEPPOL', 'DE');
/** The demo's French entity: its CTC_FR settings are the driver settings' example. */
const french = activatedFor('CTC', 'FR');
/** The entity the example merchant has (not the seller, whose documents stay the operator's). */
const merchantEntity = activatedFor('PEPPOL', 'NL');

const SCENARIO = { country: 'DE', transaction_type: 'B2B', model: 'PEPPOL' } as const;
const supplier = {
  name: seller.party.name,
  address: seller.party.address,
  tax_scheme: seller.party.tax_identifiers,
};
const buyer = {
  name: 'Example Buyer GmbH',
  address: { line_1: 'Berliner Str. 123', line_2: '2nd Floor', zip: '10115', city: 'Berlin', country: 'DE' },
  tax_scheme: [{ scheme: 'VAT', id: 'DE123456789' }],
};
const INVOICE_NUMBER = 'INV-10001';

// Amounts are JSON numbers as the SPI writes them; the adapter reads them as decimals.
const invoice = {
  id: INVOICE_NUMBER,
  type: 'INVOICE',
  ...SCENARIO,
  document_type: 'ubl-invoice',
  issue_date: '2025-04-02',
  tax_date: '2025-04-02',
  currency_code: 'EUR',
  due_date: '2025-04-30',
  amount: 119.0,
  status: 'PAYMENT_DUE',
  taxable_amount: 100.0,
  amount_due: 119.0,
  total_discount: 0.0,
  note: 'Payment due in 28 days.',
  accounting_supplier_party: supplier,
  accounting_customer_party: buyer,
  payment_means: [{ code: 'ONLINE_PAYMENT_SERVICE', payment_id: 'PAY-2025-00987', card_account: { primary_account_number_id: '4111********1111', card_holder_name: 'Jane Smith', network_id: 'MASTERCARD' } }],
  lines: [{ id: '1', description: 'Consulting services, April', quantity: 1, unit_price: 100.0, amount: 100.0, classified_tax_category: [{ percentage: 19, category: 'VAT', country: 'DE' }] }],
  tax_total: { tax_amount: 19.0, tax_sub_totals: [{ taxable_amount: 100.0, tax_amount: 19.0, percentage: 19, country: 'DE', category: 'VAT' }] },
};

const creditNote = {
  ...invoice,
  id: 'CN-3001',
  type: 'CREDIT_NOTE',
  document_type: 'ubl-creditnote',
  status: 'REFUND_DUE',
  note: 'Refund of the April consulting.',
  payment_means: [{ ...invoice.payment_means[0]!, payment_id: 'CN-3001' }],
  billing_reference: [{ invoice_document_reference: { id: INVOICE_NUMBER, issue_date: invoice.issue_date } }],
};

const applicationResponse = {
  id: 'AR-4006',
  type: 'APPLICATION_RESPONSE',
  ...SCENARIO,
  document_type: 'ubl-applicationresponse',
  issue_date: '2025-04-04',
  // The seller answers an invoice it received from the buyer.
  sender_party: { legal_entity: { registration_name: seller.party.legal_entity.registration_name, company_id: seller.party.tax_identifiers[0]!.id } },
  receiver_party: { legal_entity: { registration_name: buyer.name, company_id: buyer.tax_scheme[0]!.id } },
  document_response: { response: { status: 'Accepted', note: 'Invoice accepted without issues' }, document_reference: { id: 'PO-INV-778' } },
};

/** A business entity the admin example adds: a new German seller, identified by its own numbers. */
const NEW_ENTITY_ID = 'example-branch';
const newEntity = {
  id: NEW_ENTITY_ID,
  display_name: 'Example Branch',
  party: {
    name: 'Example Branch GmbH',
    address: { line_1: 'Königsallee 1', zip: '40212', city: 'Düsseldorf', country: 'DE' },
    tax_identifiers: [{ scheme: 'VAT', id: 'DE111111111' }],
    legal_entity: { registration_name: 'Example Branch GmbH' },
    electronic_address: { scheme: '9930', id: 'DE111111111' },
    contact: { name: 'Accounts receivable', telephone: '+49 211 555 0100', email: 'billing@branch.example' },
  },
  activations: [
    {
      id: '0b5a4e8e-2f8c-4c1e-9d7a-3e6f1c2b4a5d',
      status: { code: 'COMPLETED' },
      country_activations: [{ model: 'PEPPOL', country: 'DE', einvoicing_type: 'B2B', supported_document_types: ['ubl-invoice', 'ubl-creditnote'] }],
    },
  ],
};

const MERCHANT_ID = 'example-merchant';
const merchant = { id: MERCHANT_ID, display_name: 'Example merchant', business_entity_ids: [merchantEntity.id] };

const UNKNOWN_CALLBACK = '999999999';

const documentParams = (documentId: string) => ({ document_id: documentId });

/** The examples of each operation, by operationId. */
export const EXAMPLES = {
  getHealth: [{ name: 'health', summary: 'The health report', status: 200 }],
  validateCredentials: [{ name: 'no-key', summary: 'Without a key: INVALID', status: 401 }],
  downloadFile: [
    {
      name: 'invoice-xml',
      summary: "The invoice's UBL, by the link its download gave",
      params: { document_id: EXAMPLE_IDS.invoice, index: '1' },
      query: { expires: EXAMPLE_IDS.fileExpires, signature: EXAMPLE_IDS.fileSignature },
      status: 200,
    },
  ],
  getOpenApi: [{ name: 'document', summary: 'This document', status: 200 }],
  getMetrics: [{ name: 'scrape', summary: 'A scrape', status: 200 }],

  listBusinessEntities: [{ name: 'all', summary: 'Every live business entity', status: 200 }],
  addBusinessEntity: [{ name: 'german-seller', summary: 'A German seller on Peppol', body: newEntity, status: 201 }],
  getBusinessEntity: [{ name: 'demo-seller', summary: "The demo's German seller", params: { id: seller.id }, status: 200 }],
  replaceBusinessEntity: [{ name: 'renamed', summary: 'The added seller, renamed', params: { id: NEW_ENTITY_ID }, body: { ...newEntity, display_name: 'Example Branch (Düsseldorf)' }, status: 200 }],
  removeBusinessEntity: [{ name: 'added', summary: 'The added seller', params: { id: NEW_ENTITY_ID }, status: 204 }],
  getEntityDriver: [{ name: 'ctc-fr', summary: "The French entity's CTC_FR settings", params: { id: french.id, driver: 'CTC_FR' }, status: 200 }],
  putEntityDriver: [
    { name: 'ctc-fr-extended', summary: 'The French entity deposits EXTENDED-CTC-FR for mixed supplies', params: { id: french.id, driver: 'CTC_FR' }, body: { profile: 'extended-ctc-fr', supply: 'mixed' }, status: 200 },
  ],
  deleteEntityDriver: [{ name: 'ctc-fr', summary: "The French entity's CTC_FR settings removed", params: { id: french.id, driver: 'CTC_FR' }, status: 204 }],

  listMerchants: [{ name: 'all', summary: 'Every merchant', status: 200 }],
  createMerchant: [{ name: 'merchant', summary: "A merchant with the demo's Dutch entity", body: merchant, status: 201 }],
  getMerchant: [{ name: 'merchant', summary: 'The merchant added', params: { id: MERCHANT_ID }, status: 200 }],
  replaceMerchant: [{ name: 'renamed', summary: 'The merchant, renamed', params: { id: MERCHANT_ID }, body: { ...merchant, display_name: 'Example merchant B.V.' }, status: 200 }],
  deleteMerchant: [{ name: 'merchant', summary: 'The merchant added', params: { id: MERCHANT_ID }, status: 204 }],
  createApiKey: [{ name: 'merchant', summary: 'A key for the merchant', params: { id: MERCHANT_ID }, status: 201 }],
  revokeApiKey: [{ name: 'merchant', summary: 'That key revoked', params: { id: MERCHANT_ID, key_id: EXAMPLE_IDS.apiKey }, status: 204 }],
  connectMerchant: [{ name: 'merchant', summary: "The merchant's authorize URL", params: { id: MERCHANT_ID }, status: 200 }],

  listReceivedMessages: [{ name: 'peppol', summary: 'What the Peppol network delivered, ten at a time', query: { network: 'PEPPOL', limit: '10' }, status: 200 }],

  getReceivedMessage: [{ name: 'unknown', summary: 'A message no network delivered: 404', params: { network: 'PEPPOL', message_id: 'unknown@example.invalid' }, status: 404 }],

  listOutboxCallbacks: [{ name: 'failed', summary: 'The failed callbacks', query: { state: 'failed' }, status: 200 }],
  listOutboxTransmissions: [{ name: 'seller', summary: "The German seller's transmissions", query: { business_entity_id: seller.id }, status: 200 }],
  listOutboxActions: [{ name: 'latest', summary: 'The latest actions', query: { limit: '20' }, status: 200 }],
  retryFailedOutboxCallbacks: [{ name: 'merchant', summary: "Every failed callback of the merchant's site", body: { site: MERCHANT_ID }, status: 200 }],
  // A fresh demo posts no status callbacks (no BILLING_URL, no merchant connected): there is none to act on.
  retryOutboxCallback: [{ name: 'unknown', summary: 'A callback the outbox does not have: 404', params: { id: UNKNOWN_CALLBACK }, status: 404 }],
  cancelOutboxCallback: [{ name: 'unknown', summary: 'A callback the outbox does not have: 404', params: { id: UNKNOWN_CALLBACK }, status: 404 }],
  retryOutboxTransmission: [
    // Refused after it was sent, its transmission is done; one the network never took (failed) goes back to the queue.
    { name: 'refused', summary: 'The application response the network refused has ended: 409', params: documentParams(EXAMPLE_IDS.applicationResponse), status: 409 },
  ],
  cancelOutboxTransmission: [
    { name: 'delivered', summary: "A delivered invoice's transmission has ended: 409", params: documentParams(EXAMPLE_IDS.invoice), status: 409 },
  ],
  rotateSealing: [{ name: 'rotate', summary: 'Every sealed value sealed again', status: 200 }],

  getActivations: [
    { name: 'all', summary: 'Every activation the key sees', status: 200 },
    { name: 'seller', summary: "The German seller's activations", query: { business_entity_id: seller.id }, status: 200 },
    { name: 'entities', summary: 'The business entities in Germany', query: { mode: 'business_entities', country: 'DE' }, status: 200 },
  ],
  getDataInputFields: [{ name: 'peppol-invoice', summary: 'The fields of a German Peppol invoice', query: { ...SCENARIO, document_type: 'ubl-invoice' }, status: 200 }],
  submitDocument: [
    { name: 'invoice', summary: "An invoice of the demo's German seller", body: invoice, status: 200 },
    { name: 'credit-note', summary: 'A credit note for it', body: creditNote, status: 200 },
    { name: 'application-response', summary: 'The seller accepts an invoice it received', body: applicationResponse, status: 200 },
  ],
  getDocumentStatus: [{ name: 'invoice', summary: "The invoice's status", params: documentParams(EXAMPLE_IDS.invoice), status: 200 }],
  downloadDocument: [{ name: 'invoice', summary: "The invoice's UBL and its link", params: documentParams(EXAMPLE_IDS.invoice), query: { ...SCENARIO, document_type: 'ubl-invoice' }, status: 200 }],
  injectNetworkFailure: [
    {
      name: 'permanent',
      summary: 'The receiving access point refuses the application response (before it is delivered, 1 s after the send)',
      params: documentParams(EXAMPLE_IDS.applicationResponse),
      body: { mode: 'permanent', code: 'INVALID_DATA', message: 'The receiver is not registered on the network' },
      status: 202,
    },
  ],
  injectBuyerResponse: [
    { name: 'accepted', summary: 'The buyer accepts the invoice, once delivered', params: documentParams(EXAMPLE_IDS.invoice), body: { status: 'ACCEPTED', note: 'Thank you' }, status: 201 },
  ],
} as const satisfies Record<string, readonly OperationExample[]>;
