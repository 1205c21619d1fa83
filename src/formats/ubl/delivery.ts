import type { Delivery } from '../en16931/model.js';
import type { UblDialect } from './dialect.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';
import { addressEl } from './party.js';

/** cac:Delivery (BG-13): actual delivery date and the deliver-to address (BG-15). */
export function deliveryEl(d: Delivery | undefined, dialect: UblDialect): XmlNode | undefined {
  if (!d || !(d.date || d.address)) return undefined;
  return el('cac:Delivery', undefined, leaf('cbc:ActualDeliveryDate', d.date), d.address ? el('cac:DeliveryLocation', undefined, addressEl('cac:Address', d.address, dialect)) : undefined);
}
