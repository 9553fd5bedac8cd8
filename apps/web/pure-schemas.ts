import MagicString from "magic-string";
import type { Plugin } from "vite";

/** What the walker reads of an ESTree node. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Where a function begins: what is inside runs when it is called, not when the module loads. */
const FUNCTIONS = new Set(["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration"]);

/** The starts of every call in `node` that runs as the module loads (calls inside functions aside). */
function callStarts(node: Node, starts: number[]) {
  if (FUNCTIONS.has(node.type)) return;
  if (node.type === "CallExpression" || node.type === "NewExpression") starts.push(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === "type" || key === "start" || key === "end") continue;
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) callStarts(item, starts);
    if (isNode(value)) callStarts(value, starts);
  }
}

/**
 * Marks the contracts' schemas as pure for the web build, so a schema no page reads is left out.
 *
 * A contracts module builds every schema it declares when it loads (zod's objects with their methods),
 * and a page that reads one schema of a module loaded them all: the framework chunk built the
 * schemas of the catalogue, the cart, sign-in and the lists before the first paint. Rollup keeps a
 * declaration whose initializer calls anything, as a call may have effects; a `z.…` chain and our
 * schema helpers have none. Every call in a top-level declaration's initializer of
 * `packages/contracts/src` is annotated `/*#__PURE__*\/`, so an unused schema (and what only it
 * uses) is dropped. Statements that are not declarations keep their calls as they are. The server
 * does not use this: it needs every schema's `.meta({ id })` registration for its OpenAPI document.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: "portal-pure-contract-schemas",
    apply: "build",
    // after TypeScript is stripped: the code is JavaScript Rollup can parse
    enforce: "post",
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/].*\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const starts: number[] = [];
      for (const statement of program.body) {
        const declaration =
          statement.type === "ExportNamedDeclaration" && isNode(statement.declaration)
            ? statement.declaration
            : statement;
        if (declaration.type !== "VariableDeclaration") continue;
        for (const declarator of declaration.declarations as Node[])
          if (isNode(declarator.init)) callStarts(declarator.init, starts);
      }
      if (starts.length === 0) return null;
      const s = new MagicString(code);
      for (const start of new Set(starts)) s.appendLeft(start, "/*#__PURE__*/ ");
      return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
    },
  };
}
