// Writes, as JSON lines {"source", "kind", "input", "want"[, "options"], "locale"}, the
// spellings Node's Intl API formats (ICU's implementation of CLDR: another project's reading
// of the same data) for every locale of the pinned CLDR's available locales that Intl
// supports. Read by tools/audit/formats.py; plain Node, no npm dependencies.
//
//     node tools/audit/intl.mjs > cases.jsonl
//
// Sources: dates (dateStyle full/long/medium/short and three option bags), date-times
// (dateStyle with timeStyle), date ranges (formatRange), numbers (decimal and compact), country
// names (DisplayNames region), locale names (DisplayNames language, dialect and standard),
// lists (ListFormat conjunction and disjunction) and relative dates (RelativeTimeFormat, read
// with `today` 2026-11-30). Gregorian calendar and UTC throughout; the locale's own digits.
//
// want: an ISO date for dates and date-times (the reader drops the time); {"from", "to"} for
// ranges and for a relative word naming a month or year ("last month"); the decimal string for
// numbers; the ISO 3166-1 code for countries; for locale names, the tag the name names (the
// bare language, or language and script, when the name is the bare language's or the
// language-and-script's own name, so names no region); the items for "and" lists; null where
// only an ask is right ("next week": where a week starts differs by region; an "or" list). A
// spelling repeated within a source (a locale falling back to its parent's data) is written
// once, naming the first locale that writes it, CLDR's modern-coverage locales first.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const core = join(here, "..", "cldr", "node_modules", "cldr-core");
const names = join(here, "..", "cldr", "node_modules", "cldr-localenames-full");
const available = JSON.parse(readFileSync(join(core, "availableLocales.json"), "utf8")).availableLocales;
const wanted = [...new Set([...(available.modern || []), ...(available.full || [])])].filter(
  (l) => l !== "root" && l !== "und",
);
// Modern-coverage locales first, so the locale a spelling names is the best covered that writes it.
const levels = JSON.parse(readFileSync(join(core, "coverageLevels.json"), "utf8")).effectiveCoverageLevels;
const rank = (l) => ["modern", "moderate", "basic"].indexOf(levels[l]) >>> 0;
const locales = wanted
  .filter((l) => Intl.DateTimeFormat.supportedLocalesOf([l]).includes(l))
  .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));

const seen = new Set();
let locale = null; // the locale being written: the first that writes a spelling is named
function emit(source, kind, input, want, options) {
  if (typeof input !== "string" || input === "") return;
  const line = { source, kind, input, want };
  if (options) line.options = options;
  const text = JSON.stringify(line);
  if (seen.has(text)) return;
  seen.add(text);
  process.stdout.write(JSON.stringify({ ...line, locale }) + "\n");
}

const iso = (y, m, d) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const utc = (y, m, d, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));
const days = [[2026, 11, 23], [2026, 10, 1], [2026, 3, 5]];
const bags = [
  { year: "numeric", month: "long", day: "numeric" },
  { year: "numeric", month: "short", day: "numeric", weekday: "short" },
  { year: "numeric", month: "2-digit", day: "2-digit" },
];
const ranges = [
  [[2026, 11, 23], [2026, 11, 25]],
  [[2026, 11, 23], [2026, 12, 5]],
  [[2026, 11, 23], [2027, 1, 5]],
];
const rangeStyles = [
  { dateStyle: "medium" },
  { dateStyle: "long" },
  { year: "numeric", month: "short", day: "numeric" },
];
const base = { timeZone: "UTC", calendar: "gregory" };

// Two-letter ISO 3166-1 codes: CLDR's English territory names, without groupings, private-use,
// exceptionally reserved and user-assigned codes.
const skip = new Set("EU EZ UN QO ZZ XA XB XK AC CP DG EA IC TA CQ".split(" "));
const english = JSON.parse(readFileSync(join(names, "main", "en", "territories.json"), "utf8"));
const territories = Object.keys(english.main.en.localeDisplayNames.territories).filter(
  (c) => /^[A-Z]{2}$/.test(c) && !skip.has(c),
);
const tags = ["en-US", "cs-CZ", "de-AT", "fr-CA", "pt-BR", "es-MX", "ja-JP", "ru-RU", "ar-EG", "hi-IN", "en-GB"];
tags.push("zh-Hant-TW", "sr-Latn-RS");
const cities = ["Praha", "Brno", "Ostrava"];
const listOptions = { item: { kind: "enum", values: cities } };
const today = [2026, 11, 30];

