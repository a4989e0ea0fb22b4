//! Number words of the languages cldr-rbnf does not spell, from the `to-words` npm package
//! (MIT; its `dist/esm/locales/*.js`, pinned in `tools/cldr`): Telugu `పదిహేను`, Kannada
//! `ಹದಿನೈದು`, Bengali `পনেরো`, Malayalam `പതിനഞ്ച്`, Marathi, Odia, Punjabi, Assamese and
//! Urdu, with their scale words (`లక్ష`, `কোটি`).
//!
//! Only a locale that names every number below a hundred in a word of its own script is read:
//! its numbers then compose only by a group before a scale word, as every reader's grammar
//! composes them. A language whose numbers below a hundred compose otherwise (Igbo's `iri
//! abụọ`, twenty as "ten two"; Yoruba's subtraction) or whose words are Latin is left out,
//! and so is a language cldr-rbnf spells or CLDR does not know (`hbo`, `np`).

use std::path::Path;

use agent_input::word_key;

/// One locale's words: `(key, number)` for the numbers below a thousand it names, `(key,
/// power)` for its scale words (a power of ten from 100 up that it writes after a group).
pub(super) struct LocaleWords {
    pub(super) language: String,
    pub(super) numbers: Vec<(String, u32)>,
    pub(super) scales: Vec<(String, u32)>,
}

/// The `numberWordsMapping` entries of one `to-words` locale file: `{ number: 15, value:
/// 'పదిహేను' }`, each number with its word. `None` when the file has no such array.
fn mapping(text: &str) -> Option<Vec<(u64, String)>> {
    let start = text.find("numberWordsMapping: [")?;
    let body = text.get(start..)?;
    let body = body.get(..body.find("\n        ],")?)?;
    let mut out = Vec::new();
    for line in body.lines().filter(|l| l.contains("number:")) {
        let number = line.split("number:").nth(1)?.split(',').next()?;
        let value = line.split("value: '").nth(1)?.split('\'').next()?;
        out.push((big_int(number)?, value.to_owned()));
    }
    Some(out)
}

/// A JavaScript BigInt or number literal of the mapping: `15`, `100000000000n`, `10n ** 17n`.
fn big_int(text: &str) -> Option<u64> {
    let int = |t: &str| t.trim().trim_end_matches('n').parse::<u64>().ok();
    match text.split_once("**") {
        Some((base, exp)) => int(base)?.checked_pow(u32::try_from(int(exp)?).ok()?),
        None => int(text),
    }
}

/// Every locale of `to-words` (in `dir`, a `node_modules` folder) whose language cldr-rbnf does
/// not spell and CLDR knows, and that names every number below a hundred in a word of no Latin
/// letter, with its words keyed by [`word_key`]. Sorted by locale.
pub(super) fn locale_words(dir: &Path) -> Result<Vec<LocaleWords>, String> {
    let locales = dir.join("to-words/dist/esm/locales");
    let mut names: Vec<String> = std::fs::read_dir(&locales)
        .map_err(|e| format!("cannot read {}: {e}", locales.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".js").map(str::to_owned))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in names {
        let language = name.split('-').next().unwrap_or_default().to_owned();
        let spelled = dir.join(format!("cldr-rbnf/rbnf/{language}.json")).exists();
        let known = dir.join(format!("cldr-numbers-full/main/{language}")).exists();
        if spelled || !known || out.iter().any(|l: &LocaleWords| l.language == language) {
            continue;
        }
        let path = locales.join(format!("{name}.js"));
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let Some(entries) = mapping(&text) else { continue };
        let latin = |w: &str| w.chars().any(|c| c.is_ascii_alphabetic() || ('\u{c0}'..='\u{24f}').contains(&c));
        let named = |n: u64| entries.iter().any(|(m, w)| *m == n && !w.is_empty() && !latin(w));
        if !(0..100).all(named) {
            continue;
        }
        // Hundreds named one by one (Marathi `दोनशे`) are number words; a lone word for a
        // hundred (Telugu `వంద`) is a scale word, written after a group (`రెండు వంద`).
        let hundreds_named = (2..10).all(|h| named(h * 100));
        let mut words = LocaleWords { language, numbers: Vec::new(), scales: Vec::new() };
        for (n, word) in &entries {
            let key = word_key(word);
            let power = n.checked_ilog10().unwrap_or(0);
            let power_of_ten = 10u64.checked_pow(power) == Some(*n);
            if *n < 100 || (*n < 1000 && (hundreds_named || !power_of_ten)) {
                words.numbers.push((key, u32::try_from(*n).map_err(|e| e.to_string())?));
            } else if power_of_ten && power >= 2 {
                words.scales.push((key, power));
            }
        }
        out.push(words);
    }
    let has = |lang: &str| out.iter().any(|l| l.language == lang && l.numbers.len() >= 100);
    if !has("te") || !has("kn") || !has("bn") {
        return Err("to-words: the Telugu, Kannada or Bengali number words are missing".into());
    }
    Ok(out)
}
