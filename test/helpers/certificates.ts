import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

// Throwaway certificates for the mutual TLS tests, made with openssl at test time so no key is
// ever committed: a CA, a server certificate for 127.0.0.1, and client certificates in PEM
// (with an encrypted key) and PKCS#12, each signed by the CA. The clients' certificates are valid
// two days from now unless the options say otherwise (an expired one, one not yet valid), and
// carry a key usage extension only when asked.

export interface TestPki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  /** Client certificate files by name; PEM keys and PKCS#12 files use `passphrase`. */
  client(name: string): { cert: string; key: string; p12: string };
  passphrase: string;
}

const run = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export interface TestPkiOptions {
  /** The clients' validity from now, in days (default 2); -1 makes one that expired a day ago. */
  days?: number;
  /** Explicit validity of the clients' certificates, instead of `days` (both given, or neither). */
  notBefore?: Date;
  notAfter?: Date;
  /** The clients' key usage extension, as openssl writes it (`keyEncipherment`, `digitalSignature,nonRepudiation`); none by default. */
  keyUsage?: string;
}

export function makeTestPki(clients: readonly string[], options: TestPkiOptions = {}): TestPki {
  const dir = tempDir('verifactu-pki-');
  const passphrase = 'test-passphrase-0123';
  run(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test AEAT CA']);
  run(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  run(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', writeExt(dir)]);
  for (const name of clients) {
    run(dir, ['req', '-newkey', 'rsa:2048', '-keyout', `${name}.key`, '-passout', `pass:${passphrase}`, '-out', `${name}.csr`, '-subj', `/CN=${name}/serialNumber=IDCES-${name}`]);
    signClient(dir, name, options);
    run(dir, ['pkcs12', '-export', '-in', `${name}.pem`, '-inkey', `${name}.key`, '-passin', `pass:${passphrase}`, '-out', `${name}.p12`, '-passout', `pass:${passphrase}`]);
  }
  return {
    dir,
    caCert: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server.key'),
    client: (name) => ({ cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`), p12: join(dir, `${name}.p12`) }),
    passphrase,
  };
}

function signClient(dir: string, name: string, { days = 2, notBefore, notAfter, keyUsage }: TestPkiOptions): void {
  const ext = keyUsage ? ['-extfile', writeFile(dir, `${name}.ext`, `keyUsage=critical,${keyUsage}\n`)] : [];
  if (!notBefore || !notAfter) {
    run(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', String(days), ...ext]);
    return;
  }
  // `openssl x509` counts days from now; `openssl ca` takes the dates, with a minimal CA database of its own.
  const asn1Time = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
  writeFile(dir, `${name}.index`, '');
  writeFile(dir, `${name}.serial`, `${randomBytes(8).toString('hex')}\n`);
  const config = writeFile(dir, `${name}.ca.cnf`, [`[ca]`, `default_ca = d`, `[d]`, `database = ${name}.index`, `new_certs_dir = .`, `serial = ${name}.serial`, `default_md = sha256`, `policy = p`, `unique_subject = no`, `[p]`, `commonName = supplied`, ''].join('\n'));
  run(dir, ['ca', '-batch', '-config', config, '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${name}.csr`, '-out', `${name}.pem`, '-notext', '-preserveDN', '-startdate', asn1Time(notBefore), '-enddate', asn1Time(notAfter), ...ext]);
}

function writeFile(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

function writeExt(dir: string): string {
  return writeFile(dir, 'server.ext', 'subjectAltName=IP:127.0.0.1\n');
}
