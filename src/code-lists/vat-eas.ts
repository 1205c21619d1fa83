// The VAT schemes of the Peppol EAS code list (Electronic Address Scheme, 99xx): a participant
// registered under its VAT number, country prefix included, by the country that issued it. PEPPOL
// derives EndpointIDs from them, NEMHANDEL turns them into OIOUBL's `<country>:VAT` and back.
// Greece's numbers (prefix EL) are under GR; Northern Ireland's (XI) have no scheme.

export const VAT_EAS: Readonly<Record<string, string>> = {
  AD: '9922', AL: '9923', AT: '9914', BA: '9924', BG: '9926', CH: '9927', CY: '9928', CZ: '9929',
  DE: '9930', EE: '9931', ES: '9920', FR: '9957', GB: '9932', GR: '9933', HR: '9934', HU: '9910',
  IE: '9935', LI: '9936', LT: '9937', LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942',
  MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947', RS: '9948', SI: '9949', SK: '9950',
  SM: '9951', TR: '9952', VA: '9953',
};

const COUNTRY_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(VAT_EAS).map(([c, eas]) => [eas, c]));

/** The country whose VAT numbers a 99xx scheme holds (`9930` → `DE`), undefined for another scheme. */
export function countryOfVatEas(scheme: string): string | undefined {
  return COUNTRY_OF[scheme];
}
