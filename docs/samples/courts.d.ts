// The names the TypeScript samples of the docs take as given (tools/docs/samples.py checks a
// sample marked `typecheck after docs/samples/courts.d.ts` with `tsc --noEmit` against this).
import type { Entry, Tool, ToolSpec } from "agent-input";

declare global {
  const spec: ToolSpec;
  const entries: Entry[];
  const COURTS: Entry[];
  const SEARCH: Tool;
  type Search = { query: string; limit: number };
  function search(args: Search): Promise<{ content: { type: "text"; text: string }[] }>;
}
