import Type, { type Static } from 'typebox';
import { secretSchema } from '../../lib/secret-paths.js';

// `drivers.<id>.email.<entity id>` of the drivers whose documents travel by e-mail (EINVOICE,
// ZUGFERD): one SMTP server per business entity.

/**
 * How one business entity's documents are mailed: its SMTP server, sender and defaults. The
 * password never sits in the configuration file (an environment variable or a file names it);
 * through the admin API it is given itself (`password`).
 */
export const EmailSettingsSchema = Type.Object(
  {
    host: Type.String({ minLength: 1 }),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    /** `starttls` (default: port 587, upgrade required), `tls` (port 465) or `none` (a relay on a trusted network). */
    security: Type.Optional(Type.Enum(['starttls', 'tls', 'none'])),
    user: Type.Optional(Type.String({ minLength: 1 })),
    /** The name of the environment variable holding the password, or a file holding it (relative to the configuration file). */
    password_env: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' })),
    password_file: Type.Optional(Type.String({ minLength: 1 })),
    password: Type.Optional(secretSchema()),
    from: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' }),
    /** Where a document goes whose buyer names no contact email. */
    default_recipient: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' })),
    /** The text body beside the attached invoice. */
    body: Type.Optional(Type.String({ maxLength: 10000 })),
    /** An extra CA to trust for the server's certificate (PEM, relative to the configuration file). */
    ca_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The CA's PEM itself (through the admin API). */
    ca: Type.Optional(Type.String({ minLength: 1 })),
    timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
  },
  { additionalProperties: false },
);
export type EmailSettings = Static<typeof EmailSettingsSchema>;
