import { create } from 'xmlbuilder2';
import { at, textAt } from '../ubl/read.js';

// Reading SOAP answers by local element names: services change their prefixes between
// environments and examples (the AEAT, FACe), so the tree is read with prefixes dropped.

export type XmlTree = { [key: string]: unknown };

/** Parses XML into xmlbuilder2's object form with namespace prefixes dropped from element names; throws on text that is not XML. */
export function parseLocal(xml: string): XmlTree {
  return local(create(xml).end({ format: 'object' })) as XmlTree;
}

/** The same tree with namespace prefixes dropped from element names (attributes keep theirs). */
function local(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(local);
  if (!value || typeof value !== 'object') return value;
  const out: XmlTree = {};
  for (const [k, v] of Object.entries(value as XmlTree)) {
    const name = k.startsWith('@') || k.startsWith('#') ? k : k.replace(/^.*:/, '');
    out[name] = local(v);
  }
  return out;
}

/** Every element of this name under a node. */
export function children(node: unknown, name: string): XmlTree[] {
  if (!node || typeof node !== 'object') return [];
  const v = (node as XmlTree)[name];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => (typeof x === 'string' ? { '#': x } : x)).filter((x): x is XmlTree => !!x && typeof x === 'object');
}

/** An element (empty elements included), by local name. */
export function child(node: unknown, name: string): XmlTree | undefined {
  const v = at(node, name);
  return typeof v === 'string' ? { '#': v } : v && typeof v === 'object' ? (v as XmlTree) : undefined;
}

/** The trimmed text of a child element, or undefined. */
export const text = (node: unknown, name: string): string | undefined => textAt(node, name)?.trim();
