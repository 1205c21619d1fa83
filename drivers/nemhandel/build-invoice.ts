import type { MainDocument } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import type { Line, Party, SemanticInvoice, TaxCategory, TaxSubtotal } from '../../src/formats/en16931/model.js';
import { hundredth, round, ZERO, type Decimal } from '../../src/lib/money.js';
import { compactId } from '../../src/code-lists/identifier.js';
import { cvrOf, isCvr } from '../../src/code-lists/tax-ids/danish-cvr.js';
import { danishPaymentMeans, withFikAccounts } from './danish-payment.js';
import { oioublIdentifier, vatEndpoint } from './endpoint-schemes.js';
import { documentUuid, followsOrder, OIOUBL_CUSTOMIZATION } from './identifiers.js';
import { profileFor, type NemhandelSettings } from './settings.js';

// The Danish delta on the semantic invoice: the same EN 16931 invoice (lines, VAT breakdown,
// totals, parties, computed once by src/formats/en16931), with the values OIOUBL 2.1 spells its own way.
// The UBL writers then write it through the OIOUBL dialect (oioubl-dialect.ts).
//
// - VAT categories by OIOUBL's names: S → StandardRated; Z, E, G, O → ZeroRated; AE, K →
//   ReverseCharge (percent 0). Categories that share a name share one subtotal (F-LIB315).
// - TaxExclusiveAmount is the VAT total in OIOUBL (F-INV127), not the amount without VAT.
// - Every line carries its own tax total (F-INV138), rounded per line like the breakdown.
// - Parties: identifiers in OIOUBL schemes (GLN, DK:CVR, DK:P, DK:SE, <country>:VAT), the
//   endpoint repeated as PartyIdentification when there is none, a PartyName always, the VAT
//   number as DK:SE (Danish) or ZZZ, the registration number as DK:CVR or ZZZ.
// - The buyer's reference (BT-10) is AccountingCustomerParty/Contact/ID, OIOUBL's reference person.

export interface OioublInvoice {
  ubl: SemanticInvoice;
  /** cbc:UUID: derived from the seller, the document kind and its number, so the same document keeps it. */
  uuid: string;
  /** Each line's own VAT, by line id. */
  lineTax: ReadonlyMap<string, Decimal>;
  contactIds: { customer: string };
}

const CATEGORY_NAMES: Readonly<Record<string, string>> = { S: 'StandardRated', Z: 'ZeroRated', E: 'ZeroRated', G: 'ZeroRated', O: 'ZeroRated', AE: 'ReverseCharge', K: 'ReverseCharge' };

/** OIOUBL requires Contact/ID (F-INV051); a business buyer that gave no reference gets this (a public one must give one: NEMHANDEL-102). */
const NO_REFERENCE = 'n/a';

export function oioublInvoice(doc: MainDocument, ctx: DocumentContext<NemhandelSettings>, issues: IssueList): OioublInvoice | undefined {
  const profileId = profileFor(ctx.settings, ctx.entity.id, doc.transaction_type ?? 'B2B');
  const profile: Profile = {
    specification: { customizationId: OIOUBL_CUSTOMIZATION, profileId },
    endpointRequired: true,
    buyerReference: () => undefined,
  };
  checkReferences(doc, profileId, issues);
  const semantic = semanticInvoice(withFikAccounts(doc), ctx, issues, profile);
  if (!semantic) return undefined;
  const supplier = oioublParty(semantic.supplier, 'accounting_supplier_party', issues);
  const customer = oioublParty(semantic.customer, 'accounting_customer_party', issues);
  const subtotals = mergeSubtotals(semantic.taxTotal.subtotals, issues);
  const paymentMeans = danishPaymentMeans(semantic.paymentMeans, (doc.payment_means ?? []).map((pm) => pm.payment_id), issues);
  if (!supplier || !customer || !subtotals || issues.hasErrors) return undefined;
  // Lines of one category (one object in the semantic invoice) share its OIOUBL object, so the dialect writes its element once (issue 45).
  const categories = new Map<TaxCategory, TaxCategory>();
  const lines = semantic.lines.map((l) => oioublLine(l, categories));
  const ubl: SemanticInvoice = {
    ...semantic,
    buyerReference: undefined,
    supplier,
    customer,
    paymentMeans,
    allowanceCharges: semantic.allowanceCharges.map((ac) => ({ ...ac, taxCategory: ac.taxCategory && oioublCategory(ac.taxCategory) })),
    taxTotal: { tax: semantic.taxTotal.tax, subtotals },
    totals: { ...semantic.totals, taxExclusive: semantic.taxTotal.tax },
    lines,
    delivery: semantic.delivery && { ...semantic.delivery, address: semantic.delivery.address && foldAddress(semantic.delivery.address) },
  };
  return {
    ubl,
    uuid: documentUuid(supplier.endpoint!, semantic.kind, semantic.id),
    lineTax: new Map(lines.map((l) => [l.id, lineTax(l)])),
    contactIds: { customer: doc.buyer_reference ?? doc.order_reference ?? NO_REFERENCE },
  };
}

/** A profile that follows an order needs its reference (F-INV002); a public buyer needs an order or a reference person. */
function checkReferences(doc: MainDocument, profileId: string, issues: IssueList): void {
  if (followsOrder(profileId) && !doc.order_reference) {
    issues.missing('101', 'order_reference', `the profile ${profileId} follows an order: the invoice must name it (OIOUBL F-INV002)`);
  }
  if (doc.transaction_type === 'B2G' && !doc.buyer_reference && !doc.order_reference) {
    issues.missing('102', 'buyer_reference', 'a Danish public buyer requires its order number (order_reference) or its reference person (buyer_reference)');
  }
}

