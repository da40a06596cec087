import type { Plugin } from 'vite';

const CONTRACTS_SOURCE = /[\\/]services[\\/]contracts[\\/]src[\\/].*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * Marks the contracts' top-level values that are built by a call (`z.object(…).nullable()`,
 * `defineRoute({…})`) pure, so the bundler drops every schema and route the web does not use.
 * Contracts modules keep constants next to schemas (the activity levels beside the activity
 * schemas): without this, a screen needing one constant gets the whole module's schemas, and zod
 * with them, on its first load. The call is wrapped whole (`/* @__PURE__ *\/ (() => …)()`),
 * because an annotation in front of a chain marks only its innermost call.
 */
export function pureContracts(): Plugin {
  return {
    name: 'saathi-pure-contracts',
    transform(code, id) {
      if (!CONTRACTS_SOURCE.test(id)) return null;
      const inits: Node[] = [];
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init?.type === 'CallExpression') inits.push(init);
        }
      }
      let out = code;
      for (const init of inits.reverse()) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}
