import type { MainDocument, SpiParty } from '../../src/spi/document.js';
import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { IssueList } from '../../src/spi/issues.js';
import { deriveEndpoint } from '../../src/formats/en16931/electronic-address.js';
import type { Identifier, Note, Party, SemanticInvoice } from '../../src/formats/en16931/model.js';
import { vatIdsOf } from '../../src/formats/en16931/parties.js';
import { isSiren, sirenOfCompanyId, sirenOfVat } from '../../src/code-lists/tax-ids/french-ids.js';
import type { entitySettings } from './settings.js';

// The French delta on the semantic invoice: the SIREN as legal identifier (BT-30/47, scheme
// 0002), the electronic addresses of the directory (scheme 0225: the SIREN, or SIREN with a
// suffix), the billing framework (BT-23), the mandatory notes (PMT, PMD, AAB) and the nature
// of the transaction (BAR). Values from the document win; nothing is invented.

/** ISO 6523 ICD of the French directory's electronic addresses (SIREN or SIREN_suffix). */
export const FR_ADDRESS_SCHEME = '0225';
const SIREN_SCHEME = '0002';

type EntityChoices = ReturnType<typeof entitySettings>;

/** `buyerAddress`: the directory's line for a French buyer the document gives no address (buyer-address.ts). */
export function frenchInvoice(inv: SemanticInvoice, doc: MainDocument, entity: BusinessEntity, choices: EntityChoices, issues: IssueList, buyerAddress?: Identifier): SemanticInvoice | undefined {
  const seller = frenchSeller(inv.supplier, doc.accounting_supplier_party, entity, issues);
  const domestic = doc.accounting_customer_party.address.country === 'FR';
  const buyer = domestic ? frenchBuyer(inv.customer, doc.accounting_customer_party, issues, buyerAddress) : foreignBuyer(inv.customer, issues);
  if (!seller || !buyer) return undefined;
  const paid = inv.totals.payable.eq(0) && (inv.totals.prepaid?.gt(0) ?? false) && !!doc.due_date;
  const notes: Note[] = [
    // A '#' in the document's own note would read as a subject code in UBL (`#PMT#…`) and count
    // against the French notes' uniqueness (BR-FR-06): it is written as the full-width ＃.
    ...inv.notes.map((n) => ({ ...n, text: n.text.replaceAll('#', '\uFF03') })),
    { subjectCode: 'PMD', text: choices.legalNotes.late_payment },
    { subjectCode: 'PMT', text: choices.legalNotes.recovery_fee },
    { subjectCode: 'AAB', text: choices.legalNotes.early_payment_discount },
    // BAR last: the French rules read its value up to the next '#' of the joined notes.
    { subjectCode: 'BAR', text: domestic ? 'B2B' : 'B2BINT' },
  ];
  return {
    ...inv,
    // BT-23: B goods, S services, M both; 2 when already paid (BR-FR-CO-09), else 1.
    profileId: `${{ goods: 'B', services: 'S', mixed: 'M' }[choices.supply]}${paid ? '2' : '1'}`,
    notes,
    supplier: seller,
    customer: buyer,
  };
}

/** The seller with its SIREN (BT-30) and directory address (BT-34); undefined, with the issue, when it has no SIREN. */
export function frenchSeller(p: Party, spi: SpiParty, entity: BusinessEntity, issues: IssueList): Party | undefined {
  const candidates = [spi.legal_entity?.company_id, entity.party.legal_entity.company_id].filter((x): x is string => !!x);
  const siren = candidates.map(sirenOfCompanyId).find((s) => s !== undefined) ?? vatIdsOf(spi).map(sirenOfVat).find((s) => s !== undefined);
  if (!siren || !isSiren(siren)) {
    issues.missing('110', 'accounting_supplier_party.legal_entity.company_id', `the seller needs its SIREN (BT-30, 9 digits; BR-FR-10): configure party.legal_entity.company_id of business entity ${entity.id}, or send a French VAT number`);
    return undefined;
  }
  const endpoint = addressOf(spi.electronic_address ?? entity.party.electronic_address, siren, 'accounting_supplier_party', issues);
  return endpoint && { ...p, endpoint, legal: { ...p.legal, companyId: { id: siren, scheme: SIREN_SCHEME } } };
}

/** A French buyer's SIREN: from its company id (a SIREN, or a SIRET that starts with it), else its French VAT number. */
export function buyerSiren(spi: SpiParty): string | undefined {
  const fromId = spi.legal_entity?.company_id ? sirenOfCompanyId(spi.legal_entity.company_id) : undefined;
  const siren = fromId ?? vatIdsOf(spi).map(sirenOfVat).find((s) => s !== undefined);
  return siren && isSiren(siren) ? siren : undefined;
}

function frenchBuyer(p: Party, spi: SpiParty, issues: IssueList, directoryAddress?: Identifier): Party | undefined {
  const siren = buyerSiren(spi);
  if (!siren) {
    issues.missing('111', 'accounting_customer_party.legal_entity.company_id', 'a French business buyer needs its SIREN (BT-47, 9 digits; BR-FR-11): send legal_entity.company_id, or its French VAT number');
    return undefined;
  }
  const endpoint = addressOf(spi.electronic_address ?? directoryAddress, siren, 'accounting_customer_party', issues);
  return endpoint && { ...p, endpoint, legal: { ...p.legal, companyId: { id: siren, scheme: SIREN_SCHEME } } };
}

/** A buyer abroad keeps its own address (its Peppol one, from its VAT number), which BR-FR-12 still requires. */
function foreignBuyer(p: Party, issues: IssueList): Party | undefined {
  const endpoint = p.endpoint ?? deriveEndpoint({ vatIds: p.taxRegistrations.filter((t) => t.taxScheme === 'VAT').map((t) => t.companyId), companyId: p.legal.companyId?.id, country: p.address.country });
  if (!endpoint) {
    issues.missing('112', 'accounting_customer_party.electronic_address', 'the buyer needs an electronic address (BT-49; BR-FR-12): send electronic_address or its VAT number');
    return undefined;
  }
  return { ...p, endpoint };
}

/**
 * The directory's address (0225): the one given, which must start with the party's SIREN
 * (BR-FR-21) and use the directory's characters (BR-FR-23, BR-FR-25), else the SIREN itself.
 */
function addressOf(given: Identifier | undefined, siren: string, path: string, issues: IssueList): Identifier | undefined {
  if (!given) return { scheme: FR_ADDRESS_SCHEME, id: siren };
  if (given.scheme !== FR_ADDRESS_SCHEME || !given.id.startsWith(siren) || given.id.length > 125 || !/^[A-Za-z0-9\-_.]+$/.test(given.id)) {
    issues.invalid('113', `${path}.electronic_address`, `a French electronic address is scheme 0225 with the SIREN ${siren}, alone or followed by a suffix (letters, digits, - _ .; at most 125 characters; BR-FR-21, BR-FR-23, BR-FR-25)`);
    return undefined;
  }
  return given;
}
