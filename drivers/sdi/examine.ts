import type { MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import { buildFatturaPa } from './build.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { SdiModel } from './model.js';
import type { SdiSettings } from './settings.js';

// Validate and map in one pass: the semantic invoice (EN 16931's arithmetic and rules), then
// FatturaPA's own choices and the SDI's checks. What is checked is exactly what render writes.

/** EN 16931 as the arithmetic FatturaPA is computed from; its identifiers are never written. */
const SDI_PROFILE: Profile = {
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'FatturaPA 1.2.2' },
  endpointRequired: false,
  buyerReference: () => undefined,
  // N1 and N2 lines (outside the scope of VAT) sit beside taxed lines on Italian invoices.
  outOfScopeMixes: true,
};

/** Italian exempt operations name art. 10 unless the document or the configuration says otherwise. */
const EXEMPT_DEFAULT = { E: { text: 'Esente art. 10 DPR 633/72' } };

/** The settings with the Italian default; made once per settings object, which changes only with the settings (issue 45). */
const WITH_DEFAULTS = new WeakMap<SdiSettings, SdiSettings>();
function withDefaultsOf(settings: SdiSettings): SdiSettings {
  let made = WITH_DEFAULTS.get(settings);
  if (!made) WITH_DEFAULTS.set(settings, (made = { ...settings, exemption_reasons: { ...EXEMPT_DEFAULT, ...settings.exemption_reasons } }));
  return made;
}

export const examine = xmlExaminer<SdiSettings, SdiModel>('SDI', (doc, ctx, issues) => {
  const main = doc as MainDocument;
  const { settings } = ctx;
  const withDefaults = withDefaultsOf(settings);
  // Routing codes (EAS 0201, 0205, EM) are FatturaPA's own business, not Peppol endpoints.
  const { electronic_address: _buyerAddress, ...customer } = main.accounting_customer_party;
  const { electronic_address: _sellerAddress, ...supplier } = main.accounting_supplier_party;
  const invoice = semanticInvoice({ ...main, accounting_customer_party: customer, accounting_supplier_party: supplier }, { ...ctx, settings: withDefaults }, issues, SDI_PROFILE);
  if (!invoice) return undefined;
  const fpa = buildFatturaPa({ invoice, doc: main, settings, entityId: ctx.entity.id }, issues);
  const documentType = main.document_type ?? DOCUMENT_TYPE[main.type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE'];
  return fpa && { documentType, fpa };
});
