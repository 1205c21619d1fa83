import { XMLBuilder } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import type { XmlNode } from '../../src/formats/xml/writer.js';

// The alternatives the benchmark measures against src/formats/ubl/xml.ts, over the same element tree.

export function viaXmlbuilder2(root: XmlNode): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const add = (parent: ReturnType<typeof create>, node: XmlNode): void => {
    const e = parent.ele(node.name, node.attrs ?? {});
    if (node.text !== undefined) e.txt(node.text);
    else for (const c of node.children ?? []) add(e, c);
  };
  add(doc, root);
  return doc.end({ prettyPrint: true });
}

const fxp = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

export function viaFastXmlParser(root: XmlNode): string {
  const convert = (node: XmlNode): Record<string, unknown> => {
    const out: Record<string, unknown> = { [node.name]: node.text !== undefined ? [{ '#text': node.text }] : (node.children ?? []).map(convert) };
    if (node.attrs) out[':@'] = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [`@_${k}`, v]));
    return out;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${fxp.build([convert(root)])}`;
}
