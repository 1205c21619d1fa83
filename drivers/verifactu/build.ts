import type { MainDocument, SpiDocument, SpiTaxSubTotal } from '../../src/spi/document.js';
import type { IssueList } from '../../src/spi/issues.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { categoryOfLabel } from '../../src/formats/en16931/tax-categories.js';
import { amount2, dec, sum, type Decimal } from '../../src/lib/money.js';
import type { AltaRecord, Detalle, InvoiceId, Recipient, VerifactuRecord } from './model.js';
import { euVatNumber, isoCountry } from '../../src/code-lists/eu-members.js';
import { compactId } from '../../src/code-lists/identifier.js';
import { isNif, isNifForm, nifOf } from '../../src/code-lists/tax-ids/spanish-nif.js';
import { DEFAULT_SISTEMA, type SistemaInformatico, type VerifactuSettings } from './settings.js';

// SPI document → VERIFACTU invoicing record (model.ts): the AEAT's choices and checks, read
// once; the record's generation time is render's (render.ts), so nothing here reads a clock.

/** What makes a NIF valid, for the issues that refuse one. */
const NIF_CHECK = 'its check character does not match (a DNI, NIE or K/L/M letter, or an entity NIF\'s control digit or letter, Orden EHA/451/2008)';
/** F2 (simplified invoice) is for amounts up to 400 euros (3,000 in the retail cases of RD 1619/2012 art. 4). */
const SIMPLIFIED_LIMIT = dec(3000);

/** The issuer's NIF as written: the entity's company id, else its VAT number without the ES prefix. */
export function issuerNif(ctx: DocumentContext): string | undefined {
  const p = ctx.entity.party;
  const candidates = [p.legal_entity.company_id, ...p.tax_identifiers.map((t) => t.id)].filter((x): x is string => !!x);
  return candidates.map(nifOf).find(isNifForm);
}

export function recordOf(doc: SpiDocument, ctx: DocumentContext<VerifactuSettings>, issues: IssueList): VerifactuRecord | undefined {
  const { settings } = ctx;
  const sistema = settings.sistema_informatico ?? DEFAULT_SISTEMA;
  const nif = issuerNif(ctx);
  if (!nif) issues.missing('VERIFACTU-001', 'accounting_supplier_party', `business entity ${ctx.entity.id} has no Spanish NIF (legal_entity.company_id or an ES VAT number)`);
  else if (!isNif(nif)) issues.invalid('VERIFACTU-017', 'accounting_supplier_party', `business entity ${ctx.entity.id}'s NIF ${nif} is not valid: ${NIF_CHECK}`);
  if (doc.type === 'APPLICATION_RESPONSE') {
    issues.invalid('VERIFACTU-002', 'type', 'VERIFACTU records invoices and credit notes; application responses have no record');
    return undefined;
  }
  const numSerie = doc.id;
  if (!/^[\x20-\x7E]{1,60}$/.test(numSerie)) issues.invalid('VERIFACTU-003', 'id', 'must be 1 to 60 printable ASCII characters (NumSerieFactura)');
  const fecha = spanishDate(doc.issue_date);
  if (!fecha) issues.invalid('VERIFACTU-004', 'issue_date', `must be a date YYYY-MM-DD (got "${doc.issue_date}")`);
  if (!nif || !fecha || issues.hasErrors) return undefined;
  const id = { nif, numSerie, fecha };
  if (doc.status === 'VOIDED') return { kind: 'anulacion', id, sistema };
  return alta(doc, id, ctx, settings, sistema, issues);
}

function alta(doc: MainDocument, id: InvoiceId, ctx: DocumentContext, settings: VerifactuSettings, sistema: SistemaInformatico, issues: IssueList): AltaRecord | undefined {
  const credit = doc.type === 'CREDIT_NOTE';
  // A credit note corrects by differences (TipoRectificativa I): its amounts are negative.
  const sign = (d: Decimal) => (credit ? d.times(-1) : d);
  const buyer = recipientOf(doc, issues);
  const total = dec(doc.amount ?? 0);
  const subTotals = doc.tax_total?.tax_sub_totals ?? [];
  if (subTotals.length === 0) issues.missing('VERIFACTU-010', 'tax_total.tax_sub_totals', 'the tax breakdown (Desglose) needs at least one sub total');
  if (subTotals.length > 12) issues.invalid('VERIFACTU-011', 'tax_total.tax_sub_totals', 'at most 12 tax sub totals (DetalleDesglose)');
  const desglose = subTotals.map((t, i) => detalle(t, `tax_total.tax_sub_totals[${i}]`, settings, sign, issues)).filter((d): d is Detalle => !!d);
  const cuota = sum(subTotals.map((t) => dec(t.tax_amount ?? 0)));
  let rectificadas: InvoiceId[] | undefined;
  if (credit) {
    rectificadas = (doc.billing_reference ?? []).flatMap((r, i) => {
      const ref = typeof r === 'string' ? { id: r } : r.invoice_document_reference;
      const date = ref?.issue_date && spanishDate(ref.issue_date);
      if (!ref?.id || !date) {
        issues.missing('VERIFACTU-020', `billing_reference[${i}].invoice_document_reference`, 'a rectificativa names each corrected invoice with its id and issue_date (FacturasRectificadas)');
        return [];
      }
      return [{ nif: id.nif, numSerie: ref.id, fecha: date }];
    });
    if ((doc.billing_reference ?? []).length === 0) issues.missing('VERIFACTU-020', 'billing_reference', 'a credit note must name the invoice it corrects (FacturasRectificadas)');
  }
  if (!buyer && !credit && total.abs().gt(SIMPLIFIED_LIMIT)) {
    issues.invalid('VERIFACTU-012', 'accounting_customer_party.tax_scheme', `a simplified invoice (F2, no buyer tax identifier) may not exceed ${SIMPLIFIED_LIMIT.toFixed(2)} EUR: add the buyer's NIF or VAT number`);
  }
  if (doc.currency_code && doc.currency_code !== 'EUR') issues.invalid('VERIFACTU-013', 'currency_code', 'VERIFACTU records are in euros (EUR)');
  if (issues.hasErrors) return undefined;
  const tipoFactura = credit ? (settings.credit_note_type ?? 'R1') : buyer ? 'F1' : 'F2';
  const description = (doc.note ?? doc.lines?.[0]?.description ?? settings.default_description ?? 'Prestación de servicios').slice(0, 500);
  return {
    kind: 'alta',
    id,
    nombreRazonEmisor: ctx.entity.party.legal_entity.registration_name,
    tipoFactura,
    ...(credit && { tipoRectificativa: 'I' as const, rectificadas }),
    ...(doc.tax_date && doc.tax_date !== doc.issue_date && { fechaOperacion: spanishDate(doc.tax_date) }),
    descripcion: description,
    destinatarios: buyer ? [buyer] : [],
    desglose,
    cuotaTotal: amount2(sign(cuota)),
    importeTotal: amount2(sign(total)),
    sistema,
  };
}

