import { fixed, fixedBetween, type Decimal } from '../../src/lib/money.js';
import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import type { FpaInvoice, FpaLine, IdFiscale, Riepilogo, Sede } from './model.js';

// FatturaPA 1.2.2 as the schema orders it (Schema_del_file_xml_FatturaPA_v1.2.2.xsd): the root
// in its namespace with the customary `p` prefix, every child unqualified. Only writes: every
// choice was made in build.ts.

export const FATTURAPA_NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** Amount2DecimalType: exactly two decimals. */
const a2 = (d: Decimal) => fixed(d, 2);
/** Amount8DecimalType and QuantitaType: two to eight decimals. */
const a8 = (d: Decimal) => fixedBetween(d, 2, 8);
/** RateType (AliquotaIVA): exactly two decimals. */
const rate2 = (d: Decimal) => fixed(d, 2);

const idFiscale = (name: string, id: IdFiscale) => el(name, undefined, leaf('IdPaese', id.country), leaf('IdCodice', id.code));

const sede = (s: Sede) =>
  el('Sede', undefined, leaf('Indirizzo', s.indirizzo), leaf('CAP', s.cap), leaf('Comune', s.comune), leaf('Provincia', s.provincia), leaf('Nazione', s.nazione));

function header(f: FpaInvoice): XmlNode {
  return el(
    'FatturaElettronicaHeader',
    undefined,
    el(
      'DatiTrasmissione',
      undefined,
      idFiscale('IdTrasmittente', f.transmitter),
      leaf('ProgressivoInvio', f.progressive),
      leaf('FormatoTrasmissione', f.formato),
      leaf('CodiceDestinatario', f.routing.codiceDestinatario),
      leaf('PECDestinatario', f.routing.pec),
    ),
    el(
      'CedentePrestatore',
      undefined,
      el(
        'DatiAnagrafici',
        undefined,
        idFiscale('IdFiscaleIVA', f.seller.vat),
        leaf('CodiceFiscale', f.seller.codiceFiscale),
        el('Anagrafica', undefined, leaf('Denominazione', f.seller.anagrafica.denominazione)),
        leaf('RegimeFiscale', f.seller.regimeFiscale),
      ),
      sede(f.seller.sede),
    ),
    el(
      'CessionarioCommittente',
      undefined,
      el(
        'DatiAnagrafici',
        undefined,
        f.buyer.vat && idFiscale('IdFiscaleIVA', f.buyer.vat),
        leaf('CodiceFiscale', f.buyer.codiceFiscale),
        el('Anagrafica', undefined, leaf('Denominazione', f.buyer.anagrafica.denominazione)),
      ),
      sede(f.buyer.sede),
    ),
  );
}

function datiGenerali(f: FpaInvoice): XmlNode {
  return el(
    'DatiGenerali',
    undefined,
    el(
      'DatiGeneraliDocumento',
      undefined,
      leaf('TipoDocumento', f.tipoDocumento),
      leaf('Divisa', f.currency),
      leaf('Data', f.date),
      leaf('Numero', f.number),
      f.stampDuty ? el('DatiBollo', undefined, leaf('BolloVirtuale', 'SI'), leaf('ImportoBollo', f.stampDuty)) : undefined,
      leaf('ImportoTotaleDocumento', a2(f.total)),
      f.causale.map((c) => leaf('Causale', c)),
    ),
    f.orderReference ? el('DatiOrdineAcquisto', undefined, leaf('IdDocumento', f.orderReference)) : undefined,
    f.linkedInvoices.map((r) => el('DatiFattureCollegate', undefined, leaf('IdDocumento', r.number), leaf('Data', r.date))),
  );
}

function line(l: FpaLine): XmlNode {
  return el(
    'DettaglioLinee',
    undefined,
    leaf('NumeroLinea', String(l.no)),
    leaf('TipoCessionePrestazione', l.tipo),
    l.articleCode ? el('CodiceArticolo', undefined, leaf('CodiceTipo', 'INTERNO'), leaf('CodiceValore', l.articleCode)) : undefined,
    leaf('Descrizione', l.description),
    l.quantity && leaf('Quantita', a8(l.quantity)),
    leaf('UnitaMisura', l.unit),
    leaf('PrezzoUnitario', a8(l.unitPrice)),
    l.adjustment && el('ScontoMaggiorazione', undefined, leaf('Tipo', l.adjustment.tipo), leaf('Importo', a8(l.adjustment.perUnit))),
    leaf('PrezzoTotale', a8(l.total)),
    leaf('AliquotaIVA', rate2(l.rate)),
    leaf('Natura', l.natura),
  );
}

function riepilogo(r: Riepilogo): XmlNode {
  return el(
    'DatiRiepilogo',
    undefined,
    leaf('AliquotaIVA', rate2(r.rate)),
    leaf('Natura', r.natura),
    leaf('ImponibileImporto', a2(r.taxable)),
    leaf('Imposta', a2(r.tax)),
    leaf('EsigibilitaIVA', r.esigibilita),
    leaf('RiferimentoNormativo', r.reference),
  );
}

export function fatturaPaXml(f: FpaInvoice): string {
  const p = f.payment;
  const root = el(
    'p:FatturaElettronica',
    { versione: f.formato, 'xmlns:ds': DS_NS, 'xmlns:p': FATTURAPA_NS },
    header(f),
    el(
      'FatturaElettronicaBody',
      undefined,
      datiGenerali(f),
      el('DatiBeniServizi', undefined, f.lines.map(line), f.summaries.map(riepilogo)),
      p &&
        el(
          'DatiPagamento',
          undefined,
          leaf('CondizioniPagamento', 'TP02'),
          el('DettaglioPagamento', undefined, leaf('ModalitaPagamento', p.modalita), leaf('DataScadenzaPagamento', p.dueDate), leaf('ImportoPagamento', a2(p.amount)), leaf('IBAN', p.iban)),
        ),
    ),
  );
  return serialize(root);
}
