//! The boolean kind: yes/no words of many languages, one meaning each.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `true`, `false` (JSON, or the strings `"true"`, `"false"`) | itself | none |
//! | `"yes"`, `"y"`, `"on"`, `"1"`, `"True"`, `"enabled"`, `"ok"`, `"Yes."`, `"✓"`, `"✅"`, `"[x]"`, `"checked"`, `"active"` | true | `boolean_word_read` |
//! | switch and box words: `"zapnuto"`, `"Ein"`, `"aktiviert"`, `"activé"`, `"activado"`, `"encendido"`, `"attivo"`, `"acceso"`, `"ligado"`, `"włączone"`, `"aan"` (and `"unchecked"`, `"vypnuto"`, `"Aus"`, `"désactivé"`, `"apagado"`, `"spento"`, `"desligado"`, `"uit"`: false) | true | `boolean_word_read` |
//! | words for "true" and "false": `"sant"`/`"falskt"`, `"sand"`/`"falsk"`, `"tosi"`/`"epätosi"`, `"igaz"`/`"hamis"`, `"doğru"`/`"yanlış"`, `"adevărat"`/`"fals"`, `"истина"`/`"ложь"` | true, false | `boolean_word_read` |
//! | `"ano"`, `"áno"`, `"ja"`, `"oui"`, `"sí"`, `"sì"`, `"tak"`, `"sim"`, `"vrai"`, `"wahr"`, ... | true | `boolean_word_read` |
//! | `"no"`, `"ne"`, `"nie"`, `"nein"`, `"non"`, `"não"`, `"nee"`, `"fałsz"`, `"onwaar"`, `"No!"`, `"❌"`, `"[ ]"`, ... | false | `boolean_word_read` |
//! | `"yes (default)"`, `"false (recommended)"` (a remark in brackets after the word that says nothing of yes or no) | true, false | `boolean_word_read` |
//! | JSON `1`, `0` | true, false | `number_read_as_boolean` |
//!
//! Words are matched after folding case and diacritics: the hand lists below (English, Czech,
//! Slovak, German, French, Spanish, Italian, Polish, Portuguese, Dutch, YAML-style words) and
//! the CLDR `yesstr`/`nostr` words of every modern CLDR locale (`data::booleans`, generated). A
//! word that means yes in one language and no in another (`"jo"`: Czech yes, Albanian no) asks
//! `ambiguous_boolean` with both readings. Anything else asks `not_a_boolean`: `"maybe"`, `2`,
//! `"2"`; both words sent for one (`"yes/no"`) name each as a reading.

use serde::{Deserialize, Serialize};

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::data::booleans::{AMBIGUOUS_WORDS, AMBIGUOUS_WORD_LANGUAGES, NO_WORDS, YES_WORDS};
use crate::error::Error;
use crate::input::Input;
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{Door, Scalar};
use crate::outcome::{Ask, Note, Outcome};
use crate::reader::{self, Grammar, Placeholders, Reader};
use crate::spelling;

/// Options of the boolean kind (unknown options are rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BooleanOptions {
    /// The languages the callers write (BCP 47 tags, `["sq"]`): a word that means yes in one
    /// language and no in another (`jo`) reads as these languages give it, with a note. At most
    /// `limits::MAX_LANGUAGES` (32), each a language CLDR knows.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::spelling::languages::languages_option"
    )]
    pub languages: Vec<String>,
}

