// `node --import <this file> plain_server_v2.js`: the plain TypeScript server without its one
// line. `agent-input/mcp` resolves to a module whose `lenient` does nothing, so the server keeps
// the SDK's own zod validation, as its author wrote it; `agent-input proxy` then makes it
// lenient from outside (tests/proxy/servers.json).
import { register } from "node:module";

const stub = "data:text/javascript,export function lenient() {}";
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "agent-input/mcp") return { url: ${JSON.stringify(stub)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
