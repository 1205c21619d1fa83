import type { Line, TaxCategory } from '../en16931/model.js';
import { constant, el, leaf, type XmlNode } from '../xml/writer.js';

type Attrs = Readonly<Record<string, string | undefined>>;

/**
 * What a national customization of UBL 2.1 writes beyond EN 16931 UBL, as hooks the writers of
 * this folder call. Without a dialect (EN16931_UBL) they write what Peppol BIS and EN 16931 want,
 * byte for byte; OIOUBL (drivers/nemhandel/oioubl-dialect.ts) adds its version, UUID, code-list
 * attributes, tax scheme and a tax total per line. The values themselves (Danish tax category
 * names, schemes such as DK:CVR, TaxExclusiveAmount as the VAT total) are the customization's
 * model, made before writing: a dialect only decides how the same model is spelt.
 */
export interface UblDialect {
  /** cbc:UBLVersionID, written first when present (OIOUBL requires it). */
  readonly ublVersionId?: string;
  /** Code-list attributes of coded elements, by element name (cbc:ProfileID, cbc:InvoiceTypeCode, cbc:ResponseCode…). */
  readonly codeAttrs?: Readonly<Record<string, Attrs>>;
  /** Elements right after the document's cbc:ID (OIOUBL: CopyIndicator, UUID). */
  readonly afterId?: readonly XmlNode[];
  /** schemeAgencyID of an identifier by its scheme (OIOUBL: 9, GS1, for GLN). */
  schemeAgency?(scheme: string | undefined): string | undefined;
  /** The cac:TaxScheme of every VAT category. */
  readonly vatScheme: XmlNode;
  /** Attributes of a tax category's cbc:ID (OIOUBL names its code list). */
  taxCategoryAttrs?(id: string): Attrs | undefined;
  /** The first element of every address (OIOUBL: cbc:AddressFormatCode). */
  readonly addressFormat?: XmlNode;
  /** cac:Contact/cbc:ID of the parties (OIOUBL: the buyer's reference person, required). */
  readonly contactIds?: { readonly supplier?: string | undefined; readonly customer?: string | undefined };
  /** A line's own cac:TaxTotal, written where its line type places it (OIOUBL requires one per line). */
  lineTaxTotal?(line: Line): XmlNode | undefined;
  /**
   * The tax category elements already made for this document, by category object: a dialect made
   * per document whose lines share their category objects (OIOUBL writes each line's category
   * twice, in its tax total and on its item) has each element made and written once.
   */
  readonly taxCategoryEls?: Map<TaxCategory, XmlNode[]>;
}

/** EN 16931 UBL as Peppol BIS, XRechnung and the CEN rules read it. */
export const EN16931_UBL: UblDialect = Object.freeze({ vatScheme: constant(el('cac:TaxScheme', undefined, leaf('cbc:ID', 'VAT'))) });

/** A coded leaf with the dialect's code-list attributes for its element name. */
export function codeEl(name: string, value: string | undefined, dialect: UblDialect, attrs?: Attrs): XmlNode | undefined {
  const listed = dialect.codeAttrs?.[name];
  return leaf(name, value, listed || attrs ? { ...attrs, ...listed } : undefined);
}