/// Folded words that mean true, by language (en, cs, sk, de, fr, es, it, pl, pt, nl; the words
/// for "true" of sv, da, nb, fi, hu, tr, ro, ru).
pub const TRUE_WORDS: &[&str] = &[
    "true",
    "t",
    "yes",
    "y",
    "1",
    "on",
    "enabled",
    "enable", // en
    "yeah",
    "yep",
    "yup",
    "ok",
    "okay",
    "sure",
    "affirmative",
    "correct",
    "absolutely",
    "definitely",
    "certainly",
    "of course", // en, informal
    "haan",      // Hindi and Urdu in Latin letters
    "ano",
    "pravda", // cs, sk ("áno" folds to "ano")
    "ja",
    "wahr",
    "jawohl", // de, nl
    "oui",
    "vrai", // fr
    "si",
    "verdadero",
    "verdadera",
    "cierto", // es ("sí" folds to "si")
    "vero",   // it
    "tak",
    "prawda", // pl
    "sim",
    "verdadeiro", // pt
    "waar",       // nl
    "\u{2713}",
    "\u{2714}",
    "\u{2611}",
    "\u{2705}",
    "[x]",       // check marks, a ticked Markdown box
    "\u{1f44d}", // thumbs up
    "checked",
    "ticked",
    "activated",
    "active", // en: a box or switch that is on (French `activé` folds to `active`)
    "zapnuto",
    "zapnute",
    "aktivni", // cs, sk: switched on
    "ein",
    "eingeschaltet",
    "aktiviert", // de
    "activado",
    "activo",
    "activada",
    "activa", // es
    "attivo",
    "attivato",
    "attiva", // it
    "ativado",
    "ativo",
    "ativada", // pt
    "wlaczone",
    "wlaczony", // pl (`włączone`)
    "aan",      // nl
    "encendido",
    "encendida", // es: switched on
    "acceso",
    "accesa", // it: switched on
    "ligado",
    "ligada",                                     // pt: switched on
    "sant",                                       // sv: true
    "sand",                                       // da, nb: true
    "tosi",                                       // fi: true
    "igaz",                                       // hu: true
    "dogru",                                      // tr: true (`doğru`)
    "adevarat",                                   // ro: true (`adevărat`)
    "istina",                                     // ru in Latin letters
    "\u{438}\u{441}\u{442}\u{438}\u{43d}\u{430}", // ru: true (`истина`)
];

/// Folded words that mean false, by language.
pub const FALSE_WORDS: &[&str] = &[
    "false",
    "f",
    "no",
    "n",
    "0",
    "off",
    "disabled",
    "disable", // en, es, it
    "nope",
    "nah",
    "negative",
    "incorrect",
    "no way",
    "definitely not",
    "certainly not",
    "absolutely not", // en, informal
    "nahi",
    "nahin", // Hindi and Urdu in Latin letters
    "ne",
    "nepravda", // cs
    "nie",      // sk, pl
    "nein",
    "falsch", // de
    "non",
    "faux", // fr, it
    "falso",
    "falsa", // es, it, pt
    "falsz", // pl ("fałsz" folds to "falsz")
    "nao",   // pt ("não" folds to "nao")
    "nee",
    "onwaar", // nl
    "\u{2717}",
    "\u{2718}",
    "\u{2610}",
    "\u{2716}",
    "\u{274c}",
    "[ ]",       // ballot x, empty box, crosses, an empty Markdown box
    "\u{1f44e}", // thumbs down
    "unchecked",
    "unticked",
    "deactivated",
    "inactive",
    "desactive", // en, fr (`désactivé`)
    "vypnuto",
    "vypnute",
    "neaktivni", // cs, sk: switched off
    "aus",
    "ausgeschaltet",
    "deaktiviert", // de
    "desactivado",
    "inactivo",
    "desactivada",
    "inactiva", // es
    "disattivo",
    "disattivato",
    "disattiva", // it
    "desativado",
    "inativo",
    "desativada", // pt
    "wylaczone",
    "wylaczony", // pl (`wyłączone`)
    "uit",       // nl
    "apagado",
    "apagada", // es: switched off
    "spento",
    "spenta", // it: switched off
    "desligado",
    "desligada",                    // pt: switched off
    "falskt",                       // sv: false
    "falsk",                        // da, nb, sv: false
    "epatosi",                      // fi: false (`epätosi`)
    "hamis",                        // hu: false
    "yanlis",                       // tr: false (`yanlış`)
    "fals",                         // ro, ca: false
    "lozh",                         // ru in Latin letters
    "\u{43b}\u{43e}\u{436}\u{44c}", // ru: false (`ложь`)
];

