//! The closed code sets: every note, warning and ask carries one of these codes.
//!
//! A code names *what happened*, never where. Codes are never renamed and never reused; a
//! retired code stays in its enum, documented "no longer emitted". `docs/codes.md` is rendered
//! from [`render_markdown`], and the census test (`tests/census.rs`) keeps the enums, that
//! file and the vectors in step.

use serde::{Deserialize, Serialize};
use strum::IntoEnumIterator;

/// Codes of notes: a repair that was applied, said beside the value.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum NoteCode {
    /// JSON `null` was read as "no value".
    NullReadAsAbsent,
    /// An empty or whitespace-only string was read as "no value".
    BlankReadAsAbsent,
    /// A placeholder copied from a schema or an example (`"N/A"`, `"<string>"`) was read as "no value".
    PlaceholderReadAsAbsent,
    /// A filter word meaning "everything" (`"all"`, `"*"`, `"vše"`) was read as "not filtering".
    NotFilteringReadAsAbsent,
    /// No value was sent, so the declared default was used.
    DefaultApplied,
    /// Surrounding whitespace or invisible characters were removed.
    WhitespaceTrimmed,
    /// Surrounding quotation marks were removed.
    QuotesRemoved,
    /// The text was brought to Unicode NFC.
    UnicodeNormalized,
    /// A one-item array was read as its single item.
    SingleItemUnwrapped,
    /// A JSON number or boolean was read as text.
    ScalarReadAsText,
    /// Thousands grouping (spaces, apostrophes, underscores, points or commas) was removed.
    GroupingRemoved,
    /// A comma was read as the decimal separator.
    DecimalCommaRead,
    /// Non-ASCII decimal digits (fullwidth, Arabic-Indic, ...) were read as ASCII digits.
    UnicodeDigitsRead,
    /// A Unicode minus or dash was read as the minus sign.
    UnicodeMinusRead,
    /// A plus sign, leading zeros, a bare decimal point or an exponent was rewritten.
    NumberSpellingNormalized,
    /// A number outside the declared range was clamped to the nearest bound.
    OutOfRangeClamped,
    /// A word (`"yes"`, `"ano"`, `"oui"`) was read as a boolean.
    BooleanWordRead,
    /// The JSON number 1 or 0 was read as a boolean.
    NumberReadAsBoolean,
    /// Case, separators or diacritics of an enum value were normalised.
    EnumSpellingNormalized,
    /// A declared alias was read as its enum value.
    EnumAliasRead,
    /// A single value was read as a one-item list.
    SingleValueReadAsList,
    /// A string of constrained tokens was split into a list (on its lines, tabs, semicolons, commas or bars, or at the "and" of a list).
    ListSplit,
    /// A JSON array sent inside a string was decoded.
    JsonArrayDecoded,
    /// Empty or null items of a list were dropped.
    EmptyItemsDropped,
    /// A uuid in another spelling (braces, URN, upper case, no hyphens) was written canonically.
    UuidSpellingNormalized,
    /// A value outside the class of issued cursors (`"start"`, `"0"`, `""`) was read as "no cursor".
    InventedCursorReadAsAbsent,
    /// A date in another spelling (dots, slashes, month names) was written as YYYY-MM-DD.
    DateSpellingNormalized,
    /// Only one order of day and month named a date that exists, so that order was read.
    DateOrderInferred,
    /// The time of a datetime was dropped; the note names the offset the date was taken in.
    TimeDropped,
    /// A relative word (`today`, `včera`) was resolved against the `today` option.
    RelativeDateResolved,
    /// A year, quarter or month was read as its first or last day for a range bound.
    BoundExpanded,
    /// A sentinel date (`0001-01-01`, `9999-12-31`) was read as "no bound".
    OpenBoundReadAsAbsent,
    /// A country code in another case or with spaces was written as upper-case alpha-2.
    CountryCodeNormalized,
    /// An alpha-3, numeric or former country code was replaced by the alpha-2 code.
    CountryCodeReplaced,
    /// A country's name (in any modern CLDR language or ISO 3166, or a former or colloquial name) was read as its code.
    CountryNameRead,
    /// A locale's case, separators, POSIX codeset or modifier were written as a canonical BCP 47 tag.
    LocaleNormalized,
    /// A deprecated or overlong language or region code was replaced (CLDR aliases).
    DeprecatedCodeReplaced,
    /// A language's name (English, Czech or its own) was read as its tag.
    LanguageNameRead,
    /// An ELI URI's scheme, host, case or trailing slash was made canonical.
    EliNormalized,
    /// A CELEX number was read as the ELI of its act.
    CelexReadAsEli,
    /// A citation of an act was read as its ELI.
    CitationReadAsEli,
    /// The ELI type read from a CELEX number may be an alias of an implementing or delegated type.
    EliTypeMayBeAlias,
    /// A name, abbreviation or other spelling of a stored value was read as its id.
    VocabularyValueRead,
    /// A property name in another spelling (`dateFrom`, `date-from`) was read as the declared one,
    /// or a range sent under one key (`period`) as a tool's pair of bounds.
    PropertyNameNormalized,
    /// Tool arguments sent as a JSON string were read as the object it holds.
    JsonObjectDecoded,
    /// An ask quotes only the first bytes of a long value in `received`.
    ReceivedTruncated,
    /// A call made more notes than it returns; the last note counts the rest.
    NotesTruncated,
    /// Invisible characters inside a value (zero-width spaces, joiners, soft hyphens) were removed.
    InvisibleCharactersRemoved,
    /// Fullwidth letters or punctuation were read as their ASCII forms.
    CompatibilityCharactersRead,
    /// A spelling with two readings was read as the only one the options allow.
    ReadingChosenByOptions,
    /// A Python list literal in a string (`['a', 'b']`) was read as the list it holds.
    PythonListDecoded,
    /// Punctuation after an identifier (a URI's full stop) was left out.
    TrailingPunctuationRemoved,
    /// An act's short title (`GDPR`, `REACH`) was read as its ELI.
    ShortTitleReadAsEli,
    /// A script the language is always written in (`en-Latn`) was left out of the tag.
    SuppressedScriptRemoved,
    /// The person at the client chose one reading of an ambiguous value (an `input_required` answer).
    ReadingChosenByPerson,
    /// Tool arguments sent inside one wrapper key (`{"arguments": {…}}`) were read as the arguments.
    ArgumentsUnwrapped,
    /// A word two languages give different meanings (`listopad`, `jo`) was read as the language
    /// the `languages` option names reads it.
    WordReadInLanguage,
    /// A union's member sent without its tag was read as the one variant whose required
    /// properties it sends.
    UnionVariantInferred,
    /// A union's tag and properties sent beside the other arguments were read as the union's
    /// property.
    UnionReadFromFlatCall,
    /// A destructive tool's call was a preview (`dry_run` true or left out): nothing changed, and
    /// the result carries the `confirm_token` that applies it.
    DryRunPreview,
    /// A `confirm_token` sent with a preview was left out: a preview issues its own.
    ConfirmTokenIgnored,
    /// A write retried with the same idempotency key and arguments: the stored result was
    /// returned and the handler did not run again.
    ReceiptReplayed,
    /// Base64 in another spelling (the URL-safe alphabet, line breaks or spaces, missing
    /// padding) was read as standard base64.
    BytesSpellingNormalized,
    /// A `data:` URL was read as its bytes and its media type.
    DataUrlRead,
    /// Bytes sent as numbers (a JSON array of bytes, a Node `Buffer` object) or as an MCP content
    /// block were read as the file's bytes.
    BytesObjectRead,
    /// A file reference in another spelling (a scheme or host in capitals, a `file://` URL for a
    /// path) was written in its canonical form.
    FileReferenceNormalized,
}

