import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { FIXTURES_DIR } from './fixtures.js';

// The ebMS 3.0 header schema (OASIS, with the 2017 errata's Property/@type) and the SOAP 1.2
// envelope schema (W3C), as phase4 redistributes them (fixtures/as4/README.md), validated by
// libxml2 (xmllint-wasm): the envelope strictly, eb:Messaging strictly (the header's lax wildcard
// validates what it has a declaration for), WS-Security and the payloads not at all.

const DIR = join(FIXTURES_DIR, 'as4', 'schemas');
const FILES = ['soap11.xsd', 'soap12.xsd', 'ebms-header-3_0-200704.xsd'];
const MAIN =
  '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x-test:ebms-envelope">' +
  '<xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="xml.xsd"/>' +
  '<xs:import namespace="http://www.w3.org/2003/05/soap-envelope" schemaLocation="soap12.xsd"/>' +
  '<xs:import namespace="http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/" schemaLocation="ebms-header-3_0-200704.xsd"/>' +
  '</xs:schema>';

// The XML namespace's attributes (xml:lang on eb:Description and SOAP's Text), which both
// schemas import without a location: declared here as the XML specification defines them.
const XML_NS =
  '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/XML/1998/namespace">' +
  '<xs:attribute name="lang" type="xs:language"/><xs:attribute name="space"><xs:simpleType><xs:restriction base="xs:NCName"><xs:enumeration value="default"/><xs:enumeration value="preserve"/></xs:restriction></xs:simpleType></xs:attribute>' +
  '<xs:attribute name="base" type="xs:anyURI"/><xs:attribute name="id" type="xs:ID"/>' +
  '</xs:schema>';

/** libxml2's schema errors of a SOAP 1.2 envelope carrying eb:Messaging; empty when valid. */
export async function ebmsSchemaErrors(fileName: string, xml: string): Promise<string[]> {
  const preload = [{ fileName: 'xml.xsd', contents: XML_NS }, ...FILES.map((f) => ({ fileName: f, contents: readFileSync(join(DIR, f), 'utf8') }))];
  const result = await validateXML({ xml: [{ fileName, contents: xml }], schema: [{ fileName: 'main.xsd', contents: MAIN }], preload });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
