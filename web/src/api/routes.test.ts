import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contracts from '@saathi/contracts';
import { ROUTES_BY_SERVICE, routeKey } from '@saathi/contracts';
import { GENERATE_COMMAND, WEB_ROUTES_FILE, renderWebRoutes } from '../../build/web-routes';
import * as routes from './routes';

describe('the web route table', () => {
  it(`is what the generator writes (run \`${GENERATE_COMMAND}\` after changing a route)`, async () => {
    expect(readFileSync(WEB_ROUTES_FILE, 'utf8')).toBe(await renderWebRoutes());
  });

  it('has an entry for every route a service declares', () => {
    const declared = Object.values(ROUTES_BY_SERVICE).flat();
    expect(Object.keys(routes)).toHaveLength(declared.length);
  });

  const declared = new Set(Object.values(ROUTES_BY_SERVICE).flatMap((list) => list.map(routeKey)));

  it.each(Object.entries(routes))(
    '%s has the method, path and kind of the contract route of that name',
    (name, ref) => {
      const contract = (contracts as Record<string, unknown>)[name] as contracts.AnyRoute | undefined;
      expect(contract, `no route ${name} in @saathi/contracts`).toBeDefined();
      expect(ref).toEqual({ method: contract!.method, path: contract!.path, kind: contract!.kind });
      // A service serves it (the gateway routes only what ROUTES_BY_SERVICE lists).
      expect(declared.has(routeKey(ref))).toBe(true);
    },
  );

  it('refuses an exported route that no service lists', async () => {
    const stray = { ...contracts.getPostRoute, path: '/api/stray' };
    await expect(renderWebRoutes({ ...contracts, strayRoute: stray })).rejects.toThrow(
      /strayRoute \(GET \/api\/stray\) is exported but in no service's route list/,
    );
  });
});