/// Codes of warnings: something the caller probably meant, beside the result.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum WarningCode {
    /// A list of set-like tokens named the same value twice; the repeats were removed.
    DuplicateItemsRemoved,
    /// A filter value named no stored value, or several, so it was dropped rather than emptying the search.
    FilterValueDropped,
    /// A page under an active filter is empty; the values that would have matched are named.
    NoHitsFiltered,
    /// A property the tool does not declare was ignored; the accepted properties are named.
    UnknownProperty,
    /// Two spellings of one property were sent; the exact one was read.
    DuplicateProperty,
    /// A call made more warnings than it returns; the last warning counts the rest.
    WarningsTruncated,
}

/// Codes of asks: the input carried no meaning, or more than one.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum AskCode {
    /// The input is longer than the bound of its kind (`limits`).
    InputTooLong,
    /// The input has a JSON type the kind cannot read (an object for a number, say).
    UnexpectedType,
    /// The text holds a lone UTF-16 surrogate (half of a character), which no Unicode text holds.
    NotUnicode,
    /// The text is not a number in any spelling the reader knows.
    NotANumber,
    /// `1,234` or `1.234`: the separator groups thousands or marks decimals.
    AmbiguousDecimalSeparator,
    /// `2 billion`, `3 bn`: the scale word stands for different powers of ten in different
    /// languages.
    AmbiguousScale,
    /// The number's exponent or precision is beyond what the reader represents exactly.
    NumberOutOfBounds,
    /// The number has a fractional part where an integer is required.
    NotAnInteger,
    /// The number is outside the declared range and the kind asks rather than clamps.
    OutOfRange,
    /// The text is not a boolean word in any language the reader knows.
    NotABoolean,
    /// The word means yes in one language and no in another (`jo`: Czech yes, Albanian no).
    AmbiguousBoolean,
    /// The value is not one of the enum's values, nor an alias of one.
    UnknownEnumValue,
    /// Splitting the string on commas gives a list that reads differently from the whole value.
    AmbiguousListSplit,
    /// One or more items of a list could not be read.
    InvalidListItems,
    /// The list has more items than its bound.
    TooManyItems,
    /// A request line (batch input) is not a valid request.
    InvalidRequest,
    /// The text is not a uuid.
    NotAUuid,
    /// A placeholder or invented id or key was sent for a write.
    PlaceholderOnWrite,
    /// A value that looks like an issued cursor did not decode, failed authentication or expired.
    InvalidCursor,
    /// An idempotency key that is neither a uuid nor a token of the allowed length and characters.
    InvalidIdempotencyKey,
    /// The text is not a date in any spelling the reader knows.
    NotADate,
    /// The spelling names two or more dates (`01/02/2026`).
    AmbiguousDate,
    /// The year has two digits, so the century is a guess.
    TwoDigitYear,
    /// The fields name no day that exists (`2026-02-30`).
    ImpossibleDate,
    /// The written weekday is not the date's weekday.
    WeekdayMismatch,
    /// A month, quarter or year was sent for one day, or a day without its year.
    IncompleteDate,
    /// A relative word (`yesterday`) was sent, and the reader was not given today's date.
    RelativeDateWithoutToday,
    /// The lower bound of a range is after its upper bound.
    RangeReversed,
    /// The name or code carries two or more countries (`Congo`, `Korea`).
    AmbiguousCountry,
    /// The value is not a country code or name the reader knows.
    UnknownCountry,
    /// `C` or `POSIX`: a locale with no language.
    PosixLocale,
    /// The tag's language is not one CLDR knows.
    UnknownLanguage,
    /// The name carries two or more languages, or two capitals are a language's code and a
    /// country's (`UK`).
    AmbiguousLanguage,
    /// A locale's region is retired and has several successors, none the language's likely region (`en-SU`), or is the language's own code where another language is spoken (`ar-AR`).
    AmbiguousRegion,
    /// The value is not a language tag, a POSIX locale or a language name.
    NotALocale,
    /// A citation without the act's type names two or more acts (`2016/679`), or the text names two or more acts (`GDPR, AI Act`).
    AmbiguousAct,
    /// The value is not an ELI, a CELEX number or a citation the reader maps.
    NotAnEli,
    /// The value names two or more stored values (`Supreme`: two courts).
    AmbiguousVocabularyValue,
    /// The value names no stored value.
    UnknownVocabularyValue,
    /// A required argument was not sent, or was null or a placeholder.
    MissingRequired,
    /// A call had more issues than it lists; this last issue counts the rest.
    IssuesTruncated,
    /// The person asked to choose a reading declined, cancelled or did not answer.
    AnswerDeclined,
    /// The person's answer is not one of the readings they were offered.
    AnswerNotOffered,
    /// An answer came for a property no question was asked about.
    AnswerNotAsked,
    /// The answers' state is not one this server issued for these arguments (forged, expired, or the arguments changed).
    AnswerOutOfDate,
    /// A union's member names no variant (no tag), and its properties fit none or several.
    UnionVariantMissing,
    /// A union's member sends a property of another variant beside its own.
    UnionPropertyOfOtherVariant,
    /// A destructive tool was asked to apply a change (`dry_run` false) without a
    /// `confirm_token`, or with a placeholder for one.
    ConfirmTokenMissing,
    /// The `confirm_token` is not one this server issued (invented, damaged or altered).
    ConfirmTokenNotIssued,
    /// The `confirm_token`'s preview is older than its validity.
    ConfirmTokenExpired,
    /// The `confirm_token` was issued by a preview of other arguments (or another tool).
    ConfirmTokenOtherArguments,
    /// The idempotency key was used before with other arguments: its receipt is another change's.
    IdempotencyKeyReused,
    /// A call with the same idempotency key and arguments is still running.
    IdempotencyKeyInFlight,
    /// The value is neither a file's bytes in a spelling the reader knows nor a reference.
    NotAFile,
    /// The file's bytes are more than the tool takes inline.
    FileTooLarge,
    /// The media type a value declares is not the type its bytes are.
    MediaTypeMismatch,
    /// The file's media type is not one the tool takes.
    MediaTypeNotAccepted,
    /// A reference in a form the tool does not take (a local path, a scheme it does not open).
    ReferenceNotAccepted,
}