/// Reads a boolean.
///
/// # Outcome
/// - ok: `true` or `false`;
/// - absent: missing, null, blank or a placeholder;
/// - ask: any other value (`not_a_boolean`, `unexpected_type`, `input_too_long`).
///
/// # Errors
/// A `languages` option naming a language CLDR does not know, or more than
/// `limits::MAX_LANGUAGES` (32); deserialised options refuse them too.
///
/// # Example
/// ```
/// use agent_input::{boolean, BooleanOptions};
/// let out = boolean::read("ano".into(), &BooleanOptions::default())?;
/// assert_eq!(out.value(), Some(&true));
/// assert_eq!(out.notes[0].message, "Read \"ano\" as true.");
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a spelling with no meaning
/// ```
/// use agent_input::{boolean, BooleanOptions};
/// let out = boolean::read("maybe".into(), &BooleanOptions::default())?;
/// assert_eq!(out.as_ask().map(|a| a.expected.as_str()), Some("true or false"));
/// # Ok::<(), agent_input::Error>(())
/// ```
#[inline]
pub fn read(input: Input<'_>, options: &BooleanOptions) -> Result<Outcome<bool>, Error> {
    if let Some(message) = crate::spelling::languages::languages_error(&options.languages) {
        return Err(Error::options(message));
    }
    Ok(options.read(input, &Context::new(&System)))
}

impl Reader for BooleanOptions {
    type Value = bool;
    const CONSTRAINED: bool = true;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<bool> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: bool) -> serde_json::Value {
        serde_json::Value::Bool(value)
    }

    fn schema(&self) -> serde_json::Value {
        crate::reader::fragment(
            "true or false, as a JSON boolean.".into(),
            serde_json::json!({"type": "boolean"}),
            &["string", "number", "array", "null"],
            "yes/no, y/n, 1/0, on/off, and the yes/no words of Czech, Slovak, German, French, Spanish, Italian, Polish, Portuguese and Dutch.",
        )
    }
}

impl Grammar for BooleanOptions {
    fn door(&self) -> Door {
        Door::strings(MAX_SCALAR_CHARS).numbers()
    }

    fn placeholders(&self) -> Placeholders {
        Placeholders::WhenNothing(&["boolean", "bool"])
    }

    /// A JSON boolean, or its text.
    #[inline]
    fn fast(&self, input: &Input<'_>) -> Option<Outcome<bool>> {
        match *input {
            Input::Bool(b) => Some(Outcome::ok(b)),
            Input::String("true") => Some(Outcome::ok(true)),
            Input::String("false") => Some(Outcome::ok(false)),
            _ => None,
        }
    }

    #[inline]
    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Option<Outcome<bool>> {
        let (value, code) = match scalar {
            Scalar::Number("1") => (true, NoteCode::NumberReadAsBoolean),
            Scalar::Number("0") => (false, NoteCode::NumberReadAsBoolean),
            Scalar::Number(_) => return Some(Outcome::ask(not_a_boolean(input))),
            Scalar::Bool(b) => return Some(Outcome::ok(b)),
            Scalar::Str(s) => match word_of(s)? {
                Word::Yes => (true, NoteCode::BooleanWordRead),
                Word::No => (false, NoteCode::BooleanWordRead),
                Word::Both => return Some(self.settled(s, input).unwrap_or_else(|| Outcome::ask(both(input)))),
            },
        };
        Some(Outcome::ok(value).note(Note::read_as(code, input, if value { "true" } else { "false" }, "")))
    }

