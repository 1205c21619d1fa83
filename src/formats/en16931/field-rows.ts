import type { FieldSpec } from '../../spi/driver.js';

// Field-table rows written once with placeholders ({R} root, {L} line, {Q} quantity element) and
// expanded per document type. A row without an SPI field is fixed by the format or by what the
// driver writes (the tax scheme is VAT): a mapping may name it, with its one accepted value. A
// row with a list of accepted values and an SPI field (the document type code) writes what is
// mapped there, and the driver refuses a value outside its format's list.

export type Row = [
  path: string,
  spi: string | undefined,
  name: string,
  type: FieldSpec['data_type'],
  inclusion: FieldSpec['inclusion_type'],
  description?: string,
  accepted?: readonly string[],
  /** What the driver writes when nothing is mapped (a row the format fixes: its one accepted value). */
  defaultValue?: string,
];

export const VAT_SCHEME: readonly string[] = ['VAT'];

/** The rows for one document type, placeholders filled; a `{L}` row repeats per line. */
export function expandRows(rows: readonly Row[], documentType: string, root: string, line = '', qty = ''): FieldSpec[] {
  return rows.map(([path, spi, field_name, data_type, inclusion_type, description, accepted, defaultValue]) => {
    const p = path.replace('{R}', root).replace('{L}', line).replace('{Q}', qty);
    const given = defaultValue ?? (!spi && accepted?.length === 1 ? accepted[0] : undefined);
    const fixed = given !== undefined ? { default_value: given } : {};
    const perLine = path.includes('{L}') ? { perLine: true } : {};
    return { path: p, ...(spi ? { spi } : {}), field_name, data_type, inclusion_type, documentTypes: [documentType], accepted_values: accepted, ...(description ? { description } : {}), ...fixed, ...perLine };
  });
}
