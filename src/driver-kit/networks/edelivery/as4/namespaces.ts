// The namespaces of an AS4 message (Peppol AS4 profile 2.0: ebMS 3.0 over SOAP 1.2, WS-Security 1.1).

export const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
export const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
export const DS = 'http://www.w3.org/2000/09/xmldsig#';
export const EB = 'http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/';
export const EBBP = 'http://docs.oasis-open.org/ebxml-bp/ebbp-signals-2.0';
/** Exclusive XML canonicalization: the transform's algorithm and the namespace of its ec:InclusiveNamespaces. */
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
/** The BinarySecurityToken's value type for an X.509 v3 certificate (X.509 Token Profile 1.1). */
export const X509_V3 = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
/** XML Encryption 1.0's namespace, which 1.1 keeps for its elements (EncryptedKey, EncryptedData). */
export const XENC = 'http://www.w3.org/2001/04/xmlenc#';
/** XML Encryption 1.1's namespace, for the elements it adds (xenc11:MGF). */
export const XENC11 = 'http://www.w3.org/2009/xmlenc11#';
