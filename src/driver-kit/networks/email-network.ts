import type { SettingsFiles } from '../../platform/config/settings-files.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../spi/driver.js';
import { EmailTransport, type SmtpOptions } from './email-transport.js';
import type { EmailSettings } from './email-settings.js';
import { networkPerEntity } from './network-per-entity.js';

// Which way an entity's documents travel for a driver that mails them (EINVOICE, ZUGFERD): by
// e-mail through the entity's own SMTP server when `drivers.<id>.email` names the entity, else
// through the adapter's transport (the sandbox); the entity's transport is made on its first
// document (network-per-entity.ts). Every setting is checked at start, every problem at once,
// and the password is read there (from the environment or a file), never written to the
// configuration or a log.

const PORTS = { starttls: 587, tls: 465, none: 25 } as const;

/** The `network` of a driver whose settings carry `email: { <entity id>: EmailSettings }`. */
export function emailNetwork(driverId: string): (settings: { readonly email?: Readonly<Record<string, EmailSettings>> | undefined }, entities: EntityLookup, deps: NetworkDeps) => DriverNetwork {
  return (settings, entities, deps) => startEmailNetwork(`drivers.${driverId}.email`, settings, entities, deps);
}

type EmailSettingsByEntity = { readonly email?: Readonly<Record<string, EmailSettings>> | undefined };

function startEmailNetwork(label: string, settings: EmailSettingsByEntity, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<EmailSettingsByEntity, EmailSettings, SmtpOptions, never>(settings, entities, deps, ({ files }, settings) => ({
    credentials: { at: label, entries: Object.entries(settings.email ?? {}), read: (entry, _entity, at) => smtpOptions(at, entry, files) },
    transport: (options) => new EmailTransport(options),
  }));
}

function smtpOptions(at: string, e: EmailSettings, files: SettingsFiles): SmtpOptions | undefined {
  const before = files.problems.length;
  const security = e.security ?? 'starttls';
  let pass: string | undefined;
  const given = files.oneOf(at, e, ['password_env', 'password_file', 'password']);
  if (e.password_env) {
    pass = process.env[e.password_env];
    if (!pass) files.problem(`${at}.password_env: the environment variable ${e.password_env} is not set`);
  } else if (e.password_file || e.password) {
    pass = files.secretOf(at, e, 'password');
  }
  if (given.length > 0 && !e.user) files.problem(`${at}.user: is required with a password`);
  if (e.user && given.length === 0) files.problem(`${at}: user ${e.user} needs password_env or password_file (or password, through the admin API)`);
  const ca = files.bytesOf(at, e, 'ca', 'utf8');
  if (files.problems.length > before) return undefined;
  return {
    host: e.host,
    port: e.port ?? PORTS[security],
    security,
    auth: e.user && pass ? { user: e.user, pass } : undefined,
    from: e.from,
    defaultRecipient: e.default_recipient,
    body: e.body,
    ca,
    timeoutMs: (e.timeout_seconds ?? 60) * 1000,
  };
}
