import { resolve } from 'node:path';
import { PNG } from 'pngjs';
import { SettingsFiles } from '../../src/platform/config/settings-files.js';
import { NOT_INVOICES, type ZugferdFileSettings, type ZugferdSettings } from './settings.js';

// At start: MINIMUM and BASIC WL are refused (Factur-X says itself that they are not invoices
// under German and French law: no lines, and for MINIMUM no VAT breakdown), and each logo is read
// once (from its file, or as given through the admin API), so that render stays pure and a missing or unusable file stops the start, not a submission.
// A logo is a PNG, flattened here onto white as 8-bit RGB: PDFKit embeds such an image at once
// (an alpha channel it decodes asynchronously, after the document would have ended).

const AT = 'drivers.ZUGFERD';
const MAX_LOGO_BYTES = 1 << 20;

export function prepareSettings(settings: ZugferdFileSettings, configDir: string): ZugferdSettings {
  const files = new SettingsFiles(configDir);
  const refuse = (at: string, profile: string | undefined) => {
    if (profile && (NOT_INVOICES as readonly string[]).includes(profile)) {
      files.problem(`${at}: ${profile} is not an invoice in law (Factur-X MINIMUM and BASIC WL carry no invoice lines): choose basic, en16931, extended or xrechnung`);
    }
  };
  refuse(`${AT}.profile`, settings.profile);
  const logos: Record<string, Buffer> = {};
  for (const [id, entity] of Object.entries(settings.entities ?? {})) {
    const at = `${AT}.entities.${id}`;
    for (const [key, value] of Object.entries(entity)) if (key !== 'logo_file' && key !== 'logo') refuse(`${at}.${key}`, value);
    const bytes = files.bytesOf(at, entity, 'logo', 'base64');
    // The file's name when there is one: the operator looks for that file.
    const logo = bytes && usableLogo(entity.logo_file ? `${at}.logo_file: ${resolve(configDir, entity.logo_file)}` : `${at}.logo: the image`, bytes, files);
    if (logo) logos[id] = logo;
  }
  files.check();
  return { ...settings, logos };
}

function usableLogo(what: string, bytes: Buffer, files: SettingsFiles): Buffer | undefined {
  if (bytes.length > MAX_LOGO_BYTES) {
    return files.problem(`${what} is ${bytes.length} bytes; a logo may have at most ${MAX_LOGO_BYTES} (it is embedded in every PDF)`);
  }
  try {
    const image = PNG.sync.read(bytes);
    return PNG.sync.write(image, { colorType: 2, inputColorType: 6, inputHasAlpha: true, bgColor: { red: 255, green: 255, blue: 255 } });
  } catch (err) {
    return files.problem(`${what} is not a PNG image pngjs can read (${(err as Error).message})`);
  }
}
