import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { entitySchemaOf } from '../../../driver-kit/entity-settings.js';
import { addEntity, replaceEntity } from '../../../platform/directory/entity-admin.js';
import { SpiError } from '../../../platform/http/errors.js';
import type { BusinessEntity } from '../../../spi/business-entity.js';
import { driverId, type Driver } from '../../../spi/driver.js';
import { listActivations } from '../services/activations.js';
import { entityDriverView, putEntityDriver } from '../services/entity-drivers.js';
import type { ConsoleDeps } from './console-routes.js';
import { filesOf, formValues } from './form-body.js';
import { flatten, formErrors, nestedFrom, NO_ERRORS, type FormValues, type PlacedErrors } from './form-fields.js';
import { ConsoleRefusal, operatorOnly, sessionOf } from './guards.js';
import { page } from './layout.js';
import { entitiesBody, entityBody, newEntityBody, type EntityRow, type EntityView } from './pages/entities.js';
import { activationFields, entityFieldNames } from './pages/entity-form.js';
import { entityDriverBody, settingsBody, settingSpecs, settingsValues } from './pages/entity-driver.js';
import { sendPage } from './send-page.js';

// The business entities in the console: everyone sees the entities it may (a merchant its own);
// the operator adds and edits them, activates them and sets their driver settings and secrets,
// through the same services as the admin API, so each problem is the API's, shown beside its field.

const SECTION = '/console/entities';

/** What the entity form's fields make, with the objects the API requires present, so that a missing value is named by its own path. */
function entityFromForm(values: FormValues, creating: boolean): Record<string, unknown> {
  const raw = nestedFrom(values, entityFieldNames(creating, values)) as { party?: Record<string, unknown> };
  const party = (raw.party ??= {});
  party.address ??= {};
  party.legal_entity ??= {};
  party.tax_identifiers ??= [];
  return raw;
}