impl NoteCode {
    /// What a note of the file kind means.
    const fn file_meaning(self) -> &'static str {
        match self {
            Self::BytesSpellingNormalized => "Base64 in another spelling (the URL-safe alphabet, line breaks or spaces, missing padding) was read as standard base64; the note says which.",
            Self::DataUrlRead => "A data: URL was read as its bytes, with the media type it declares.",
            Self::BytesObjectRead => "Bytes sent as numbers (a JSON array of bytes, a Node Buffer object) or inside an MCP content block were read as the file's bytes.",
            Self::FileReferenceNormalized => "A file reference in another spelling (a scheme or host in capitals, a file:// URL for a path) was written in its canonical form.",
            _ => "",
        }
    }

    /// What a note of the contract around a call means.
    const fn contract_meaning(self) -> &'static str {
        match self {
            Self::DryRunPreview => "The call was a preview of a destructive change (dry_run true, its default): nothing was changed; the result carries a confirm_token that applies exactly this change.",
            Self::ConfirmTokenIgnored => "A confirm_token was sent with a preview; a preview issues its own token, so the one sent was left out.",
            Self::ReceiptReplayed => "A write was retried with the idempotency key and the arguments of an earlier call: the earlier call's stored result was returned, and the change was not applied again.",
            _ => self.file_meaning(),
        }
    }

    /// What the code means; the source of `docs/codes.md` (the contract's notes and the file
    /// kind's are in their own functions, one screen each).
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::NullReadAsAbsent => "JSON null was read as \"no value\".",
            Self::BlankReadAsAbsent => "An empty or whitespace-only string was read as \"no value\".",
            Self::PlaceholderReadAsAbsent => {
                "A placeholder copied from a schema or an example (\"N/A\", \"<string>\", \"TODO\") was read as \"no value\"."
            }
            Self::NotFilteringReadAsAbsent => {
                "A filter value meaning \"everything\" (\"all\", \"*\", \"-\", \"vše\") was read as \"not filtering\"."
            }
            Self::DefaultApplied => "No value was sent, so the declared default was used.",
            Self::WhitespaceTrimmed => "Surrounding whitespace or invisible characters were removed.",
            Self::QuotesRemoved => "Surrounding quotation marks were removed.",
            Self::UnicodeNormalized => "The text was brought to Unicode NFC (composed characters).",
            Self::SingleItemUnwrapped => "A one-item array sent for a single value was read as its item.",
            Self::ScalarReadAsText => "A JSON number or boolean sent for text was read as its JSON text.",
            Self::GroupingRemoved => {
                "Thousands grouping (spaces, apostrophes, underscores, or points and commas that can only group) was removed."
            }
            Self::DecimalCommaRead => "A comma that can only be a decimal separator was read as the decimal point.",
            Self::UnicodeDigitsRead => "Non-ASCII decimal digits (fullwidth, Arabic-Indic, Devanagari, ...) were read as ASCII digits.",
            Self::UnicodeMinusRead => "A Unicode minus sign or dash was read as the minus sign.",
            Self::NumberSpellingNormalized => {
                "A plus sign, leading zeros, a bare decimal point or an exponent was rewritten in plain decimal form."
            }
            Self::OutOfRangeClamped => "A number outside the declared range was clamped to the nearest bound.",
            Self::BooleanWordRead => "A yes/no word or 1/0 text (in one of the supported languages) was read as a boolean.",
            Self::NumberReadAsBoolean => "The JSON number 1 or 0 was read as true or false.",
            Self::EnumSpellingNormalized => "The case, separators or diacritics of an enum value were normalised.",
            Self::EnumAliasRead => "A declared alias was read as the enum value it stands for.",
            Self::SingleValueReadAsList => "A single value sent for a list was read as a one-item list.",
            Self::ListSplit => "A string of constrained tokens was split into a list (on its lines, tabs, semicolons, commas or bars, or at the \"and\" of a list).",
            Self::JsonArrayDecoded => "A JSON array sent inside a string was decoded.",
            Self::EmptyItemsDropped => "Empty or null items of a list were dropped.",
            Self::UuidSpellingNormalized => {
                "A uuid in another spelling (braces, urn:uuid:, upper case, no hyphens, quotes) was written in lowercase 8-4-4-4-12 form."
            }
            Self::InventedCursorReadAsAbsent => {
                "A cursor value outside the class the server issues (\"\", \" \", \"0\", \"start\", a number) was read as \"no cursor\": the first page is served."
            }
            Self::DateSpellingNormalized => {
                "A date in another spelling (dots, slashes, compact digits, month names in any major language) was written as YYYY-MM-DD."
            }
            Self::DateOrderInferred => {
                "Day and month could be in either order, and only one order names a date that exists, so that order was read."
            }
            Self::TimeDropped => "The time of a datetime was dropped; the date is the one written, in the offset the note names.",
            Self::RelativeDateResolved => "A relative word (today, yesterday, včera, morgen, ...) was resolved against the given today.",
            Self::BoundExpanded => "A year, quarter or month was read as its first day (from) or last day (to) of a range.",
            Self::OpenBoundReadAsAbsent => "A sentinel date (0001-01-01, 9999-12-31, 0000-00-00) was read as \"no bound\".",
            Self::CountryCodeNormalized => "A country code in another case or with spaces was written as upper-case ISO 3166-1 alpha-2.",
            Self::CountryCodeReplaced => "An alpha-3, numeric or former country code (CZE, 203, UK), or a locale tag's region (cs-CZ), was replaced by the alpha-2 code.",
            Self::CountryNameRead => "A country's name (in any modern CLDR language or ISO 3166, with its translations), or a former or colloquial name, was read as its alpha-2 code.",
            Self::LocaleNormalized => "A locale's case, separators, POSIX codeset or modifier (cs_CZ.UTF-8@euro) were written as a BCP 47 tag.",
            Self::DeprecatedCodeReplaced => "A deprecated or overlong language or region code (iw, ces, en-UK) was replaced by its CLDR replacement.",
            Self::LanguageNameRead => "A language's name in English, in Czech or in the language itself was read as its tag.",
            Self::EliNormalized => "An ELI URI's scheme, host, case or trailing slash was made canonical.",
            Self::CelexReadAsEli => "A CELEX number was read as the ELI of its act.",
            Self::CitationReadAsEli => "A citation (Regulation (EU) 2016/679, zákon č. 89/2012 Sb.) was read as the act's ELI.",
            Self::EliTypeMayBeAlias => "CELEX does not tell implementing or delegated acts apart; the ELI type read may be an alias of reg_impl or reg_del.",
            Self::VocabularyValueRead => "A name, abbreviation, other-language name or inflected form of a stored value was read as its id.",
            Self::PropertyNameNormalized => "A property name in another spelling (dateFrom, DateFrom, date-from, or another pair's from for date_from) was read as the declared name (date_from), or a range sent under one key (period) as the tool's pair of bounds.",
            Self::JsonObjectDecoded => "Tool arguments, or an object argument, sent as a JSON string were read as the object the string holds.",
            Self::ReceivedTruncated => "An ask's received quotes only the first bytes of a value longer than the bound (limits::MAX_RECEIVED_BYTES); the note gives the whole length.",
            Self::NotesTruncated => "A call made more notes than it returns (limits::MAX_NOTES); this last note counts the rest.",
            Self::InvisibleCharactersRemoved => "Invisible characters inside a code, number, date or name (U+200B to U+200D, U+2060, U+FEFF, soft hyphen, and the direction marks U+200E, U+200F, U+061C, U+202A to U+202E, U+2066 to U+2069) were removed; free text keeps them, and loses only control characters (U+0000 to U+001F but tab and line breaks, U+007F to U+009F).",
            Self::CompatibilityCharactersRead => "Fullwidth letters and punctuation (ＣＺ, ａｎｏ) in a code, number, date or name were read as ASCII (their NFKC form).",
            Self::ReadingChosenByOptions => "A spelling with two readings (1,234) was read as the only one the options allow (a whole number, a range); the note names the other.",
            Self::PythonListDecoded => "A Python list literal in a string (['a', 'b'], with True, False, None) was read as the JSON array it holds.",
            Self::TrailingPunctuationRemoved => "Punctuation after an identifier (the full stop after an ELI URI at the end of a sentence) was left out.",
            Self::ShortTitleReadAsEli => "The short title of a much-cited EU or Czech act (GDPR, REACH, the Digital Services Act, občanský zákoník) was read as the act's ELI; the note names the act.",
            Self::SuppressedScriptRemoved => "A script the language is always written in (en-Latn, cs-Latn-CZ) was left out, as BCP 47 canonical form does.",
            Self::ReadingChosenByPerson => "The person at the client was asked which reading of an ambiguous value they meant (MCP input_required) and chose this one.",
            Self::ArgumentsUnwrapped => "Tool arguments sent inside one wrapper key (arguments, args, input, params, parameters) that is no property of the tool were read as the arguments.",
            Self::WordReadInLanguage => "A word that names different values in different languages (listopad: November in Czech, October in Croatian; jo: yes in Lower Sorbian, no in Albanian; tres: three in Spanish, sixty in Danish) was read as the language the languages option names reads it; the note names the other meanings.",
            Self::UnionVariantInferred => "A union's member was sent without its tag, and only one variant's required properties were sent: it was read as that variant; the note names it.",
            Self::UnionReadFromFlatCall => "A union's tag and its variant's properties sent beside the other arguments, not inside the union's property, were read as that property; the note names them.",
            _ => self.contract_meaning(),
        }
    }

    /// What the caller should do next time; the source of `docs/codes.md`.
    pub const fn action(self) -> &'static str {
        match self {
            Self::NullReadAsAbsent | Self::BlankReadAsAbsent | Self::PlaceholderReadAsAbsent => {
                "Nothing; to leave an optional property unset, omit it."
            }
            Self::NotFilteringReadAsAbsent => "Nothing; to search everything, omit the filter.",
            Self::DefaultApplied => "Nothing; send a value to override the default.",
            Self::WhitespaceTrimmed | Self::QuotesRemoved | Self::UnicodeNormalized => {
                "Nothing; the canonical spelling is in the value."
            }
            Self::SingleItemUnwrapped => "Send the value itself, not a one-item array.",
            Self::ScalarReadAsText => "Send text as a JSON string.",
            Self::GroupingRemoved
            | Self::DecimalCommaRead
            | Self::UnicodeDigitsRead
            | Self::UnicodeMinusRead
            | Self::NumberSpellingNormalized => {
                "Send numbers as JSON numbers: ASCII digits, a point for decimals, no grouping."
            }
            Self::OutOfRangeClamped => "Send a value inside the declared range.",
            Self::BooleanWordRead | Self::NumberReadAsBoolean => "Send JSON true or false.",
            Self::EnumSpellingNormalized | Self::EnumAliasRead => "Send the enum value exactly as the schema lists it.",
            Self::SingleValueReadAsList | Self::ListSplit | Self::JsonArrayDecoded | Self::EmptyItemsDropped => {
                "Send a JSON array of items."
            }
            Self::UuidSpellingNormalized => "Send ids exactly as the tool that found them returned them.",
            Self::InventedCursorReadAsAbsent => {
                "Omit the cursor on the first call; on later calls send the previous result's next cursor unchanged."
            }
            Self::DateSpellingNormalized | Self::DateOrderInferred | Self::TimeDropped | Self::RelativeDateResolved => {
                "Send dates as YYYY-MM-DD."
            }
            Self::BoundExpanded => "Nothing; send YYYY-MM-DD to bound by a day.",
            Self::OpenBoundReadAsAbsent => "Omit a bound to leave the range open.",
            Self::CountryCodeNormalized | Self::CountryCodeReplaced | Self::CountryNameRead => {
                "Send ISO 3166-1 alpha-2 codes (\"CZ\")."
            }
            Self::LocaleNormalized | Self::DeprecatedCodeReplaced | Self::LanguageNameRead => {
                "Send canonical BCP 47 tags (\"cs-CZ\")."
            }
            Self::EliNormalized | Self::CelexReadAsEli | Self::CitationReadAsEli => "Send the canonical ELI URI.",
            Self::EliTypeMayBeAlias => {
                "Send the exact ELI (with reg_impl or reg_del) when the act is implementing or delegated."
            }
            Self::VocabularyValueRead => "Send the stored value's id.",
            Self::PropertyNameNormalized => "Send property names exactly as the input schema declares them.",
            Self::JsonObjectDecoded => "Send the arguments, and each object in them, as JSON objects, not strings.",
            Self::ReceivedTruncated => "Send values within the bound the ask states.",
            Self::NotesTruncated => "Send canonical spellings; the notes of the first values show how.",
            Self::InvisibleCharactersRemoved => "Send the value without invisible characters.",
            Self::CompatibilityCharactersRead => "Send codes and names in ASCII or their ordinary letters.",
            Self::ReadingChosenByOptions => "Send the number without grouping, with a point for decimals.",
            Self::PythonListDecoded => "Send a JSON array.",
            Self::TrailingPunctuationRemoved => "Send the identifier alone.",
            Self::ShortTitleReadAsEli => "Send the act's ELI URI.",
            Self::SuppressedScriptRemoved => "Send canonical BCP 47 tags (\"en\", not \"en-Latn\").",
            Self::ReadingChosenByPerson => "Nothing; the person's choice was applied.",
            Self::ArgumentsUnwrapped => "Send the arguments as the object itself, without a wrapper key.",
            Self::WordReadInLanguage => "Send dates as YYYY-MM-DD, booleans as true or false and numbers in digits.",
            Self::DryRunPreview => "To apply the change, call the tool again with the same arguments, dry_run false and the confirm_token of this result.",
            Self::ConfirmTokenIgnored => "Send confirm_token only with dry_run false.",
            Self::ReceiptReplayed => "Nothing; use a fresh idempotency key for a new change.",
            Self::BytesSpellingNormalized | Self::DataUrlRead | Self::BytesObjectRead => {
                "Send a file as a reference the tool takes, or its bytes as standard base64."
            }
            Self::FileReferenceNormalized => "Send references exactly as the tool that issued them returned them.",
            Self::UnionVariantInferred => "Send the union's tag with its variant's name.",
            Self::UnionReadFromFlatCall => "Send the union's tag and properties inside its property.",
        }
    }
}

