import type { MainDocument, SpiParty } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { Address, Line, PaymentMeans, SemanticInvoice, TaxSubtotal } from '../../src/formats/en16931/model.js';
import { vatIdsOf } from '../../src/formats/en16931/parties.js';
import { dec, fixed, plain, round, signOf, sum, ZERO, type Decimal } from '../../src/lib/money.js';
import type { FpaInvoice, FpaLine, IdFiscale, Pagamento, Riepilogo, Routing, Sede } from './model.js';
import { compactId } from '../../src/code-lists/identifier.js';
import { isCodiceFiscale, isPartitaIva, partitaIvaOf } from '../../src/code-lists/tax-ids/italian-ids.js';
import { basicLatin, latin1, pieces } from './latin.js';
import { naturaOf, referenceOf, STAMP_DUTY, STAMP_DUTY_NATURE, STAMP_DUTY_THRESHOLD, type Natura } from './natura.js';
import { entitySettings, type SdiSettings } from './settings.js';

// The semantic invoice as FatturaPA 1.2.2: the arithmetic is the semantic invoice's (lines, VAT
// breakdown, totals); this picks the format (FPA12 for a public buyer), routes the file
// (CodiceDestinatario, PEC), identifies the parties as the SDI checks them, gives every line
// outside Italian VAT its Natura, and decides the stamp duty. Text goes to the character set of
// its field. A credit note is a TD04 with positive amounts naming the invoices it corrects.

export interface FpaInputs {
  invoice: SemanticInvoice;
  doc: MainDocument;
  settings: SdiSettings;
  entityId: string;
}

/** The Italian VAT rates (DPR 633/72 Tabella A): 22 ordinary, 10 and 5 reduced, 4 minimum. */
const ITALIAN_RATES = new Set(['22', '10', '5', '4']);
const MAX = { name: 80, street: 60, city: 60, number: 20, description: 1000, reference: 100 } as const;
const FOREIGN_CAP = '00000';
/** The SDI's placeholder for a foreign buyer without a tax identifier. */
const NO_FOREIGN_ID = '99999999999';

export function buildFatturaPa(inp: FpaInputs, issues: IssueList): FpaInvoice | undefined {
  const { invoice, doc, settings } = inp;
  const entity = entitySettings(settings, inp.entityId);
  const scenario = doc.transaction_type ?? 'B2B';
  const formato = scenario === 'B2G' ? 'FPA12' : 'FPR12';
  const seller = sellerOf(doc.accounting_supplier_party, invoice.supplier.legal.registrationName, invoice.supplier.address, issues);
  const buyerAbroad = doc.accounting_customer_party.address.country !== 'IT';
  const buyer = buyerOf(doc.accounting_customer_party, invoice.customer.legal.registrationName, invoice.customer.address, buyerAbroad, issues);
  const routing = routingOf(doc.accounting_customer_party, formato, buyerAbroad, issues);
  const number = basicLatin(invoice.id);
  if (number.length > MAX.number) issues.invalid('107', 'id', `FatturaPA holds an invoice number of at most ${MAX.number} characters (Numero); this one has ${number.length}`);
  // The configured Natura map, the entity's domestic reverse charge first (a buyer abroad is N2.1).
  const configured = { ...(entity.reverse_charge_natura && !buyerAbroad ? { AE: entity.reverse_charge_natura } : {}), ...settings.natura };
  const natura = (c: Line['item']['taxCategory'], path: string) => checkedNatura(c, buyerAbroad, configured, path, issues);
  const lines: FpaLine[] = [];
  invoice.lines.forEach((l, i) => {
    const n = l.item.taxCategory.id === 'S' ? undefined : natura(l.item.taxCategory, `lines[${i}].classified_tax_category`);
    checkRate(l.item.taxCategory, `lines[${i}].classified_tax_category`, issues);
    lines.push(lineOf(l, lines.length + 1, n, i, issues));
  });
  invoice.allowanceCharges.forEach((ac, i) => {
    const c = ac.taxCategory!;
    const n = c.id === 'S' ? undefined : natura(c, `allowance_charges[${i}]`);
    lines.push({
      no: lines.length + 1,
      tipo: ac.charge ? 'AC' : 'SC',
      description: latin1(ac.reason ?? (ac.charge ? 'Maggiorazione' : 'Sconto')).slice(0, MAX.description),
      unitPrice: ac.charge ? ac.amount : ac.amount.times(-1),
      total: ac.charge ? ac.amount : ac.amount.times(-1),
      rate: c.id === 'S' ? (c.percent ?? ZERO) : ZERO,
      natura: n,
    });
  });
  if (!seller || !buyer || !routing || issues.hasErrors) return undefined;

  const splitPayment = formato === 'FPA12' && entity.split_payment !== false;
  const summaries = summariesOf(invoice.taxTotal.subtotals, (c) => (c.id === 'S' ? undefined : naturaOf(c, buyerAbroad, configured)), splitPayment);
  const stampable = sum(summaries.filter((s) => s.natura && STAMP_DUTY_NATURE.has(s.natura)).map((s) => s.taxable));
  const totalVat = sum(summaries.filter((s) => s.esigibilita === 'S').map((s) => s.tax));
  return {
    formato,
    transmitter: entity.transmitter ? { country: entity.transmitter.country, code: entity.transmitter.id } : seller.vat,
    progressive: '', // the render's sequence number (render.ts)
    routing,
    seller: { ...seller, regimeFiscale: entity.regime_fiscale ?? 'RF01', codiceFiscale: entity.codice_fiscale ?? seller.codiceFiscale },
    buyer,
    tipoDocumento: invoice.kind === 'CreditNote' ? 'TD04' : 'TD01',
    currency: invoice.currency,
    date: invoice.issueDate,
    number,
    stampDuty: stampable.gt(dec(STAMP_DUTY_THRESHOLD)) ? STAMP_DUTY : undefined,
    total: invoice.totals.taxInclusive,
    causale: pieces(latin1(invoice.notes.map((n) => n.text).join(' ')), 200),
    orderReference: invoice.orderReference && basicLatin(invoice.orderReference).slice(0, MAX.number),
    linkedInvoices: invoice.billingReferences.map((r) => ({ number: basicLatin(r.id).slice(0, MAX.number), date: r.issueDate })),
    lines,
    summaries,
    // Under split payment the public buyer pays the supplier the amount without VAT.
    payment: paymentOf(invoice, splitPayment ? invoice.totals.payable.minus(totalVat) : invoice.totals.payable),
  };
}

