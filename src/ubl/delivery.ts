import type { Delivery } from '../en16931/model.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/** cac:Delivery (BG-13): actual delivery date and the deliver-to country. */
export function deliveryEl(d: Delivery | undefined): XmlNode | undefined {
  if (!d || !(d.date || d.country)) return undefined;
  return el(
    'cac:Delivery',
    undefined,
    leaf('cbc:ActualDeliveryDate', d.date),
    d.country
      ? el('cac:DeliveryLocation', undefined, el('cac:Address', undefined, el('cac:Country', undefined, leaf('cbc:IdentificationCode', d.country))))
      : undefined,
  );
}