impl WarningCode {
    /// What the code means; the source of `docs/codes.md`.
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::DuplicateItemsRemoved => {
                "A list of set-like tokens named the same value twice; the repeats were removed."
            }
            Self::FilterValueDropped => {
                "An optional filter value named no stored value, or several, so it was dropped; the search was not emptied. values names what it could have meant."
            }
            Self::NoHitsFiltered => "A page under an active filter is empty; values names the stored values that would have matched.",
            Self::UnknownProperty => "A property the tool does not declare was ignored (not rejected); values names the accepted properties.",
            Self::DuplicateProperty => "Two spellings of one property were sent (date_from and dateFrom), or one key twice; the exact one (or the last) was read, the other ignored.",
            Self::WarningsTruncated => "A call made more warnings than it returns (limits::MAX_WARNINGS); this last warning counts the rest.",
        }
    }

    /// What the caller should do next time; the source of `docs/codes.md`.
    pub const fn action(self) -> &'static str {
        match self {
            Self::DuplicateItemsRemoved => "Send each value once.",
            Self::FilterValueDropped => "Call again with the filter set to one of the named values, or without it.",
            Self::NoHitsFiltered => "Call again with the filter set to one of the named values, or without it.",
            Self::UnknownProperty => "Send only the declared properties; check the spelling of the ignored one.",
            Self::DuplicateProperty => "Send each property once, under its declared name.",
            Self::WarningsTruncated => "Fix what the listed warnings say; the rest are of the same kinds.",
        }
    }
}

