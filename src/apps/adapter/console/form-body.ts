import type { Context, Middleware, Next } from 'koa';
import getRawBody from 'raw-body';
import { bodyReader } from '../../../platform/http/body-reader.js';
import { formParts } from '../../../platform/http/form-parts.js';
import { ConsoleRefusal } from './guards.js';

// The console's forms: URL-encoded (every form), or multipart/form-data where a file is uploaded
// (a certificate, a logo: the driver settings' page only). Either way `ctx.request.body` holds the text fields, so the session's
// CSRF check reads the same `csrf` field; the files are kept apart, by field name.

/** Forms are small: a key, a few fields. */
const FORM_LIMIT_BYTES = 64 * 1024;
/** A certificate (PKCS#12 or PEM) or a logo, with the form around it. */
const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024;

export interface UploadedFile {
  filename: string;
  content: Buffer;
}

export interface FormFiles {
  files?: ReadonlyMap<string, UploadedFile>;
}

/** Where a form uploads files: an entity's driver settings; every other form is URL-encoded only. */
const UPLOADS = /^\/console\/entities\/[^/]+\/drivers\/[^/]+$/;

export function formBody(): Middleware {
  // Field names are paths (`party.tax_identifiers[0].id`), read as they are: no nesting by dots or brackets (co-body's default nests by dots).
  const urlencoded = bodyReader({ accepts: 'application/x-www-form-urlencoded', limitBytes: FORM_LIMIT_BYTES, queryString: { allowDots: false, depth: 0 } });
  return async function readForm(ctx: Context, next: Next): Promise<void> {
    if (!ctx.is('multipart/form-data') || !UPLOADS.test(ctx.path)) return urlencoded(ctx, next);
    let raw: Buffer;
    try {
      raw = await getRawBody(ctx.req, { limit: UPLOAD_LIMIT_BYTES, length: ctx.get('content-length') || undefined });
    } catch (err) {
      const status = (err as { status?: number }).status;
      throw new ConsoleRefusal(status === 413 ? 413 : 400, status === 413 ? `The form is larger than ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB: a certificate or a logo is far smaller.` : 'The form could not be read: send it again.');
    }
    const parts = await formParts(raw, ctx.get('content-type'));
    if (typeof parts === 'string') throw new ConsoleRefusal(400, 'The form could not be read: send it again.');
    const fields: Record<string, string> = {};
    const files = new Map<string, UploadedFile>();
    for (const part of parts) {
      // A file input left empty is sent as a part with an empty file name and no bytes: nothing chosen.
      if (part.filename !== undefined) {
        if (part.content.length > 0) files.set(part.name, { filename: part.filename, content: part.content });
      } else fields[part.name] = part.content.toString('utf8');
    }
    ctx.request.body = fields;
    (ctx.state as FormFiles).files = files;
    await next();
  };
}

/** The form's text fields, without its CSRF token (a file is read apart). */
export function formValues(ctx: Context): Record<string, string> {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'csrf'));
}

export function filesOf(ctx: Context): ReadonlyMap<string, UploadedFile> {
  return (ctx.state as FormFiles).files ?? new Map();
}
