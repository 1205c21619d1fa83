// Who a stored record is, read back from its XML: the issuer, the invoice it registers or
// cancels, and which of the two it is. The transport addresses, batches and matches the AEAT's
// answer lines by it; the record itself is sent byte for byte as it was chained.

export type Operation = 'Alta' | 'Anulacion';

export interface RecordIdentity {
  operation: Operation;
  nif: string;
  numSerie: string;
  /** dd-mm-yyyy, as in the record. */
  fecha: string;
  /** NombreRazonEmisor (an anulación has none). */
  nombreRazon?: string | undefined;
}

const XML_ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The identity of a `sum1:RegistroAlta` or `sum1:RegistroAnulacion`; undefined when the text is neither. */
export function recordIdentity(xml: string): RecordIdentity | undefined {
  // The records are ours (xml.ts): one prefix, no CDATA, so a pattern per element suffices.
  const text = (name: string) => {
    const v = new RegExp(`<sum1:${name}>([^<]*)</sum1:${name}>`).exec(xml)?.[1];
    return v?.replace(/&(amp|lt|gt|quot|apos);/g, (e) => XML_ESCAPES[e]!);
  };
  if (xml.includes('<sum1:RegistroAlta')) {
    const [nif, numSerie, fecha] = [text('IDEmisorFactura'), text('NumSerieFactura'), text('FechaExpedicionFactura')];
    return nif && numSerie && fecha ? { operation: 'Alta', nif, numSerie, fecha, nombreRazon: text('NombreRazonEmisor') } : undefined;
  }
  if (xml.includes('<sum1:RegistroAnulacion')) {
    const [nif, numSerie, fecha] = [text('IDEmisorFacturaAnulada'), text('NumSerieFacturaAnulada'), text('FechaExpedicionFacturaAnulada')];
    return nif && numSerie && fecha ? { operation: 'Anulacion', nif, numSerie, fecha } : undefined;
  }
  return undefined;
}

/** One key per record and operation: an answer line is matched to its record by it. */
export function identityKey(id: Pick<RecordIdentity, 'operation' | 'nif' | 'numSerie' | 'fecha'>): string {
  return [id.operation, id.nif, id.numSerie, id.fecha].join('|');
}