impl AskCode {
    /// What the code means; the source of `docs/codes.md`.
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::InputTooLong => "The input is longer than the bound of its kind; the ask states the bound.",
            Self::UnexpectedType => "The input has a JSON type the kind cannot read (an object for a number, say).",
            Self::NotUnicode => {
                "The text holds a lone UTF-16 surrogate (half of a character), which no Unicode text holds; it is read neither as a replacement character nor dropped."
            }
            Self::NotANumber => "The text is not a number in any spelling the reader knows.",
            Self::AmbiguousDecimalSeparator => {
                "A lone comma or point followed by exactly three digits (\"1,234\", \"1.234\") groups thousands or marks decimals; both readings are named."
            }
            Self::AmbiguousScale => {
                "A scale word after a number (\"billion\", \"bn\") stands for different powers of ten in different languages (billion: 10^9 in English, 10^12 in German), or a percent sign or word (\"45%\") counts percent or makes a fraction of one (45 or 0.45); every reading is named."
            }
            Self::NumberOutOfBounds => "The exponent or the precision of the number is beyond the bound the reader represents exactly.",
            Self::NotAnInteger => "The number has a fractional part where an integer is required.",
            Self::OutOfRange => "The number is outside the declared range, and the property asks rather than clamps.",
            Self::NotABoolean => "The text is not a yes/no word in any language the reader knows.",
            Self::AmbiguousBoolean => "The word means yes in one language and no in another (jo); both readings are named.",
            Self::UnknownEnumValue => "The value is not one of the allowed values nor an alias of one; the nearest value is suggested, never applied.",
            Self::AmbiguousListSplit => {
                "Split on its commas the string reads as a list, and whole it reads as one item (\"1,5\": [1, 5] or [1.5]); every reading is named."
            }
            Self::InvalidListItems => "One or more items of a list could not be read; each is named by its index and the good items are echoed.",
            Self::TooManyItems => "The list has more items than its bound.",
            Self::InvalidRequest => "A request (a batch line, or the arguments of a call) is not UTF-8, not valid JSON (the byte offset is named), not of the request shape, or names an unknown kind or option.",
            Self::NotAUuid => "The text is not a uuid (32 hexadecimal digits, 8-4-4-4-12); the ask says what is wrong with it.",
            Self::PlaceholderOnWrite => {
                "A placeholder or invented id (the nil uuid, a documentation example, \"<uuid>\") or an example idempotency key was sent for a write, where it would create a record or replay another write."
            }
            Self::InvalidCursor => {
                "A value that looks like an issued cursor did not decode, failed authentication or has expired; it is never restarted at page one silently."
            }
            Self::InvalidIdempotencyKey => "The idempotency key is neither a uuid nor a token of 8 to 255 allowed characters.",
            Self::NotADate => "The text is not a date in any spelling the reader knows.",
            Self::AmbiguousDate => "The spelling names two or more dates (01/02/2026: 1 February or 2 January); every reading is named.",
            Self::TwoDigitYear => "The year has two digits; every century it could mean is named.",
            Self::ImpossibleDate => "The fields name no day that exists (2026-02-30), or a relative word resolves outside the years written (0002-9998); the ask says why and hints the nearest dates.",
            Self::WeekdayMismatch => "The written weekday is not the date's weekday; the date and the nearest such weekday are named.",
            Self::IncompleteDate => "A month, quarter or year was sent for a single day, or a day without its year (with today, the last and the next such day are named).",
            Self::RelativeDateWithoutToday => "A relative word (yesterday) was sent, and the reader was not told today's date.",
            Self::RangeReversed => "The range's from is after its to; both are named, and the swapped range is a reading.",
            Self::AmbiguousCountry => "The name or code carries two or more countries (Congo, Korea, SU); every country is named.",
            Self::UnknownCountry => "The value is not a country code or a country name the reader knows; the nearest name is suggested.",
            Self::PosixLocale => "C or POSIX: a locale with no language.",
            Self::UnknownLanguage => "The tag's language is not one CLDR knows.",
            Self::AmbiguousLanguage => "The name carries two or more languages, or two capitals are the code of a language and of a country whose language is another (UK); every tag is named.",
            Self::AmbiguousRegion => "The locale's region is retired (SU, YU, CS) and split into several countries, none the language's likely region, or is the language's own code where another language is spoken (ar-AR, sv-SV); every tag is named.",
            Self::NotALocale => "The value is not a BCP 47 tag, a POSIX locale or a language name.",
            Self::AmbiguousAct => "A citation without the act's type (2016/679) names two or more acts, or the text names two or more acts (GDPR, AI Act); every ELI is named.",
            Self::NotAnEli => "The value is not an ELI URI, a CELEX number or a citation the reader maps; the ask says why.",
            Self::AmbiguousVocabularyValue => "The value names two or more stored values (Supreme: two courts); every one is named.",
            Self::UnknownVocabularyValue => "The value names no stored value; the nearest stored values are suggested.",
            Self::MissingRequired => "A required argument was not sent, or was null or a placeholder.",
            Self::IssuesTruncated => "A call had more issues than it lists (limits::MAX_ISSUES); this last issue counts the rest.",
            Self::AnswerDeclined => "The person asked which reading they meant declined, cancelled or did not answer; the readings are named again.",
            Self::AnswerNotOffered => "The person's answer is not one of the readings the question offered.",
            Self::AnswerNotAsked => "An answer (inputResponses) came for a property the question did not ask about.",
            Self::AnswerOutOfDate => "The answers' requestState was not issued by this server for these arguments: forged, expired, or the arguments changed since the question.",
            Self::UnionVariantMissing => "A union's member names no variant (no tag), and its properties are those of no variant, or fit several; when several fit, each is a reading (the member with that tag).",
            Self::ConfirmTokenMissing => "A destructive tool was asked to apply its change (dry_run false) without a confirm_token, or with a placeholder such as \"confirm\" or \"yes\".",
            Self::ConfirmTokenNotIssued => "The confirm_token is not one this server issued: invented, damaged or altered.",
            Self::ConfirmTokenExpired => "The confirm_token's preview is older than the token's validity (10 minutes).",
            Self::ConfirmTokenOtherArguments => "The confirm_token was issued by a preview of other arguments, or of another tool.",
            Self::IdempotencyKeyReused => "The idempotency key was used before with other arguments; the issue names the arguments that differ.",
            Self::IdempotencyKeyInFlight => "A call with the same idempotency key and arguments is still running (a retry sent before the first call answered).",
            Self::NotAFile => "The value is neither a file's bytes in a spelling the reader knows (base64, a data: URL, an array of bytes, a Buffer object) nor a reference the tool takes; the ask says what is wrong.",
            Self::FileTooLarge => "The file's bytes are more than the tool takes inline (the bound is stated, and checked from the length before anything is decoded); the hint names the references the tool takes.",
            Self::MediaTypeMismatch => "The media type a value declares (a data: URL's) is not the type its bytes are; both are named.",
            Self::MediaTypeNotAccepted => "The file's media type is not one the tool takes; the accepted types are named.",
            Self::ReferenceNotAccepted => "A reference in a form the tool does not take (a local path the server cannot open, an http URL, an unknown scheme); the forms it takes are named.",
            Self::UnionPropertyOfOtherVariant => "A union's member sends a property of another variant beside its own; the ask names the variants it belongs to.",
        }
    }

    /// The corrective action the hint is built from; the source of `docs/codes.md`.
    pub const fn action(self) -> &'static str {
        match self {
            Self::InputTooLong => "Call again with a value within the stated bound; a longer document goes by reference (a path, URL or id the tool takes), never cut or rewritten.",
            Self::UnexpectedType => "Call again with a value of the expected JSON type.",
            Self::NotUnicode => "Call again with the text in whole characters.",
            Self::NotANumber | Self::NumberOutOfBounds => "Call again with the number as a JSON number.",
            Self::AmbiguousDecimalSeparator | Self::AmbiguousScale => {
                "Call again with the reading you meant, as a JSON number without grouping."
            }
            Self::NotAnInteger => "Call again with a whole number.",
            Self::OutOfRange => "Call again with a value inside the stated range.",
            Self::NotABoolean | Self::AmbiguousBoolean => "Call again with JSON true or false.",
            Self::UnknownEnumValue => "Call again with one of the listed values.",
            Self::AmbiguousListSplit => "Call again with a JSON array holding the reading you meant.",
            Self::InvalidListItems => "Call again with the good items unchanged and the named items corrected.",
            Self::TooManyItems => "Call again with at most the stated number of items, or in several calls.",
            Self::InvalidRequest => {
                "Send one JSON object per line: {\"kind\": ..., \"input\": ..., \"options\": {...}}."
            }
            Self::NotAUuid => "Call again with the id exactly as the tool that found the record returned it.",
            Self::PlaceholderOnWrite => {
                "Call again with the real id from the tool that lists or searches the records (or without it to create), or with a fresh idempotency key."
            }
            Self::InvalidCursor => {
                "Call again without the cursor to start at page one, or with the previous result's next cursor unchanged."
            }
            Self::InvalidIdempotencyKey => "Call again with a fresh uuid as the key, resent unchanged on every retry.",
            Self::NotADate | Self::RelativeDateWithoutToday => "Call again with the date as YYYY-MM-DD.",
            Self::AmbiguousDate | Self::TwoDigitYear | Self::WeekdayMismatch => {
                "Call again with the reading you meant, as YYYY-MM-DD."
            }
            Self::ImpossibleDate => "Call again with a date that exists, such as one of the hinted nearest dates.",
            Self::IncompleteDate => "Call again with one full date as YYYY-MM-DD, or with a date range.",
            Self::RangeReversed => "Call again with from on or before to.",
            Self::AmbiguousCountry | Self::UnknownCountry => "Call again with the country's ISO 3166-1 alpha-2 code.",
            Self::PosixLocale
            | Self::UnknownLanguage
            | Self::AmbiguousLanguage
            | Self::AmbiguousRegion
            | Self::NotALocale => {
                "Call again with a BCP 47 tag of the language you mean."
            }
            Self::AmbiguousAct | Self::NotAnEli => "Call again with the act's ELI URI or a citation with the act's type.",
            Self::AmbiguousVocabularyValue | Self::UnknownVocabularyValue => "Call again with one stored value's id.",
            Self::MissingRequired => "Call the tool again with the argument.",
            Self::IssuesTruncated => "Fix the listed issues and call again; the rest are reported then.",
            Self::AnswerDeclined => "Call again with one of the readings, or ask the person in the conversation.",
            Self::AnswerNotOffered | Self::AnswerNotAsked | Self::AnswerOutOfDate => {
                "Call again with the same arguments and no answers: the question is asked again."
            }
            Self::UnionVariantMissing => "Call again with the union's tag set to the variant you mean.",
            Self::ConfirmTokenMissing
            | Self::ConfirmTokenNotIssued
            | Self::ConfirmTokenExpired
            | Self::ConfirmTokenOtherArguments => {
                "Call the tool with dry_run true and the same arguments for a preview and a fresh confirm_token, then with dry_run false and that token."
            }
            Self::IdempotencyKeyReused => {
                "Call again with a fresh idempotency key for this change, or with the first call's arguments to get its result."
            }
            Self::IdempotencyKeyInFlight => {
                "Call again with the same arguments and key in a few seconds: the first call's result is then returned."
            }
            Self::NotAFile | Self::MediaTypeMismatch | Self::MediaTypeNotAccepted => {
                "Call again with the file's bytes as standard base64 or a data: URL with its media type, or with a reference the tool takes."
            }
            Self::FileTooLarge | Self::ReferenceNotAccepted => {
                "Call again with a reference in a form the tool takes (the hint names them)."
            }
            Self::UnionPropertyOfOtherVariant => {
                "Call again with only the named variant's properties, or with the tag naming the variant they belong to."
            }
        }
    }
}

