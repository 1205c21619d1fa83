import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../../platform/config/config-error.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../spi/driver.js';
import { EmailTransport, type SmtpOptions } from './email-transport.js';
import type { EmailSettings } from './email-settings.js';

// Which way an entity's documents travel for a driver that mails them (EINVOICE, ZUGFERD): by
// e-mail through the entity's own SMTP server when `drivers.<id>.email` names the entity, else
// through the adapter's transport (the sandbox). Every setting is checked at start, every problem
// at once, and the password is read there (from the environment or a file), never written to the
// configuration or a log.

const PORTS = { starttls: 587, tls: 465, none: 25 } as const;

/** The `network` of a driver whose settings carry `email: { <entity id>: EmailSettings }`. */
export function emailNetwork(driverId: string): (raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps) => DriverNetwork {
  return (raw, entities, deps) => startEmailNetwork(`drivers.${driverId}.email`, (raw as { email?: Record<string, EmailSettings> }).email ?? {}, entities, deps);
}

function startEmailNetwork(label: string, byEntity: Record<string, EmailSettings>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const problems: string[] = [];
  const transports = new Map<string, EmailTransport>();
  for (const [entityId, entry] of Object.entries(byEntity)) {
    const at = `${label}.${entityId}`;
    if (!entities.get(entityId)) {
      problems.push(`${at}: no business entity has this id (known: ${entities.ids().join(', ')})`);
      continue;
    }
    const options = smtpOptions(at, entry, deps.configDir, problems);
    if (options) transports.set(entityId, new EmailTransport(options));
  }
  if (problems.length > 0) {
    for (const t of transports.values()) t.close();
    throw new ConfigError(problems);
  }
  return {
    transportFor: (entityId) => transports.get(entityId),
    async close() {
      for (const t of transports.values()) t.close();
    },
  };
}

function smtpOptions(at: string, e: EmailSettings, configDir: string, problems: string[]): SmtpOptions | undefined {
  const before = problems.length;
  const security = e.security ?? 'starttls';
  let pass: string | undefined;
  if (e.password_env && e.password_file) problems.push(`${at}: give password_env or password_file, not both`);
  if (e.password_env) {
    pass = process.env[e.password_env];
    if (!pass) problems.push(`${at}.password_env: the environment variable ${e.password_env} is not set`);
  } else if (e.password_file) {
    pass = readText(`${at}.password_file`, resolve(configDir, e.password_file), problems)?.trim();
  }
  if ((e.password_env || e.password_file) && !e.user) problems.push(`${at}.user: is required with a password`);
  if (e.user && !pass && !e.password_env && !e.password_file) problems.push(`${at}: user ${e.user} needs password_env or password_file`);
  const ca = e.ca_file ? readText(`${at}.ca_file`, resolve(configDir, e.ca_file), problems) : undefined;
  if (problems.length > before) return undefined;
  return {
    host: e.host,
    port: e.port ?? PORTS[security],
    security,
    auth: e.user && pass ? { user: e.user, pass } : undefined,
    from: e.from,
    defaultRecipient: e.default_recipient,
    body: e.body,
    ca: ca === undefined ? undefined : Buffer.from(ca),
    timeoutMs: (e.timeout_seconds ?? 60) * 1000,
  };
}

function readText(at: string, file: string, problems: string[]): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    problems.push(`${at}: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    return undefined;
  }
}