function recipientOf(doc: MainDocument, issues: IssueList): Recipient | undefined {
  const p = doc.accounting_customer_party;
  const name = (p?.legal_entity?.registration_name ?? p?.name)?.slice(0, 120);
  const raw = p?.tax_scheme?.find((t) => t.id)?.id ?? p?.legal_entity?.company_id;
  if (!raw) return undefined;
  if (!name) {
    issues.missing('VERIFACTU-014', 'accounting_customer_party.name', 'a buyer with a tax identifier needs a name (NombreRazon)');
    return undefined;
  }
  const id = compactId(raw);
  const vat = euVatNumber(id);
  // CodigoPais is ISO 3166 (the AEAT's list has GR and GB, not EL or XI), from the address, else from the number's prefix.
  const country = isoCountry(p?.address?.country?.toUpperCase() ?? vat?.prefix ?? (/^[A-Z]{2}/.test(id) ? id.slice(0, 2) : 'ES'));
  if (country === 'ES') {
    const national = nifOf(id);
    if (!isNifForm(national)) {
      issues.invalid('VERIFACTU-015', 'accounting_customer_party.tax_scheme', `"${raw}" is not a Spanish NIF (9 characters)`);
      return undefined;
    }
    if (!isNif(national)) {
      issues.invalid('VERIFACTU-017', 'accounting_customer_party.tax_scheme', `"${raw}" is not a valid Spanish NIF: ${NIF_CHECK}`);
      return undefined;
    }
    return { nombreRazon: name, nif: national };
  }
  // IDType 02: NIF-IVA, an EU VAT number as VIES knows it (EL for Greece, XI for Northern
  // Ireland), written so (a Greek GR number as EL); 04 an official document of another country.
  const eu = vat && vat.prefix !== 'ES' ? vat.prefix + vat.number : undefined;
  return { nombreRazon: name, idOtro: { codigoPais: country, idType: eu ? '02' : '04', id: (eu ?? id).slice(0, 20) } };
}

/** One DetalleDesglose: the SPI VAT category as the AEAT's regime and qualification (README: "Tax breakdown"). */
function detalle(t: SpiTaxSubTotal, path: string, settings: VerifactuSettings, sign: (d: Decimal) => Decimal, issues: IssueList): Detalle | undefined {
  const rate = dec(t.percentage ?? 0);
  const category = categoryOfLabel(t.category, rate);
  if (category === 'ambiguous' || category === 'unsupported') {
    issues.invalid('VERIFACTU-016', `${path}.category`, `must be a VAT category (S, Z, E, AE, K, G, O), or "VAT" with a rate above zero (got "${t.category ?? ''}")`);
    return undefined;
  }
  const base = amount2(sign(dec(t.taxable_amount ?? 0)));
  const cuota = amount2(sign(dec(t.tax_amount ?? 0)));
  switch (category) {
    case 'S':
    case 'Z':
      return { claveRegimen: '01', calificacion: 'S1', tipoImpositivo: amount2(rate), base, cuota };
    case 'AE':
      // Inversión del sujeto pasivo: the buyer accounts for the tax; rate and quota are zero.
      return { claveRegimen: '01', calificacion: 'S2', tipoImpositivo: '0.00', base, cuota: '0.00' };
    case 'E':
      return { claveRegimen: '01', exenta: settings.exempt_operation ?? 'E1', base };
    case 'K':
      return { claveRegimen: '01', exenta: 'E5', base };
    case 'G':
      return { claveRegimen: '02', exenta: 'E2', base };
    default:
      // O: not subject to Spanish VAT by the place-of-supply rules.
      return { claveRegimen: '01', calificacion: 'N2', base };
  }
}

/** YYYY-MM-DD → dd-mm-yyyy (the AEAT's date), or undefined. */
export function spanishDate(iso: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}