type Seller = { vat: IdFiscale; codiceFiscale?: string | undefined; anagrafica: { denominazione: string }; sede: Sede };

function sellerOf(p: SpiParty, registrationName: string, address: Address, issues: IssueList): Seller | undefined {
  const vat = vatIdsOf(p).map(partitaIvaOf).find((v) => v !== undefined);
  if (!vat || !isPartitaIva(vat)) {
    issues.invalid('101', 'accounting_supplier_party.tax_scheme', `the seller must be identified by an Italian partita IVA (IT + 11 digits with a valid check digit)${vatIdsOf(p)[0] ? `; got "${vatIdsOf(p)[0]}"` : ''}`);
  }
  const company = p.legal_entity?.company_id?.toUpperCase();
  const name = nameOf(registrationName, 'accounting_supplier_party.legal_entity.registration_name', issues);
  const sede = sedeOf(address, 'accounting_supplier_party.address', issues);
  if (!vat || !name || !sede) return undefined;
  return { vat: { country: 'IT', code: vat }, codiceFiscale: company && isCodiceFiscale(company) ? company : undefined, anagrafica: { denominazione: name }, sede };
}

type Buyer = FpaInvoice['buyer'];

/**
 * The SDI needs an Italian buyer's partita IVA or codice fiscale (error 00417); a buyer abroad
 * is named by its VAT or tax number, else by the SDI's placeholder 99999999999.
 */
function buyerOf(p: SpiParty, registrationName: string, address: Address, abroad: boolean, issues: IssueList): Buyer | undefined {
  const path = 'accounting_customer_party';
  const vats = vatIdsOf(p);
  const others = [...(p.tax_scheme ?? []).filter((t) => t.scheme.trim().toUpperCase() !== 'VAT').map((t) => t.id), ...(p.legal_entity?.company_id ? [p.legal_entity.company_id] : [])].map((id) => id.replace(/\s/g, '').toUpperCase());
  const name = nameOf(registrationName, `${path}.legal_entity.registration_name`, issues);
  const sede = sedeOf(address, `${path}.address`, issues);
  let vat: IdFiscale | undefined;
  let codiceFiscale: string | undefined;
  if (!abroad) {
    const piva = vats.map(partitaIvaOf).find((v) => v !== undefined);
    if (vats.length > 0 && (!piva || !isPartitaIva(piva))) issues.invalid('109', `${path}.tax_scheme`, `"${vats[0]}" is not an Italian partita IVA (IT + 11 digits with a valid check digit)`);
    else if (piva) vat = { country: 'IT', code: piva };
    codiceFiscale = others.find(isCodiceFiscale);
    const wrong = others.find((o) => /^[A-Z0-9]{11,16}$/.test(o) && !isCodiceFiscale(o));
    if (!codiceFiscale && wrong) issues.invalid('109', `${path}.legal_entity.company_id`, `"${wrong}" is not a codice fiscale (16 characters with a valid check letter, or 11 digits)`);
    else if (!vat && !codiceFiscale && vats.length === 0) {
      issues.missing('102', `${path}.tax_scheme`, 'an Italian buyer must be identified by its partita IVA (a VAT number) or its codice fiscale (legal_entity.company_id) (SDI error 00417)');
    }
  } else {
    const id = vats[0] ?? others[0];
    const compact = id && compactId(id);
    const prefix = compact?.match(/^([A-Z]{2})(?=.)/)?.[1];
    // A VAT number keeps its member-state prefix as IdPaese (Greece's EL); the rest is IdCodice.
    vat = compact && prefix && vats.length > 0 ? { country: prefix, code: compact.slice(2).slice(0, 28) } : { country: address.country, code: (compact ?? NO_FOREIGN_ID).slice(0, 28) };
  }
  if (!name || !sede) return undefined;
  return { vat, codiceFiscale, anagrafica: { denominazione: name }, sede };
}

