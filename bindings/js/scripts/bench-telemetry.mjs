#!/usr/bin/env node
// What telemetry costs a call: one repaired call of a tool of 8 properties through `runCall`
// (the path `registerTool` runs), timed
//
//   (0) without `@opentelemetry/api` (a child process that cannot resolve it: nothing is done),
//   (a) with the API and no SDK registered (its no-op tracer and meter),
//   (b) with the SDK: a BasicTracerProvider with a SimpleSpanProcessor into an in-memory span
//       exporter, and a MeterProvider with an in-memory metric reader;
//
// and prints ns per call for each and the ratios to (0). Each runs in its own process, the three
// in turn `--repeats` times (default 3; a process's figure is the median of `--rounds` rounds of
// `--calls` calls, default 5 and 10000), and the lowest figure of each is printed: on a machine
// busy with other work the lowest is the one least disturbed. `node scripts/bench-telemetry.mjs`
// after `npm run build`.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i === -1 ? fallback : Number(argv[i + 1]);
};
const CALLS = option("--calls", 10000);
const ROUNDS = option("--rounds", 5);
const REPEATS = option("--repeats", 3);
const MODE = argv.includes("--mode") ? argv[argv.indexOf("--mode") + 1] : null;

const SPEC = {
  name: "search_hearings",
  properties: {
    query: { kind: "text", required: true },
    limit: { kind: "number", integer: true, max: 5000 },
    date_from: { kind: "date" },
    date_to: { kind: "date" },
    court_country: { kind: "country" },
    language: { kind: "locale" },
    public_only: { kind: "boolean" },
    order: { kind: "enum", values: ["newest", "oldest", "relevance"] },
  },
};
const ARGS = {
  query: "  nájem bytu ",
  limit: "4 000",
  date_from: "1. 10. 2026",
  date_to: "2026-12-31",
  court_country: "Czech Republic",
  language: "cs_CZ",
  public_only: "yes",
  order: "Newest",
};

/** Median ns per call of `runCall` over ROUNDS rounds of CALLS calls. */
async function time() {
  const { Tool } = await import("agent-input");
  const { runCall } = await import("agent-input/mcp");
  const tool = Tool.fromSpec(SPEC);
  const handler = (args) => ({ hits: [], args });
  const first = await runCall(tool, handler, ARGS, undefined, { today: "2026-12-06" });
  const notes = first._meta?.["agent-input/notes"] ?? first.structuredContent?.notes ?? [];
  if (first.isError || notes.length === 0) throw new Error(`the bench call is not a repaired call: ${JSON.stringify(first)}`);
  for (let i = 0; i < Math.min(CALLS, 2000); i++) await runCall(tool, handler, ARGS, undefined, { today: "2026-12-06" });
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    globalThis.benchRound?.();
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) await runCall(tool, handler, ARGS, undefined, { today: "2026-12-06" });
    rounds.push(Number(process.hrtime.bigint() - start) / CALLS);
  }
  rounds.sort((x, y) => x - y);
  return { ns: rounds[Math.floor(rounds.length / 2)], notes: notes.length };
}

async function child(mode) {
  if (mode === "sdk") {
    const { metrics, trace } = await import("@opentelemetry/api");
    const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import("@opentelemetry/sdk-trace-base");
    const { MeterProvider, MetricReader } = await import("@opentelemetry/sdk-metrics");
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    class Reader extends MetricReader {
      async onForceFlush() {}
      async onShutdown() {}
    }
    const reader = new Reader();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    // The exporter keeps every span: emptied each round, after a collection of the metrics.
    globalThis.benchRound = () => {
      if (exporter.getFinishedSpans().length === 0) throw new Error("no span exported");
      exporter.reset();
      void reader.collect();
    };
  }
  console.log(JSON.stringify(await time()));
}

if (MODE !== null) {
  await child(MODE);
} else {
  const hook = `export async function resolve(s, c, next) {
    if (s.startsWith("@opentelemetry/")) throw Object.assign(new Error("not installed: " + s), { code: "ERR_MODULE_NOT_FOUND" });
    return next(s, c);
  }`;
  const register = `import { register } from "node:module"; register("data:text/javascript,${encodeURIComponent(hook)}");`;
  const self = fileURLToPath(import.meta.url);
  const run = (mode, pre = []) => {
    const r = spawnSync(process.execPath, [...pre, self, "--mode", mode, "--calls", String(CALLS), "--rounds", String(ROUNDS)], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${mode}: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split("\n").at(-1));
  };
  const best = { absent: Infinity, api: Infinity, sdk: Infinity };
  let notes = 0;
  for (let r = 0; r < REPEATS; r++) {
    for (const mode of Object.keys(best)) {
      const got = run(mode, mode === "absent" ? ["--import", `data:text/javascript,${encodeURIComponent(register)}`] : []);
      best[mode] = Math.min(best[mode], got.ns);
      notes = got.notes;
    }
  }
  const [none, api, sdk] = [best.absent, best.api, best.sdk].map((ns) => ({ ns }));
  const fmt = (n) => `${Math.round(n).toLocaleString("en")} ns/call`;
  console.log(`one repaired call of 8 properties (${notes} notes) through runCall; the lowest of ${REPEATS} processes, each the median of ${ROUNDS} rounds of ${CALLS} calls:`);
  console.log(`  (0) without @opentelemetry/api:          ${fmt(none.ns)}`);
  console.log(`  (a) @opentelemetry/api, no SDK:          ${fmt(api.ns)}  (x${(api.ns / none.ns).toFixed(3)})`);
  console.log(`  (b) SDK, in-memory exporter and reader:  ${fmt(sdk.ns)}  (x${(sdk.ns / none.ns).toFixed(3)}; b/a x${(sdk.ns / api.ns).toFixed(3)})`);
}
