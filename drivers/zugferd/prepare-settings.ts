import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PNG } from 'pngjs';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { NOT_INVOICES, type ZugferdFileSettings, type ZugferdSettings } from './settings.js';

// At start: MINIMUM and BASIC WL are refused (Factur-X says itself that they are not invoices
// under German and French law: no lines, and for MINIMUM no VAT breakdown), and each logo is read
// once, so that render stays pure and a missing or unusable file stops the start, not a submission.
// A logo is a PNG, flattened here onto white as 8-bit RGB: PDFKit embeds such an image at once
// (an alpha channel it decodes asynchronously, after the document would have ended).

const AT = 'drivers.ZUGFERD';
const MAX_LOGO_BYTES = 1 << 20;

export function prepareSettings(settings: ZugferdFileSettings, configDir: string): ZugferdSettings {
  const problems: string[] = [];
  const refuse = (at: string, profile: string | undefined) => {
    if (profile && (NOT_INVOICES as readonly string[]).includes(profile)) {
      problems.push(`${at}: ${profile} is not an invoice in law (Factur-X MINIMUM and BASIC WL carry no invoice lines): choose basic, en16931, extended or xrechnung`);
    }
  };
  refuse(`${AT}.profile`, settings.profile);
  const logos: Record<string, Buffer> = {};
  for (const [id, entity] of Object.entries(settings.entities ?? {})) {
    for (const [key, value] of Object.entries(entity)) if (key !== 'logo_file') refuse(`${AT}.entities.${id}.${key}`, value);
    if (entity.logo_file) {
      const logo = readLogo(`${AT}.entities.${id}.logo_file`, resolve(configDir, entity.logo_file), problems);
      if (logo) logos[id] = logo;
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...settings, logos };
}

function readLogo(at: string, file: string, problems: string[]): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    problems.push(`${at}: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    return undefined;
  }
  if (bytes.length > MAX_LOGO_BYTES) {
    problems.push(`${at}: ${file} is ${bytes.length} bytes; a logo may have at most ${MAX_LOGO_BYTES} (it is embedded in every PDF)`);
    return undefined;
  }
  try {
    const image = PNG.sync.read(bytes);
    return PNG.sync.write(image, { colorType: 2, inputColorType: 6, inputHasAlpha: true, bgColor: { red: 255, green: 255, blue: 255 } });
  } catch (err) {
    problems.push(`${at}: ${file} is not a PNG image pngjs can read (${(err as Error).message})`);
    return undefined;
  }
}
