import type { Plugin } from 'vite';

const GLOBAL_CONFIG = '__zod_globalConfig = {})';

/**
 * Starts zod in its `jitless` mode. Otherwise its object schemas probe `new Function` when
 * they are created, which the gateway's CSP (no eval) refuses and the browser reports as a
 * violation on every visit. The setting must exist before the contracts' schemas are made,
 * so it is written into zod's own default rather than set by app code that runs later.
 */
export function zodJitless(): Plugin {
  return {
    name: 'saathi-zod-jitless',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(GLOBAL_CONFIG)) this.error('zod changed how it holds its global config');
      return code.replace(GLOBAL_CONFIG, '__zod_globalConfig = { jitless: true })');
    },
  };
}