function nameOf(text: string, path: string, issues: IssueList): string | undefined {
  const name = latin1(text);
  if (name.length > MAX.name) {
    issues.invalid('107', path, `FatturaPA holds a name of at most ${MAX.name} characters (Denominazione); this one has ${name.length}`);
    return undefined;
  }
  return name;
}

/** Sede: an Italian address needs its 5-digit CAP; an address abroad writes 00000 unless its own is 5 digits. */
function sedeOf(a: Address, path: string, issues: IssueList): Sede | undefined {
  const street = latin1([a.street, a.additionalStreet].filter(Boolean).join(', '));
  const city = latin1(a.city ?? '');
  const zip = (a.zip ?? '').replace(/\s/g, '');
  let ok = true;
  if (street === '' || street.length > MAX.street) {
    issues.invalid('108', `${path}.line_1`, street === '' ? 'FatturaPA needs the street address (Indirizzo)' : `FatturaPA holds a street address of at most ${MAX.street} characters (Indirizzo); this one has ${street.length}`);
    ok = false;
  }
  if (city === '' || city.length > MAX.city) {
    issues.invalid('108', `${path}.city`, city === '' ? 'FatturaPA needs the city (Comune)' : `FatturaPA holds a city of at most ${MAX.city} characters; this one has ${city.length}`);
    ok = false;
  }
  const italian = a.country === 'IT';
  if (italian && !/^\d{5}$/.test(zip)) {
    issues.invalid('108', `${path}.zip`, `an Italian address needs its 5-digit CAP${zip ? `; got "${zip}"` : ''}`);
    ok = false;
  }
  if (!ok) return undefined;
  const province = a.subentity?.trim().toUpperCase();
  return {
    indirizzo: street,
    cap: /^\d{5}$/.test(zip) ? zip : FOREIGN_CAP,
    comune: city,
    provincia: italian && province && /^[A-Z]{2}$/.test(province) ? province : undefined,
    nazione: a.country,
  };
}

/**
 * CodiceDestinatario: a public body's codice univoco ufficio (iPA, 6 characters, EAS 0201) for
 * FPA12; a recipient code (7 characters, EAS 0205), or 0000000 with a PEC address (EAS EM), or
 * 0000000 alone (the buyer reads it in its tax drawer) for FPR12; XXXXXXX for a buyer abroad.
 */
function routingOf(p: SpiParty, formato: FpaInvoice['formato'], abroad: boolean, issues: IssueList): Routing | undefined {
  const path = 'accounting_customer_party.electronic_address';
  const ea = p.electronic_address;
  const scheme = ea?.scheme.trim().toUpperCase();
  const id = ea?.id.trim().toUpperCase() ?? '';
  if (formato === 'FPA12') {
    if (scheme === '0201' && /^[A-Z0-9]{6}$/.test(id)) return { codiceDestinatario: id };
    issues.missing('103', path, `an invoice to a public body is addressed by its codice univoco ufficio: electronic_address {scheme: "0201", id: 6 characters}${ea ? `; got ${ea.scheme} "${ea.id}"` : ''}`);
    return undefined;
  }
  if (!ea) return { codiceDestinatario: abroad ? 'XXXXXXX' : '0000000' };
  if (scheme === '0205' && /^[A-Z0-9]{7}$/.test(id)) return { codiceDestinatario: id };
  if (scheme === 'EM' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(ea.id.trim()) && ea.id.trim().length <= 256) return { codiceDestinatario: '0000000', pec: ea.id.trim() };
  if (abroad) return { codiceDestinatario: 'XXXXXXX' };
  issues.invalid('104', path, `a business buyer is addressed by its SDI recipient code {scheme: "0205", id: 7 characters} or its PEC address {scheme: "EM", id: "…@…"}; got ${ea.scheme} "${ea.id}"`);
  return undefined;
}

