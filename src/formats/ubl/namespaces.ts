/** UBL 2.1 namespaces, declared once on each root element. */
export const UBL_NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  ApplicationResponse: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
} as const;

/** The attributes of a UBL root element: its default namespace plus cac and cbc. */
export function rootAttrs(root: 'Invoice' | 'CreditNote' | 'ApplicationResponse'): Record<string, string> {
  return { xmlns: UBL_NS[root], 'xmlns:cac': UBL_NS.cac, 'xmlns:cbc': UBL_NS.cbc };
}
