import type { FieldSpec } from '../spi/driver.js';

// A driver's field table written as rows (path, SPI field, name, type, inclusion, description,
// document types), each row with the format's documentation link: the shape VERIFACTU and KSEF
// write their tables in.

export type FieldRow = [path: string, spi: string | undefined, name: string, type: FieldSpec['data_type'], inclusion: FieldSpec['inclusion_type'], description?: string, documentTypes?: string[]];

export function fieldTable(rows: readonly FieldRow[], documentationLink: string): readonly FieldSpec[] {
  return Object.freeze(
    rows.map(([path, spi, field_name, data_type, inclusion_type, description, documentTypes]) => ({
      path,
      ...(spi && { spi }),
      field_name,
      data_type,
      inclusion_type,
      ...(description && { description }),
      documentation_link: documentationLink,
      ...(documentTypes && { documentTypes }),
    })),
  );
}
