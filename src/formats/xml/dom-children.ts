// Reading a parsed document (@xmldom/xmldom) by namespace and local name, never by prefix: the
// prefix is the writer's choice. Text, comments and processing instructions are skipped.

/** The element children of a node. */
export function elementsOf(node: Node): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
}

/** The element children of `node` with this namespace and local name. */
export function childrenNamed(node: Node, namespace: string, localName: string): Element[] {
  return elementsOf(node).filter((e) => e.namespaceURI === namespace && e.localName === localName);
}

/** The elements below `node` (at any depth, in document order) with this namespace and local name. */
export function descendantsNamed(node: Node, namespace: string, localName: string): Element[] {
  const out: Element[] = [];
  const visit = (parent: Node) => {
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const e = c as Element;
      if (e.namespaceURI === namespace && e.localName === localName) out.push(e);
      visit(e);
    }
  };
  visit(node);
  return out;
}