export function entitiesRoutes(router: Router, deps: ConsoleDeps, signedIn: Middleware): void {
  const run = () => ({ settingsOf: deps.runSettings.of.bind(deps.runSettings), certificatesOf: deps.runSettings.certificatesOf.bind(deps.runSettings), now: deps.clock() });
  const rowOf = (entity: BusinessEntity): EntityRow => ({
    entity,
    merchantId: deps.directory.current().ownerOf(entity.id),
    fromFile: deps.directory.current().entry(entity.id)?.origin === 'config',
    activations: listActivations([entity], run(), {}, deps.drivers),
  });
  const models = () => [...new Set(deps.drivers.all.map((d) => d.model))];

  /** The live entity this session may see; any other id is "not found", whatever it names. */
  const visible = (ctx: Context): BusinessEntity => {
    const id = String(ctx.params.id);
    const entity = deps.directory.entitiesOf(sessionOf(ctx).principal).find((e) => e.id === id);
    if (!entity) throw new ConsoleRefusal(404, `There is no business entity ${id}.`);
    return entity;
  };

  /** The drivers serving its activations that take settings per entity, with where their settings come from. */
  const driversOf = (entity: BusinessEntity) => {
    const serving = entity.activations.flatMap((a) => a.country_activations.map((ca) => deps.drivers.get(ca.model, ca.country)));
    const unique = [...new Set(serving)].filter((d): d is Driver => d !== undefined && d.entitySlots !== undefined);
    return unique.map((d) => ({ driver: driverId(d), source: entityDriverView(deps.entityDrivers, entity.id, driverId(d)).source }));
  };

  const showEntity = async (ctx: Context, status: number, entity: BusinessEntity, form: Partial<{ values: FormValues; errors: PlacedErrors; activation: { values: FormValues; errors: PlacedErrors }; notice: string }> = {}) => {
    const session = sessionOf(ctx);
    const view: EntityView = {
      row: rowOf(entity),
      notice: form.notice,
      edit:
        session.principal.kind === 'operator'
          ? {
              csrf: session.csrf,
              values: form.values ?? flatten(entity),
              errors: form.errors ?? NO_ERRORS,
              activation: form.activation ?? { values: { country: entity.party.address.country }, errors: NO_ERRORS },
              models: models(),
              drivers: driversOf(entity),
            }
          : undefined,
    };
    sendPage(ctx, status, page({ title: `Business entity ${entity.id}`, section: SECTION, session, body: entityBody(view) }));
  };

  router.get('/entities', signedIn, (ctx) => {
    const session = sessionOf(ctx);
    const rows = deps.directory.entitiesOf(session.principal).map(rowOf);
    sendPage(ctx, 200, page({ title: 'Business entities', section: SECTION, session, body: entitiesBody(rows, session.principal.kind === 'operator') }));
  });

  router.get('/entities/new', signedIn, (ctx) => {
    operatorOnly(ctx, 'adds business entities');
    const session = sessionOf(ctx);
    sendPage(ctx, 200, page({ title: 'Add a business entity', section: SECTION, session, body: newEntityBody({}, NO_ERRORS, session.csrf) }));
  });

  router.post('/entities', signedIn, async (ctx) => {
    operatorOnly(ctx, 'adds business entities');
    const values = formValues(ctx);
    try {
      const entity = await addEntity(deps.store, { ...entityFromForm(values, true), activations: [] }, deps.clock());
      await deps.directory.refresh();
      ctx.status = 303;
      ctx.redirect(`${SECTION}/${encodeURIComponent(entity.id)}?added=1`);
    } catch (err) {
      const errors = formErrors(err, entityFieldNames(true, values));
      const session = sessionOf(ctx);
      sendPage(ctx, 400, page({ title: 'Add a business entity', section: SECTION, session, body: newEntityBody(values, errors, session.csrf) }));
    }
  });

  router.get('/entities/:id', signedIn, async (ctx) => {
    const entity = visible(ctx);
    const notice = ctx.query.added !== undefined ? 'Added: activate it for a model below.' : ctx.query.saved !== undefined ? 'Saved.' : ctx.query.activated !== undefined ? 'Activated: its status is below.' : undefined;
    await showEntity(ctx, 200, entity, { notice });
  });

  router.post('/entities/:id', signedIn, async (ctx) => {
    operatorOnly(ctx, 'edits business entities');
    const entity = visible(ctx);
    const values = { ...formValues(ctx), id: entity.id };
    try {
      await replaceEntity(deps.store, entity.id, { ...entityFromForm(values, false), activations: entity.activations }, deps.clock());
      await deps.directory.refresh();
      ctx.status = 303;
      ctx.redirect(`${SECTION}/${encodeURIComponent(entity.id)}?saved=1`);
    } catch (err) {
      await showEntity(ctx, 400, entity, { values, errors: formErrors(err, entityFieldNames(false, values)) });
    }
  });

  router.post('/entities/:id/activations', signedIn, async (ctx) => {
    operatorOnly(ctx, 'activates business entities');
    const entity = visible(ctx);
    const values = formValues(ctx);
    const types = (values.supported_document_types ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const countryActivation = Object.fromEntries(
      Object.entries({ model: values.model, country: values.country?.trim(), einvoicing_type: values.einvoicing_type, supported_document_types: types }).filter(([, v]) => v !== undefined && v !== ''),
    );
    // Activated as the configuration file activates: COMPLETED, unless a driver says it is not live yet (PENDING, and why).
    const activation = { id: randomUUID(), status: { code: 'COMPLETED' }, country_activations: [countryActivation] };
    const at = entity.activations.length;
    try {
      await replaceEntity(deps.store, entity.id, { ...entity, activations: [...entity.activations, activation] }, deps.clock());
      await deps.directory.refresh();
      ctx.status = 303;
      ctx.redirect(`${SECTION}/${encodeURIComponent(entity.id)}?activated=1#activations`);
    } catch (err) {
      const fields = activationFields(models()).map((f) => f.name);
      await showEntity(ctx, 400, entity, { activation: { values, errors: formErrors(err, fields, `activations[${at}].country_activations[0]`) } });
    }
  });

  /** The driver of the path with its entity settings schema: 404 for a driver without settings per entity. */
  const settingsPage = (ctx: Context) => {
    operatorOnly(ctx, 'sets driver settings and secrets');
    const entity = visible(ctx);
    let view;
    try {
      view = entityDriverView(deps.entityDrivers, entity.id, String(ctx.params.driver));
    } catch (err) {
      if (err instanceof SpiError) throw new ConsoleRefusal(err.status, err.errors.map((e) => e.message).join('; '));
      throw err;
    }
    const driver = deps.drivers.all.find((d) => driverId(d) === view.driver)!;
    return { entity, view, ...settingSpecs(entitySchemaOf(driver)!) };
  };
  const showSettings = (ctx: Context, status: number, form: ReturnType<typeof settingsPage> & { values?: FormValues; errors?: PlacedErrors; saved?: boolean }) => {
    const session = sessionOf(ctx);
    const body = entityDriverBody({ entityId: form.entity.id, driver: form.view.driver, view: form.view, specs: form.specs, groups: form.groups, values: form.values ?? settingsValues(form.specs, form.view), errors: form.errors ?? NO_ERRORS, csrf: session.csrf, saved: form.saved });
    sendPage(ctx, status, page({ title: `${form.view.driver} settings of ${form.entity.id}`, section: SECTION, session, body }));
  };

  router.get('/entities/:id/drivers/:driver', signedIn, async (ctx) => {
    showSettings(ctx, 200, { ...settingsPage(ctx), saved: ctx.query.saved !== undefined });
  });

  router.post('/entities/:id/drivers/:driver', signedIn, async (ctx) => {
    const form = settingsPage(ctx);
    const values = formValues(ctx);
    const body = settingsBody(form.specs, values, filesOf(ctx), form.view.settings);
    try {
      await putEntityDriver(deps.entityDrivers, form.entity.id, form.view.driver, body);
      ctx.status = 303;
      ctx.redirect(`${SECTION}/${encodeURIComponent(form.entity.id)}/drivers/${form.view.driver}?saved=1`);
    } catch (err) {
      // A secret typed in is not shown back: only the fields a page may show are refilled.
      const shown = Object.fromEntries(Object.entries(values).filter(([name]) => form.specs.some((s) => s.name === name && s.value !== 'secret')));
      showSettings(ctx, 400, { ...form, values: shown, errors: formErrors(err, [...form.specs.map((s) => s.name), ...form.groups]) });
    }
  });
}