/// The wire name of a code (its serde and strum name).
pub fn name<C: Into<&'static str>>(code: C) -> &'static str {
    code.into()
}

/// Codes of the error envelope: why a call cannot run, as a whole.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum EnvelopeCode {
    /// One or more arguments cannot be read.
    InvalidArguments,
    /// Every issue is a value with two or more meanings; the readings are named.
    AmbiguousArguments,
    /// Every issue is a required argument that was not sent (or was a placeholder).
    MissingArguments,
    /// The tool applies all entries or none, and some entries cannot be read.
    InvalidEntries,
    /// A destructive tool's change needs a valid `confirm_token` from a preview of the same arguments.
    ConfirmationRequired,
    /// The server's rate limit for the tool was reached; the envelope says when to retry.
    RateLimited,
    /// A service the tool depends on did not answer; the same call may be retried.
    UpstreamUnavailable,
    /// A call with the same idempotency key and arguments is still running.
    CallInProgress,
    /// The tool was removed on its announced removal date; the envelope names its replacement.
    ToolRetired,
    /// The caller's token does not grant every scope the tool needs (or grants read-only scopes
    /// only, and the tool may change data); every missing scope is named.
    InsufficientScope,
}

impl EnvelopeCode {
    /// What the code means; the source of `docs/codes.md`.
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::InvalidArguments => "One or more arguments cannot be read; each issue names its path and the fix.",
            Self::AmbiguousArguments => {
                "Every issue is a value with two or more meanings; each issue names every reading."
            }
            Self::MissingArguments => "Every issue is a required argument that was not sent, or was a placeholder.",
            Self::InvalidEntries => {
                "The tool applies all entries or none, and some entries of a collection cannot be read."
            }
            Self::ConfirmationRequired => {
                "A destructive tool's change needs the confirm_token of a preview of the same arguments, and the call has none that is valid."
            }
            Self::RateLimited => "The server's rate limit for the tool was reached; the envelope says when to retry and how many calls are left.",
            Self::UpstreamUnavailable => "A service the tool depends on did not answer; nothing was applied, and the same call may be retried.",
            Self::CallInProgress => "A call with the same idempotency key and arguments is still running; it is not run twice.",
            Self::ToolRetired => "The tool was deprecated and its announced removal date has come; nothing ran.",
            Self::InsufficientScope => "The caller's token does not grant every scope the tool needs (or grants read-only scopes only, and the tool may change data); nothing ran, and every missing scope is named in required_scopes.",
        }
    }

    /// The corrective action; the source of `docs/codes.md`.
    pub const fn action(self) -> &'static str {
        match self {
            Self::InvalidArguments => "Call the tool again with each named argument fixed as its issue says.",
            Self::AmbiguousArguments => "Call the tool again with the reading you meant for each named argument.",
            Self::MissingArguments => "Call the tool again with the named arguments.",
            Self::InvalidEntries => "Call the tool again with the named entries fixed and the others unchanged.",
            Self::ConfirmationRequired => "Call the tool with dry_run true for a preview, then with dry_run false and its confirm_token.",
            Self::RateLimited => "Call the tool again with the same arguments after retry_after_seconds; calling sooner is refused again.",
            Self::UpstreamUnavailable => "Call the tool again with the same arguments (and the same idempotency key) after retry_after_seconds.",
            Self::CallInProgress => "Call the tool again with the same arguments and key in a few seconds for the first call's result.",
            Self::ToolRetired => "Call the replacement the hint names, with the arguments its schema takes; this tool is no longer served.",
            Self::InsufficientScope => "Ask the user to authorize the scopes named (a new token), then call again; or call a tool tools/list returns for this token.",
        }
    }
}