function shifted(unit, n) {
  const d = utc(...today);
  if (unit === "day") d.setUTCDate(d.getUTCDate() + n);
  if (unit === "week") d.setUTCDate(d.getUTCDate() + 7 * n);
  if (unit === "month" || unit === "year") {
    // A month without today's day: its last day (as the reader resolves it).
    const months = unit === "month" ? n : 12 * n;
    const first = new Date(Date.UTC(today[0], today[1] - 1 + months, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    first.setUTCDate(Math.min(today[2], last));
    return first.toISOString().slice(0, 10);
  }
  return d.toISOString().slice(0, 10);
}

function period(unit, n) {
  // The period a relative word names ("last month", "next year").
  if (unit === "month") {
    const first = new Date(Date.UTC(today[0], today[1] - 1 + n, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
  }
  return { from: iso(today[0] + n, 1, 1), to: iso(today[0] + n, 12, 31) };
}

for (const loc of locales) {
  locale = loc;
  // Dates.
  for (const style of ["full", "long", "medium", "short"]) {
    const f = new Intl.DateTimeFormat(loc, { ...base, dateStyle: style });
    for (const d of days) emit("Intl dates", "date", f.format(utc(...d)), iso(...d));
  }
  for (const bag of bags) {
    const f = new Intl.DateTimeFormat(loc, { ...base, ...bag });
    for (const d of days) emit("Intl dates, option bags", "date", f.format(utc(...d)), iso(...d));
  }
  // Date-times.
  for (const style of ["short", "medium", "long"]) {
    const f = new Intl.DateTimeFormat(loc, { ...base, dateStyle: style, timeStyle: style });
    emit("Intl date-times", "date", f.format(utc(2026, 10, 1, 10, 5)), "2026-10-01");
  }
  // Date ranges.
  for (const opts of rangeStyles) {
    const f = new Intl.DateTimeFormat(loc, { ...base, ...opts });
    for (const [a, b] of ranges) {
      emit("Intl date ranges", "date_range", f.formatRange(utc(...a), utc(...b)), { from: iso(...a), to: iso(...b) });
    }
  }
  // Numbers.
  const plain = new Intl.NumberFormat(loc);
  for (const v of ["1234567.891", "4000", "0.5", "-1234.5"]) emit("Intl numbers", "number", plain.format(Number(v)), v);
  for (const display of ["short", "long"]) {
    const f = new Intl.NumberFormat(loc, { notation: "compact", compactDisplay: display });
    for (const v of ["4000", "30000", "3000000", "2000000000"]) {
      emit("Intl compact numbers", "number", f.format(Number(v)), v);
    }
  }
  // Country names (no fallback: a code ICU has no name for is skipped).
  const regions = new Intl.DisplayNames(loc, { type: "region", fallback: "none" });
  for (const code of territories) emit("Intl country names", "country", regions.of(code), code);
  // Locale names.
  for (const languageDisplay of ["dialect", "standard"]) {
    const dn = new Intl.DisplayNames(loc, { type: "language", languageDisplay, fallback: "none" });
    for (const tag of tags) {
      const name = dn.of(tag);
      if (!name) continue;
      const parts = tag.split("-");
      const script = parts.find((p) => p.length === 4);
      // The name of the bare language (or language and script) names no region: want that.
      let want = tag;
      if (script && name === dn.of(`${parts[0]}-${script}`)) want = `${parts[0]}-${script}`;
      if (name === dn.of(parts[0])) want = parts[0];
      emit(`Intl locale names, ${languageDisplay}`, "locale", name, want);
    }
  }
  // Lists. "Praha, Brno, or Ostrava" names one city, not three: only an ask reads it right
  // (the list kind's own rule: "or" never splits).
  for (const type of ["conjunction", "disjunction"]) {
    const text = new Intl.ListFormat(loc, { type }).format(cities);
    emit(`Intl lists, ${type}`, "list", text, type === "conjunction" ? cities : null, listOptions);
  }
  // Relative dates.
  const always = new Intl.RelativeTimeFormat(loc, { numeric: "always" });
  const auto = new Intl.RelativeTimeFormat(loc, { numeric: "auto" });
  const opts = { today: iso(...today) };
  for (const [n, unit] of [[-1, "day"], [1, "day"], [2, "day"], [-3, "day"], [1, "week"], [-1, "month"], [1, "year"]]) {
    const numeric = always.format(n, unit);
    emit("Intl relative dates", "date", numeric, shifted(unit, n), opts);
    const word = auto.format(n, unit);
    if (word === numeric) continue;
    if (unit === "day") emit("Intl relative dates", "date", word, shifted(unit, n), opts);
    // "next week", "last month", "next year" name a period, not a day: read as a range; a
    // week asks (where it starts differs by region).
    else if (unit === "week") emit("Intl relative periods", "date_range", word, null, opts);
    else emit("Intl relative periods", "date_range", word, period(unit, n), opts);
  }
}