function oioublCategory(c: TaxCategory): TaxCategory {
  const id = CATEGORY_NAMES[c.id] ?? c.id;
  // Every field written out, not spread: every line's category passes here, in shapes that vary (issue 45).
  return { id, percent: id === 'StandardRated' ? c.percent : ZERO, exemptionReasonCode: undefined, exemptionReason: c.exemptionReason };
}

/** One subtotal per OIOUBL category; two standard rates cannot share the one StandardRated subtotal. */
function mergeSubtotals(subtotals: readonly TaxSubtotal[], issues: IssueList): TaxSubtotal[] | undefined {
  const merged = new Map<string, TaxSubtotal>();
  for (const s of subtotals) {
    const category = oioublCategory(s.category);
    const seen = merged.get(category.id);
    if (!seen) {
      merged.set(category.id, { ...s, category });
      continue;
    }
    if (category.id === 'StandardRated' && !seen.category.percent?.eq(category.percent ?? 0)) {
      issues.invalid('103', 'lines', `OIOUBL has one StandardRated VAT subtotal: one standard rate per invoice (got ${seen.category.percent} % and ${category.percent} %)`);
      return undefined;
    }
    const reasons = [...new Set([seen.category.exemptionReason, category.exemptionReason].filter((r): r is string => !!r))];
    merged.set(category.id, { taxable: seen.taxable.plus(s.taxable), tax: seen.tax.plus(s.tax), category: { ...seen.category, exemptionReason: reasons.join('; ') || undefined } });
  }
  return [...merged.values()];
}

/**
 * OIOUBL checks LineExtensionAmount = PriceAmount × InvoicedQuantity (F-INV340/348): a line
 * discount is already in the price it states, so a discounted line gets its net price and
 * keeps the discount as information, in the line's VAT category (F-LIB226).
 */
function oioublLine(l: Line, categories: Map<TaxCategory, TaxCategory>): Line {
  let taxCategory = categories.get(l.item.taxCategory);
  if (!taxCategory) categories.set(l.item.taxCategory, (taxCategory = oioublCategory(l.item.taxCategory)));
  const discounted = l.allowanceCharges.length > 0 && !l.quantity.eq(0);
  return {
    ...l,
    item: { ...l.item, taxCategory },
    price: discounted ? round(l.lineExtension.div(l.quantity), 4) : l.price,
    allowanceCharges: l.allowanceCharges.map((ac) => ({ ...ac, taxCategory })),
  };
}

function lineTax(line: Line): Decimal {
  const c = line.item.taxCategory;
  return c.id === 'StandardRated' && c.percent ? round(hundredth(line.lineExtension.times(c.percent)), 2) : ZERO;
}

function oioublParty(p: Party, path: string, issues: IssueList): Party | undefined {
  const vat = p.taxRegistrations.find((t) => t.taxScheme === 'VAT')?.companyId;
  const wrong = wrongCvr(p, vat);
  if (wrong) {
    issues.invalid('105', `${path}.${wrong === vat ? 'tax_scheme' : 'legal_entity.company_id'}`, `"${wrong}" is not a CVR number: its modulus 11 check fails`);
    return undefined;
  }
  const endpoint = (p.endpoint && oioublIdentifier(p.endpoint)) ?? (vat ? vatEndpoint(vat) : undefined);
  if (!endpoint) {
    issues.invalid('104', `${path}.electronic_address`, `${p.endpoint ? `${p.endpoint.scheme}:${p.endpoint.id}` : 'the derived address'} has no OIOUBL scheme: send electronic_address with 0088 (GLN), 0184 (CVR), 0198 (SE) or 0096 (P-number), or a VAT number`);
    return undefined;
  }
  const identifications = p.identifications.map(oioublIdentifier).filter((i): i is NonNullable<typeof i> => i !== undefined);
  // PartyLegalEntity/CompanyID is required (F-LIB187): the registration number, else the VAT number.
  const company = p.legal.companyId ?? (vat ? { id: vat } : undefined);
  const danish = company && p.address.country === 'DK' ? cvrOf(company.id) : undefined;
  const cvr = company && ((company.scheme && oioublIdentifier(company)) || (danish ? { scheme: 'DK:CVR', id: `DK${danish}` } : undefined));
  return {
    endpoint,
    identifications: identifications.length > 0 ? identifications : [endpoint],
    name: p.name ?? p.legal.registrationName,
    address: foldAddress(p.address),
    taxRegistrations: vat ? [{ companyId: vat, taxScheme: 'VAT', scheme: /^DK\d{8}$/.test(vat) ? 'DK:SE' : 'ZZZ' }] : [],
    legal: { registrationName: p.legal.registrationName, companyId: company && (cvr?.scheme === 'DK:CVR' ? cvr : { id: company.id, scheme: 'ZZZ' }) },
    contact: p.contact,
  };
}

/**
 * A Danish party's VAT number or registration number is a CVR number (what DK:CVR and 0184 name);
 * one whose modulus 11 check fails names no company. That number, or undefined.
 */
function wrongCvr(p: Party, vat: string | undefined): string | undefined {
  const company = p.legal.companyId;
  const registered = company && (company.scheme === '0184' || (!company.scheme && p.address.country === 'DK')) ? company.id : undefined;
  return [vat && compactId(vat).startsWith('DK') ? vat : undefined, registered].find((id) => {
    const cvr = id ? cvrOf(id) : undefined;
    return cvr !== undefined && !isCvr(cvr);
  });
}

/** OIOUBL's StructuredLax address has no AddressLine (F-LIB036): a third line joins the second. */
function foldAddress(a: Party['address']): Party['address'] {
  if (!a.line) return a;
  return { ...a, additionalStreet: [a.additionalStreet, a.line].filter(Boolean).join(', '), line: undefined };
}