/// Renders `docs/codes.md`. `example` gives an example message for a code name, taken by the
/// census test from the first vector that emits it.
pub fn render_markdown(example: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::from(
        "<!-- @generated by `cargo xtask codes` from agent-input/src/codes.rs and tests/vectors. Do not edit. -->\n\
         # Codes\n\n\
         Every note, warning and ask carries one code from a closed set. Codes are never renamed or reused.\n\n\
         ## Policy\n\n\
         Codes are only added, never renamed or reused: a retired code stays in its set and is documented as no \
         longer emitted. The lock file `codes.lock.json` (every code of every closed set, the CLI's lint and diff \
         rules included, with its meaning line) and the test `bindings/cli/tests/codes_lock.rs` hold this: a code \
         removed or renamed fails it. A change of a code's meaning line needs a dated entry in the lock's \
         `changes` (`date`, `set`, `code`, the new `meaning`, `why`), written by hand, then \
         `cargo xtask codes-lock`, which adds new codes and applies dated meanings. `agent-input diff` applies \
         the same rule to a server's declared codes (`response_code_removed`).\n\n",
    );
    section(
        &mut out,
        "Notes",
        "A repair that was applied; the value is beside it.",
        NoteCode::iter().map(|c| (c.into(), c.meaning(), c.action())),
        example,
    );
    section(
        &mut out,
        "Warnings",
        "What the caller probably meant; the result is beside it.",
        WarningCode::iter().map(|c| (c.into(), c.meaning(), c.action())),
        example,
    );
    section(
        &mut out,
        "Asks",
        "The input carried no meaning or more than one; nothing was guessed.",
        AskCode::iter().map(|c| (c.into(), c.meaning(), c.action())),
        example,
    );
    section(
        &mut out,
        "Envelope codes",
        "Why a whole tool call did not run: the `code` of `{code, message, hint, issues}`.",
        EnvelopeCode::iter().map(|c| (c.into(), c.meaning(), c.action())),
        example,
    );
    out
}

fn section<'a>(
    out: &mut String,
    title: &str,
    lead: &str,
    codes: impl Iterator<Item = (&'a str, &'a str, &'a str)>,
    example: &dyn Fn(&str) -> Option<String>,
) {
    out.push_str(&format!(
        "## {title}\n\n{lead}\n\n| code | meaning | next step | example |\n| --- | --- | --- | --- |\n"
    ));
    for (code, meaning, action) in codes {
        let example = example(code).map(|e| cell(&e)).unwrap_or_default();
        out.push_str(&format!("| `{code}` | {} | {} | {example} |\n", cell(meaning), cell(action)));
    }
    out.push('\n');
}

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('<', "&lt;").replace('\n', " ")
}
