// The cost of a table's first use: the name and word tables are zstd frames in the module,
// each expanded at the first read that needs it (and kept). Each row runs in a fresh Node
// process: the module's start (import, compile, instantiate), the row's first read (paying
// for the expansion of the tables it needs, and for the engine compiling the functions it
// runs) and the median of nine reads after it; the median of RUNS processes.
//
//   node benches/js/first_use.mjs        (after `npm ci --prefix benches/js`)

import { execFileSync } from "node:child_process";

const RUNS = 7;

// Each row's read, and the tables its first call expands.
const ROWS = [
  ["country", "Německo", "country names (NAMES: 30,000 names in 700 locales) and the country tables"],
  ["locale", "Schweizerdeutsch", "language names (LANGUAGE_NAMES) and the locale tables"],
  ["date", "1. října 2026", "month names (MONTHS)"],
  ["number", "zweitausendfünfhundert", "number words (NUMBER_WORDS) and scale words"],
  ["date", "2026-10-01", "none (a clean ISO date reads no table)"],
];

const child = `
  const t0 = performance.now();
  const { read } = await import("agent-input");
  const t1 = performance.now();
  const [kind, value] = JSON.parse(process.argv[1]);
  const a = performance.now(); read(kind, value); const b = performance.now();
  const later = [];
  for (let i = 0; i < 9; i++) { const c = performance.now(); read(kind, value); later.push(performance.now() - c); }
  later.sort((x, y) => x - y);
  console.log(JSON.stringify({ start: t1 - t0, first: b - a, later: later[4] }));
`;

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(2)} ms`;

console.log(`Node ${process.version}; the median of ${RUNS} fresh processes a row\n`);
console.log("| first read | tables expanded | module start | first read | reads after it |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const [kind, value, tables] of ROWS) {
  const runs = Array.from({ length: RUNS }, () =>
    JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", child, JSON.stringify([kind, value])], {
        cwd: new URL(".", import.meta.url),
        encoding: "utf8",
      }),
    ),
  );
  const first = median(runs.map((r) => r.first));
  const later = median(runs.map((r) => r.later));
  console.log(`| ${kind} \`${value}\` | ${tables} | ${ms(median(runs.map((r) => r.start)))} | ${ms(first)} | ${(later * 1000).toFixed(1)} µs |`);
}
