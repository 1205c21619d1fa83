import { amount2, plain, type Decimal } from '../../src/lib/money.js';
import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import type { Fa3Address, Fa3Contact, Fa3Invoice, Fa3Line } from './model.js';

// Writes the FA(3) model as `Faktura` (schema FA(3) 1-0E), elements in the schema's order. Only
// writes: every choice and amount was made by build.ts.

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
/** The form code KSeF's session names with it (OpenOnlineSessionRequest.formCode). */
export const FA3_FORM = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

const amount = (name: string, d: Decimal | undefined) => (d === undefined ? undefined : leaf(name, amount2(d)));
const one = (name: string) => leaf(name, '1');

/** `generatedAt`: DataWytworzeniaFa, the render clock. */
export function fa3Xml(f: Fa3Invoice, generatedAt: Date): string {
  return serialize(
    el(
      'Faktura',
      { xmlns: FA3_NAMESPACE },
      el(
        'Naglowek',
        undefined,
        leaf('KodFormularza', FA3_FORM.value, { kodSystemowy: FA3_FORM.systemCode, wersjaSchemy: FA3_FORM.schemaVersion }),
        leaf('WariantFormularza', '3'),
        leaf('DataWytworzeniaFa', generatedAt.toISOString()),
        leaf('SystemInfo', f.systemInfo),
      ),
      el('Podmiot1', undefined, el('DaneIdentyfikacyjne', undefined, leaf('NIP', f.seller.nip), leaf('Nazwa', f.seller.name)), addressEl('Adres', f.seller.address), contactEl(f.seller.contact)),
      el(
        'Podmiot2',
        undefined,
        el('DaneIdentyfikacyjne', undefined, buyerIdEls(f.buyer.id), leaf('Nazwa', f.buyer.name)),
        f.buyer.address && addressEl('Adres', f.buyer.address),
        contactEl(f.buyer.contact),
        // Not a subordinate unit of a local authority (JST) nor a VAT group member (GV): no Podmiot3 receives it.
        leaf('JST', '2'),
        leaf('GV', '2'),
      ),
      faEl(f),
      f.footer.length > 0 && el('Stopka', undefined, f.footer.map((t) => el('Informacje', undefined, leaf('StopkaFaktury', t)))),
    ),
  );
}

function addressEl(name: string, a: Fa3Address): XmlNode {
  return el(name, undefined, leaf('KodKraju', a.country), leaf('AdresL1', a.line1), leaf('AdresL2', a.line2));
}

function contactEl(c: Fa3Contact | undefined): XmlNode | undefined {
  return c && el('DaneKontaktowe', undefined, leaf('Email', c.email), leaf('Telefon', c.telephone));
}

function buyerIdEls(id: Fa3Invoice['buyer']['id']): (XmlNode | undefined)[] {
  switch (id.kind) {
    case 'NIP':
      return [leaf('NIP', id.nip)];
    case 'EU':
      return [leaf('KodUE', id.code), leaf('NrVatUE', id.vat)];
    case 'OTHER':
      return [leaf('KodKraju', id.country), leaf('NrID', id.id)];
    case 'NONE':
      return [one('BrakID')];
  }
}

function faEl(f: Fa3Invoice): XmlNode {
  return el(
    'Fa',
    undefined,
    leaf('KodWaluty', f.currency),
    leaf('P_1', f.issueDate),
    leaf('P_2', f.number),
    leaf('P_6', f.supplyDate),
    f.sums.map((s) =>
      s.tax === undefined ? amount(`P_13_${s.group}`, s.base) : [amount(`P_13_${s.group}`, s.base), amount(`P_14_${s.group}`, s.tax), amount(`P_14_${s.group}W`, s.taxPln)],
    ),
    amount('P_15', f.total),
    adnotacjeEl(f),
    leaf('RodzajFaktury', f.kind),
    f.correction && [
      leaf('PrzyczynaKorekty', f.correction.reason),
      leaf('TypKorekty', f.correction.type === undefined ? undefined : String(f.correction.type)),
      f.correction.invoices.map((c) =>
        el(
          'DaneFaKorygowanej',
          undefined,
          leaf('DataWystFaKorygowanej', c.date),
          leaf('NrFaKorygowanej', c.number),
          // Issued in KSeF (its number known) or, before KSeF, outside it.
          c.ksefNumber ? [one('NrKSeF'), leaf('NrKSeFFaKorygowanej', c.ksefNumber)] : one('NrKSeFN'),
        ),
      ),
    ],
    f.lines.map(lineEl),
    f.settlement &&
      el(
        'Rozliczenie',
        undefined,
        el('Odliczenia', undefined, amount('Kwota', f.settlement.prepaid), leaf('Powod', 'Kwota zapłacona przed wystawieniem faktury')),
        amount('SumaOdliczen', f.settlement.prepaid),
        amount('DoZaplaty', f.settlement.payable),
      ),
    f.payment &&
      el(
        'Platnosc',
        undefined,
        f.payment.dueDate !== undefined && el('TerminPlatnosci', undefined, leaf('Termin', f.payment.dueDate)),
        f.payment.form !== undefined ? leaf('FormaPlatnosci', String(f.payment.form)) : f.payment.other !== undefined && [one('PlatnoscInna'), leaf('OpisPlatnosci', f.payment.other)],
        f.payment.accounts.map((a) => el('RachunekBankowy', undefined, leaf('NrRB', a.number), leaf('SWIFT', a.swift))),
      ),
    f.orderReference !== undefined && el('WarunkiTransakcji', undefined, el('Zamowienia', undefined, leaf('NrZamowienia', f.orderReference))),
  );
}

/** The annotations every invoice states: each "no" is 2 (or the N marker), each "yes" 1. */
function adnotacjeEl(f: Fa3Invoice): XmlNode {
  return el(
    'Adnotacje',
    undefined,
    leaf('P_16', '2'), // cash accounting (metoda kasowa)
    leaf('P_17', '2'), // self-billing
    leaf('P_18', f.reverseCharge ? '1' : '2'), // reverse charge: the buyer accounts for the VAT
    leaf('P_18A', '2'), // split payment mechanism
    el('Zwolnienie', undefined, f.exemption ? [one('P_19'), leaf(f.exemption.field, f.exemption.text)] : one('P_19N')),
    el('NoweSrodkiTransportu', undefined, one('P_22N')),
    leaf('P_23', '2'), // simplified triangulation
    el('PMarzy', undefined, one('P_PMarzyN')),
  );
}

function lineEl(l: Fa3Line): XmlNode {
  return el(
    'FaWiersz',
    undefined,
    leaf('NrWierszaFa', String(l.no)),
    leaf('P_7', l.name),
    leaf('Indeks', l.index),
    leaf('P_8A', l.unit),
    leaf('P_8B', plain(l.quantity)),
    leaf('P_9A', plain(l.price)),
    leaf('P_10', l.discount && plain(l.discount)),
    amount('P_11', l.net),
    leaf('P_12', l.rate),
    leaf('KursWaluty', l.exchangeRate && plain(l.exchangeRate)),
  );
}
