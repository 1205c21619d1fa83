import type { FieldSpec } from '../driver/types.js';

// Field-table rows written once with placeholders ({R} root, {L} line, {Q} quantity element) and
// expanded per document type. A row without an SPI field is fixed by the format or by what the
// driver writes (the tax scheme is VAT, the invoice type 380): a mapping may name it, with its
// one accepted value.

export type Row = [
  path: string,
  spi: string | undefined,
  name: string,
  type: FieldSpec['data_type'],
  inclusion: FieldSpec['inclusion_type'],
  description?: string,
  accepted?: readonly string[],
];

export const VAT_SCHEME: readonly string[] = ['VAT'];

/** The rows for one document type, placeholders filled; a `{L}` row repeats per line. */
export function expandRows(rows: readonly Row[], documentType: string, root: string, line = '', qty = ''): FieldSpec[] {
  return rows.map(([path, spi, field_name, data_type, inclusion_type, description, accepted]) => {
    const p = path.replace('{R}', root).replace('{L}', line).replace('{Q}', qty);
    const fixed = !spi && accepted?.length === 1 ? { default_value: accepted[0] } : {};
    const perLine = path.includes('{L}') ? { perLine: true } : {};
    return { path: p, ...(spi ? { spi } : {}), field_name, data_type, inclusion_type, documentTypes: [documentType], accepted_values: accepted, ...(description ? { description } : {}), ...fixed, ...perLine };
  });
}