    fn nothing(&self, _: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Outcome<bool> {
        Outcome::ask(not_a_boolean(input))
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        not_a_boolean(input)
    }
}

impl BooleanOptions {
    /// A word of yes in one language and no in another, read as the `languages` option's
    /// languages give it ([`crate::spelling::languages`]), or `None`.
    #[cold]
    fn settled(&self, s: &str, input: &Input<'_>) -> Option<Outcome<bool>> {
        let folded = spelling::fold::fold(spelling::clean_edges(s).0);
        let key = folded.strip_suffix(['.', '!']).unwrap_or(&folded);
        let settled = crate::spelling::languages::settled(AMBIGUOUS_WORD_LANGUAGES, key, &self.languages)?;
        let value = settled.value == "true";
        let (says, other) = if value { ("yes", "no") } else { ("no", "yes") };
        let message = format!(
            "Read {} as {value}: it means {says} in {} (the `languages` option); in another language it means {other}.",
            input.to_json_text(),
            settled.by.join(", ")
        );
        Some(Outcome::ok(value).note(Note::new(NoteCode::WordReadInLanguage, message)))
    }
}

/// The yes or no word a string spells, folded.
#[inline]
fn word_of(s: &str) -> Option<Word> {
    let clean = spelling::clean_edges(s).0;
    // A short ASCII word folds to its lower case: no string is built for it.
    let mut buf = [0u8; 16];
    let short = clean.len() <= buf.len() && clean.bytes().all(|b| b.is_ascii_graphic());
    let folded: std::borrow::Cow<'_, str> = match buf.get_mut(..clean.len()) {
        Some(slot) if short => {
            slot.copy_from_slice(clean.as_bytes());
            slot.make_ascii_lowercase();
            std::str::from_utf8(slot).map_or_else(|_| spelling::fold::fold(clean).into(), Into::into)
        }
        _ => spelling::fold::fold(clean).into(),
    };
    // A word with a full stop or an exclamation mark after it, as a sentence ends
    // (`"Yes."`, `"no!"`).
    word(&folded).or_else(|| folded.strip_suffix(['.', '!']).and_then(word)).or_else(|| remarked(&folded))
}

/// A yes or no word with a remark in brackets after it (`yes (default)`, `false (recommended)`),
/// as schemas' examples write one: the word, when the remark says nothing of yes or no.
#[cold]
fn remarked(folded: &str) -> Option<Word> {
    let (head, remark) = folded.strip_suffix(')')?.split_once('(')?;
    let says = remark.split(|c: char| !c.is_alphanumeric()).any(|w| !w.is_empty() && word(w).is_some());
    if says {
        return None;
    }
    word(head.trim_end()).filter(|w| !matches!(w, Word::Both))
}

/// What a folded word means.
enum Word {
    Yes,
    No,
    /// Yes in one language, no in another.
    Both,
}

fn word(folded: &str) -> Option<Word> {
    let has = |list: &[&str]| list.binary_search(&folded).is_ok();
    if has(AMBIGUOUS_WORDS) {
        Some(Word::Both)
    } else if TRUE_WORDS.contains(&folded) || has(YES_WORDS) {
        Some(Word::Yes)
    } else if FALSE_WORDS.contains(&folded) || has(NO_WORDS) {
        Some(Word::No)
    } else {
        None
    }
}

/// The ask for a word that means yes in one language and no in another.
fn both(input: &Input<'_>) -> Ask {
    let expected = format!("true or false; {} means yes in one language and no in another", input.to_json_text());
    let choices = vec![
        ("true".to_owned(), "yes".to_owned(), "true".to_owned()),
        ("false".to_owned(), "no".to_owned(), "false".to_owned()),
    ];
    let mut ask = Ask::choices(AskCode::AmbiguousBoolean, input, expected, choices);
    for r in &mut ask.readings {
        r.value = serde_json::Value::Bool(r.value.as_str() == Some("true"));
    }
    ask
}

fn not_a_boolean(input: &Input<'_>) -> Ask {
    let code = if matches!(input, Input::String(_) | Input::Number(_)) {
        AskCode::NotABoolean
    } else {
        AskCode::UnexpectedType
    };
    Ask::new(code, input, "true or false", "set to true or false (a JSON boolean)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CLDR's yes and no words of every modern locale read, Marathi's too (its entry writes
    /// the colon between word and abbreviation as a visarga).
    #[test]
    fn cldr_posix_words_read() {
        for (word, value) in [("होय", true), ("नाही", false), ("ano", true), ("nein", false), ("はい", true)]
        {
            let out = BooleanOptions::default().read(word.into(), &Context::new(&System));
            assert_eq!(out.value().copied(), Some(value), "{word}: {:?}", out.to_json());
        }
    }

    #[test]
    fn no_word_is_both_true_and_false() {
        for w in TRUE_WORDS {
            assert!(!FALSE_WORDS.contains(w), "{w}");
            assert_eq!(spelling::fold::fold(w), *w, "word lists hold folded spellings: {w}");
        }
        for w in FALSE_WORDS {
            assert_eq!(spelling::fold::fold(w), *w, "word lists hold folded spellings: {w}");
        }
    }
}
