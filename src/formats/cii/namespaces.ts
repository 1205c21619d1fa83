/** UN/CEFACT Cross Industry Invoice D16B namespaces, declared once on the root. */
export const CII_NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

export function rootAttrs(): Record<string, string> {
  return { 'xmlns:rsm': CII_NS.rsm, 'xmlns:qdt': CII_NS.qdt, 'xmlns:ram': CII_NS.ram, 'xmlns:udt': CII_NS.udt };
}
