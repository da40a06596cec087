import { describe, expect, it } from 'vitest';
import * as contracts from '@saathi/contracts';
import { ROUTES_BY_SERVICE, routeKey } from '@saathi/contracts';
import * as routes from './routes';

describe('the web route table', () => {
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
});
