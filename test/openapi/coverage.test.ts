import { expect } from 'chai';
import { fullAdapterApp, fullAdapterDocument } from '../../src/apps/adapter/openapi/full-document.js';
import { isServed } from '../../src/platform/http/operation.js';

// Every route the adapter serves is in its OpenAPI document, and every documented operation is
// served (issue 44): a route added with a plain router.get() instead of serve() fails here.

interface Layer {
  path: string;
  methods: string[];
  stack: unknown[];
}

/** The routes of an app's @koa/router routers: each `routes()` middleware carries its router (`dispatch.router`). */
function routesOf(app: ReturnType<typeof fullAdapterApp>): { route: string; layer: Layer }[] {
  const layers = app.middleware.flatMap((m) => ((m as { router?: { stack: Layer[] } }).router?.stack ?? []) as Layer[]);
  return layers
    .filter((l) => l.methods.length > 0) // router.use() layers have none
    .flatMap((l) => l.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => ({ route: `${m} ${l.path.replace(/:(\w+)/g, '{$1}')}`, layer: l })));
}

describe('OpenAPI coverage: the routes and the document, both ways', () => {
  const app = fullAdapterApp();
  const routes = routesOf(app);

  it('finds the routers of a fully mounted app (the enumeration rests on @koa/router internals)', () => {
    const routers = app.middleware.filter((m) => (m as { router?: unknown }).router);
    expect(routers.length).to.equal(5);
    expect(routes.length).to.be.greaterThan(40);
  });

  it('documents every route and serves every documented operation', async () => {
    const doc = await fullAdapterDocument();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const served = routes.map((r) => r.route);
    expect(served.filter((r) => !documented.includes(r)), 'routes the document does not describe').to.deep.equal([]);
    expect(documented.filter((d) => !served.includes(d)), 'documented operations nobody serves').to.deep.equal([]);
    expect(new Set(served).size).to.equal(served.length);
  });

  it('registers every route through serve()', () => {
    const plain = routes.filter((r) => !r.layer.stack.every(isServed)).map((r) => r.route);
    expect(plain).to.deep.equal([]);
  });
});
