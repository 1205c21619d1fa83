import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { createApiKey, createMerchant, getMerchant, merchantView, replaceMerchant, revokeApiKey } from '../../../platform/directory/merchant-admin.js';
import { SpiError } from '../../../platform/http/errors.js';
import type { ConsoleDeps } from './console-routes.js';
import { formValues } from './form-body.js';
import { formErrors, NO_ERRORS, type FormValues, type PlacedErrors } from './form-fields.js';
import { ConsoleRefusal, operatorOnly, sessionOf } from './guards.js';
import { page } from './layout.js';
import { merchantBody, merchantFields, merchantsBody, revokeBody } from './pages/merchants.js';
import { sendPage } from './send-page.js';

// The merchants, the operator's only (as the admin API is): added, edited, given SPI keys (each
// shown once) and keys revoked, by the admin API's own services.

const SECTION = '/console/merchants';

/** The admin API's body from the form: the entities as a list, the callback's other settings kept. */
function merchantInput(values: FormValues, callback: Record<string, unknown> = {}): Record<string, unknown> {
  // One per line (or any white space): an entity id has none, while it may have a comma.
  const ids = (values.business_entity_ids ?? '').split(/\s+/).filter(Boolean);
  const site = values['callback.site_url']?.trim();
  const { site_url: _old, ...rest } = callback;
  const kept = site ? { ...rest, site_url: site } : rest;
  return { ...(values.id?.trim() && { id: values.id.trim() }), display_name: values.display_name?.trim() ?? '', business_entity_ids: ids, ...(Object.keys(kept).length > 0 && { callback: kept }) };
}

export function merchantsRoutes(router: Router, deps: ConsoleDeps, signedIn: Middleware): void {
  const fields = merchantFields(true).map((f) => f.name);
  const changed = () => deps.onDirectoryChanged?.();
  const known = (ctx: Context) => {
    try {
      return getMerchant(deps.directory, String(ctx.params.id));
    } catch (err) {
      if (err instanceof SpiError) throw new ConsoleRefusal(404, `There is no merchant ${String(ctx.params.id)}.`);
      throw err;
    }
  };
  const valuesOf = (m: Awaited<ReturnType<typeof merchantView>>): FormValues => ({ id: m.id, display_name: m.display_name, business_entity_ids: m.business_entity_ids.join('\n'), 'callback.site_url': m.callback.site_url ?? '' });

  const showList = async (ctx: Context, status: number, values: FormValues, errors: PlacedErrors) => {
    const session = sessionOf(ctx);
    const merchants = await Promise.all([...deps.directory.current().merchants.values()].map((m) => merchantView(deps.store, m)));
    sendPage(ctx, status, page({ title: 'Merchants', section: SECTION, session, body: merchantsBody(merchants, values, errors, session.csrf) }));
  };
  const showOne = async (ctx: Context, status: number, form: Partial<{ values: FormValues; errors: PlacedErrors; newKey: string; notice: string }> = {}) => {
    const session = sessionOf(ctx);
    const merchant = await merchantView(deps.store, known(ctx));
    const body = merchantBody({ merchant, values: form.values ?? valuesOf(merchant), errors: form.errors ?? NO_ERRORS, csrf: session.csrf, newKey: form.newKey, notice: form.notice });
    sendPage(ctx, status, page({ title: `Merchant ${merchant.id}`, section: SECTION, session, body }));
  };

  router.get('/merchants', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    await showList(ctx, 200, {}, NO_ERRORS);
  });

  router.post('/merchants', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    const values = formValues(ctx);
    try {
      const merchant = await createMerchant(deps.store, deps.directory, merchantInput(values), deps.clock());
      changed();
      ctx.status = 303;
      ctx.redirect(`${SECTION}/${encodeURIComponent(merchant.id)}?added=1`);
    } catch (err) {
      await showList(ctx, 400, values, formErrors(err, fields));
    }
  });

  router.get('/merchants/:id', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    await showOne(ctx, 200, { notice: ctx.query.added !== undefined ? 'Added: make it an API key below.' : ctx.query.saved !== undefined ? 'Saved.' : ctx.query.revoked !== undefined ? 'The key is revoked: it opens nothing now.' : undefined });
  });

  router.post('/merchants/:id', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    const merchant = known(ctx);
    const values = { ...formValues(ctx), id: merchant.id };
    try {
      await replaceMerchant(deps.store, deps.directory, merchant.id, merchantInput(values, merchant.callback), deps.clock());
      changed();
      ctx.status = 303;
      ctx.redirect(`${SECTION}/${encodeURIComponent(merchant.id)}?saved=1`);
    } catch (err) {
      await showOne(ctx, 400, { values, errors: formErrors(err, fields) });
    }
  });

  // Answered with the page itself, not a redirect: the key is shown this once and kept nowhere.
  router.post('/merchants/:id/api-keys', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    const merchant = known(ctx);
    const made = await createApiKey(deps.store, merchant.id, deps.clock());
    await deps.directory.refresh();
    ctx.set('Cache-Control', 'no-store');
    await showOne(ctx, 201, { newKey: made.api_key });
  });

  router.get('/merchants/:id/api-keys/:key/revoke', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    const merchant = await merchantView(deps.store, known(ctx));
    const key = merchant.api_keys.find((k) => k.id === ctx.params.key);
    if (!key) throw new ConsoleRefusal(404, `Merchant ${merchant.id} has no API key ${String(ctx.params.key)}.`);
    const session = sessionOf(ctx);
    sendPage(ctx, 200, page({ title: 'Revoke a key', section: SECTION, session, body: revokeBody(merchant.id, key, session.csrf) }));
  });

  router.post('/merchants/:id/api-keys/:key/revoke', signedIn, async (ctx) => {
    operatorOnly(ctx, 'manages merchants');
    const merchant = known(ctx);
    const key = String(ctx.params.key);
    try {
      await revokeApiKey(deps.store, merchant.id, key, deps.clock());
    } catch (err) {
      if (err instanceof SpiError) throw new ConsoleRefusal(404, `Merchant ${merchant.id} has no API key ${key}.`);
      throw err;
    }
    await deps.directory.refresh();
    ctx.status = 303;
    ctx.redirect(`${SECTION}/${encodeURIComponent(merchant.id)}?revoked=1`);
  });
}
