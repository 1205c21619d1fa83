import Type, { type Static } from 'typebox';
import { CertificateSchema } from '../../../platform/crypto/certificate-settings.js';

// `drivers.<PEPPOL|NEMHANDEL>.access_point` in the configuration file: the operator's access
// point on that network. Without it the driver's documents go to the sandbox network. Files are
// read relative to the configuration file; the key's passphrase comes from a file or an
// environment variable, never from the file itself, and nothing of it is logged.

export const SML_ENVIRONMENTS = ['production', 'test'] as const;
export type SmlEnvironment = (typeof SML_ENVIRONMENTS)[number];

export const AccessPointSchema = Type.Object(
  {
    /** The access point's certificate and key (PKCS#12, or PEM certificate and key), issued by the network's AP CA: it signs what is sent and decrypts what is received. */
    certificate: CertificateSchema,
    /** The access point CA certificates (PEM, one file, several allowed): a sender's or receiver's certificate must be issued by one. */
    ap_ca_file: Type.String({ minLength: 1 }),
    /** The SMP CA certificates (PEM): an SMP's signing certificate must be issued by one. */
    smp_ca_file: Type.String({ minLength: 1 }),
    /** Which SML the receivers are looked up in (default test: the network's test SML, where test certificates are registered). */
    environment: Type.Optional(Type.Enum(SML_ENVIRONMENTS)),
    /** The SML's DNS zone, over the environment's (a private network, a local test). */
    sml_zone: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.-]+$' })),
    /** The transport profile of the SMP endpoints this access point sends to (default: the network's, peppol-transport-as4-v2_0 on both). */
    transport_profile: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._:-]+$' })),
    /** DNS servers asked for the SML's NAPTR records (`host` or `host:port`); default: the system's. */
    dns_servers: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z0-9.:\\[\\]-]+$' }), { minItems: 1 })),
    /** How long one lookup or one send may take (default 60 seconds). */
    request_timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
    /** How many receivers' endpoints are cached (default 1000); each is kept at most an hour and never past its metadata's expiry. */
    lookup_cache_entries: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    /** Accept http:// SMP and access point addresses. Only for a network of test instances on one machine: the specifications require https. */
    allow_http: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export type AccessPointSettings = Static<typeof AccessPointSchema>;