function checkedNatura(c: Line['item']['taxCategory'], abroad: boolean, configured: Readonly<Record<string, string>>, path: string, issues: IssueList): Natura | undefined {
  const n = naturaOf(c, abroad, configured);
  if (!n) issues.invalid('105', path, `VAT category ${c.id} has no Italian Natura: Italy has no zero rate; send E, AE, K, G or O with its exemption reason code, or map the category in drivers.SDI.natura`);
  return n;
}

function checkRate(c: Line['item']['taxCategory'], path: string, issues: IssueList): void {
  if (c.id === 'S' && c.percent && !ITALIAN_RATES.has(plain(c.percent))) {
    issues.invalid('106', `${path}.percentage`, `${c.percent.toFixed()} % is not an Italian VAT rate (22, 10, 5 or 4)`);
  }
}

/**
 * A line: its price and quantity as sent (a negative quantity becomes a negative price, as
 * FatturaPA's quantity is unsigned); the line's own allowances and charges become one per-unit
 * ScontoMaggiorazione so the SDI's check PrezzoTotale = (PrezzoUnitario ± sconto) × Quantita holds.
 */
function lineOf(l: Line, no: number, natura: Natura | undefined, i: number, issues: IssueList): FpaLine {
  const description = latin1([l.item.name, l.item.description].filter(Boolean).join(' - '));
  if (description.length > MAX.description) issues.invalid('107', `lines[${i}].description`, `FatturaPA holds a line description of at most ${MAX.description} characters; this one has ${description.length}`);
  const negative = signOf(l.quantity) < 0;
  const quantity = negative ? l.quantity.times(-1) : l.quantity;
  const unitPrice = negative ? l.price.times(-1) : l.price;
  const gross = unitPrice.times(quantity);
  const delta = gross.minus(l.lineExtension);
  const adjustment = signOf(delta) !== 0 && signOf(quantity) > 0 ? { tipo: signOf(delta) > 0 ? ('SC' as const) : ('MG' as const), perUnit: round(delta.abs().div(quantity), 8) } : undefined;
  return {
    no,
    articleCode: l.item.sellersId && basicLatin(l.item.sellersId).slice(0, 35),
    description,
    quantity,
    unit: l.unitCode !== 'C62' ? basicLatin(l.unitCode).slice(0, 10) : undefined,
    unitPrice,
    adjustment,
    total: l.lineExtension,
    rate: l.item.taxCategory.id === 'S' ? l.item.taxCategory.percent ?? ZERO : ZERO,
    natura,
  };
}

/** DatiRiepilogo: one per rate and Natura (the semantic breakdown's categories merged by what FatturaPA can tell apart). */
function summariesOf(subtotals: readonly TaxSubtotal[], natura: (c: TaxSubtotal['category']) => Natura | undefined, splitPayment: boolean): Riepilogo[] {
  const out = new Map<string, Riepilogo>();
  for (const s of subtotals) {
    const n = natura(s.category);
    const rate = s.category.id === 'S' ? (s.category.percent ?? ZERO) : ZERO;
    const key = `${fixed(rate, 2)}|${n ?? ''}`;
    const reason = n ? latin1(s.category.exemptionReason ?? referenceOf(n)).slice(0, MAX.reference) : undefined;
    const prev = out.get(key);
    if (prev) {
      prev.taxable = prev.taxable.plus(s.taxable);
      prev.tax = prev.tax.plus(s.tax);
      if (reason && prev.reference && !prev.reference.includes(reason)) prev.reference = `${prev.reference}; ${reason}`.slice(0, MAX.reference);
      continue;
    }
    // Split payment concerns the VAT charged; Natura rows carry none (SDI error 00420 refuses S on N6).
    out.set(key, { rate, natura: n, taxable: s.taxable, tax: s.tax, esigibilita: n ? undefined : splitPayment ? 'S' : 'I', reference: reason });
  }
  return [...out.values()];
}

/** UNCL4461 → ModalitaPagamento: MP05 bonifico, MP19 SEPA direct debit, MP08 card, MP01 cash, MP02 cheque. */
const MODALITA: Readonly<Record<string, string>> = { '30': 'MP05', '31': 'MP05', '58': 'MP05', '42': 'MP05', '59': 'MP19', '49': 'MP19', '48': 'MP08', '54': 'MP08', '55': 'MP08', '68': 'MP08', '10': 'MP01', '20': 'MP02' };

/** DatiPagamento TP02 (paid in full at once) when something is payable. */
function paymentOf(invoice: SemanticInvoice, payable: Decimal): Pagamento | undefined {
  if (signOf(payable) <= 0) return undefined;
  const pm: PaymentMeans | undefined = invoice.paymentMeans[0];
  const account = pm?.payeeAccount?.id;
  const iban = account && /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(account) ? account : undefined;
  return { modalita: (pm && MODALITA[pm.code]) ?? 'MP05', dueDate: invoice.dueDate ?? pm?.dueDate, amount: round(payable, 2), iban };
}
