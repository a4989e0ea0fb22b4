//! The diff's rules: one closed code each, with its level (`breaking`, `warning`, `info`), the
//! side of the call it affects (what the model sends, or what it reads back), a line of what it
//! detects and the migration its hint names. `docs/diff.md` lists every rule with the fixture
//! pair that triggers it (`bindings/cli/tests/diff/rules.json`); codes are only ever added
//! (`codes.lock.json`).

use serde::Serialize;

/// How much a change matters to the agents that learned the old contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Nothing breaks: a tool, an optional property or an enum value added.
    Info,
    /// May break, or changes behaviour no schema shows: a default flipped, a unit reworded.
    Warning,
    /// A call that worked before is refused or means something else now.
    Breaking,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warning => "warning",
            Level::Breaking => "breaking",
        }
    }

    /// SARIF's level of the same weight.
    pub fn sarif(self) -> &'static str {
        match self {
            Level::Info => "note",
            Level::Warning => "warning",
            Level::Breaking => "error",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        match text {
            "info" => Some(Level::Info),
            "warning" => Some(Level::Warning),
            "breaking" => Some(Level::Breaking),
            _ => None,
        }
    }
}

/// The side of a call a change affects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// What the model sends: the tool, its name, its input schema and annotations.
    Request,
    /// What the model reads back: the output schema, the result's codes.
    Response,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Request => "request",
            Side::Response => "response",
        }
    }
}

/// A rule: its code, level, side, a line of what it detects, and the migration.
pub struct Rule {
    pub code: &'static str,
    pub level: Level,
    pub side: Side,
    pub summary: &'static str,
    pub hint: &'static str,
}

use Level::{Breaking, Info, Warning};
use Side::{Request, Response};

const fn r(code: &'static str, level: Level, side: Side, summary: &'static str, hint: &'static str) -> Rule {
    Rule { code, level, side, summary, hint }
}

const NEW_NAME: &str = "Keep the old name served beside the new one, rewrite its description with its removal date and replacement (`deprecated` in the spec), and remove it no earlier than the date.";
const NEW_VERSION: &str = "Put the changed shape in a new tool (`name_v2`), keep the old one served as it was, and deprecate it with a removal date and the replacement.";
const ACCEPT_OLD: &str = "Keep accepting what the old schema accepted (read the old spelling too), or publish the change as a new tool version.";
const NOTHING: &str = "Nothing breaks; say it in the tool's description if the model should use it.";
const STATE_IT: &str = "A change no schema shows: bump the tool's version with a dated line in its description, or keep the old behaviour.";
const OUTPUT_KEEP: &str = "Keep returning the old field (beside the new one), or publish the change as a new tool version; a model cannot read a changelog.";

/// Every rule, in the order of the documentation.
pub const RULES: &[Rule] = &[
    // Tools.
    r("tool_removed", Breaking, Request, "A tool is gone, and it was never deprecated with a removal date.", NEW_NAME),
    r("tool_renamed", Breaking, Request, "A tool is gone and a new one takes its place: the same name in another spelling, or the only added tool with the very same schemas (a rename guessed).", NEW_NAME),
    r("tool_added", Info, Request, "A tool is new.", NOTHING),
    r("tool_version_added", Info, Request, "A new version of a tool (`name_v2`) is served beside the old one.", "Deprecate the old version with a removal date and this replacement, so that its description tells the model."),
    r("tool_removed_before_date", Breaking, Request, "A deprecated tool is gone before the removal date it announced.", "Serve the tool until the date its deprecation announced; agents were told they had until then."),
    r("tool_removed_after_date", Info, Request, "A deprecated tool is gone on or after the removal date it announced.", "Nothing: the removal was announced. Keep answering a call of the old name with the replacement (a drop-in does)."),
    r("tool_deprecated", Info, Request, "A tool is newly deprecated (a removal date, a replacement).", "Nothing breaks yet; keep serving it until the removal date."),
    r("deprecation_notice_short", Warning, Request, "A newly announced removal date is less than the minimum notice (`--min-notice-days`, 365) after the day of the diff.", "Announce the removal at least twelve months ahead (the 2026-07-28 revision's lifecycle window)."),
    r("deprecation_removal_earlier", Warning, Request, "A deprecated tool's removal date moved earlier.", "Keep the removal date announced first; agents planned for it."),
    r("deprecation_withdrawn", Info, Request, "A tool is no longer deprecated.", "Nothing breaks; say so in the description if it was announced elsewhere."),
    r("deprecation_replacement_unknown", Warning, Request, "A tool's deprecation names a replacement the new listing does not serve.", "Serve the replacement tool before announcing it, or name one the server lists."),
    // Annotations and descriptions of the tool.
    r("annotation_read_only_removed", Breaking, Request, "A tool that said it only reads (`readOnlyHint` true) no longer says so.", "Publish the writing behaviour as a new tool; hosts ran the old one without asking, and may keep doing so."),
    r("annotation_destructive_added", Breaking, Request, "A tool that said it destroys nothing now may (`destructiveHint` false to true, or to MCP's default).", "Publish the destructive behaviour as a new tool with a confirmation step; hosts and agents treated the old one as safe."),
    r("annotation_idempotent_removed", Breaking, Request, "A tool that said a repeated call is harmless (`idempotentHint` true) no longer says so.", "Keep the tool idempotent (an `idempotency_key` with stored receipts), or publish a new tool: clients retry idempotent calls."),
    r("annotation_open_world_added", Warning, Request, "A tool that said it stays inside the server's own data now reaches the open world (`openWorldHint` false to true).", "Say in the description what outside systems the tool now reaches."),
    r("annotation_made_safer", Info, Request, "A tool's annotations became safer (read-only, not destructive, idempotent or closed world).", NOTHING),
    r("tool_title_changed", Info, Request, "A tool's title changed.", NOTHING),
    r("tool_description_changed", Info, Request, "A tool's description changed (no unit, time zone or omission rule among the words that changed).", "Nothing breaks; read the new text as the model will."),
    r("description_unit_changed", Warning, Request, "A description of the tool or an input property states another unit (\"seconds\" to \"milliseconds\", \"CZK\" to \"EUR\"): the words that changed.", STATE_IT),
    r("description_time_zone_changed", Warning, Request, "A description of the tool or an input property states another time zone (\"UTC\" to \"local time\"): the words that changed.", STATE_IT),
    r("description_omission_changed", Warning, Request, "A description says something else about leaving a value out (\"omit it for every court\" to \"defaults to the last 30 days\"): the words that changed.", STATE_IT),
    r("property_description_changed", Info, Request, "An input property's description changed (no unit, time zone or omission rule among the words that changed).", "Nothing breaks; read the new text as the model will."),
    // What the model sends.
    r("request_property_removed", Breaking, Request, "An input property is gone: calls that send it are refused or lose it.", ACCEPT_OLD),
    r("request_property_renamed", Breaking, Request, "An input property is gone and another takes its place: the same words in another spelling (`refund_id` to `refundId`) or the only added property with the very same schema.", "Accept both names (agent-input reads `refundId` as `refund_id` with a note), or publish the new name in a new tool version."),
    r("request_required_added", Breaking, Request, "A new input property is required: every call written for the old schema lacks it.", "Make it optional with a default that keeps the old behaviour."),
    r("request_property_became_required", Breaking, Request, "An optional input property is now required.", "Keep it optional with a default that keeps the old behaviour."),
    r("request_property_became_optional", Info, Request, "A required input property is now optional.", NOTHING),
    r("request_optional_added", Info, Request, "A new optional input property.", NOTHING),
    r("request_type_changed", Breaking, Request, "An input property takes another type, none of the old ones.", ACCEPT_OLD),
    r("request_type_narrowed", Breaking, Request, "An input property takes fewer types (`[\"string\", \"null\"]` to `\"string\"`, `number` to `integer`).", ACCEPT_OLD),
    r("request_type_widened", Info, Request, "An input property takes more types.", NOTHING),
    r("request_enum_value_removed", Breaking, Request, "An input enum lost a value: calls that send it are refused.", "Keep the value and read it as its successor (an enum alias), or publish a new tool version."),
    r("request_enum_value_added", Info, Request, "An input enum gained a value.", NOTHING),
    r("request_enum_added", Breaking, Request, "A free input value is now a closed enum.", "Read the old free spellings as the enum's values (agent-input's enum aliases), or publish a new tool version."),
    r("request_enum_removed", Info, Request, "An input enum was opened to any value of its type.", NOTHING),
    r("request_const_changed", Breaking, Request, "An input property's `const` was added or changed.", NEW_VERSION),
    r("request_maximum_lowered", Breaking, Request, "An input number's `maximum` was lowered (or added).", "Keep the old bound, or clamp larger values with a note (agent-input's `clamp`) rather than refusing them."),
    r("request_maximum_raised", Info, Request, "An input number's `maximum` was raised (or removed).", NOTHING),
    r("request_exclusive_maximum_lowered", Breaking, Request, "An input number's `exclusiveMaximum` was lowered (or added).", "Keep the old bound, or clamp larger values with a note rather than refusing them."),
    r("request_exclusive_maximum_raised", Info, Request, "An input number's `exclusiveMaximum` was raised (or removed).", NOTHING),
    r("request_minimum_raised", Breaking, Request, "An input number's `minimum` was raised (or added).", "Keep the old bound, or clamp smaller values with a note rather than refusing them."),
    r("request_minimum_lowered", Info, Request, "An input number's `minimum` was lowered (or removed).", NOTHING),
    r("request_exclusive_minimum_raised", Breaking, Request, "An input number's `exclusiveMinimum` was raised (or added).", "Keep the old bound, or clamp smaller values with a note rather than refusing them."),
    r("request_exclusive_minimum_lowered", Info, Request, "An input number's `exclusiveMinimum` was lowered (or removed).", NOTHING),
    r("request_max_length_lowered", Breaking, Request, "An input string's `maxLength` was lowered (or added).", "Keep the old bound; longer texts the old schema took are now refused."),
    r("request_max_length_raised", Info, Request, "An input string's `maxLength` was raised (or removed).", NOTHING),
    r("request_min_length_raised", Breaking, Request, "An input string's `minLength` was raised (or added).", "Keep the old bound; shorter texts the old schema took are now refused."),
    r("request_min_length_lowered", Info, Request, "An input string's `minLength` was lowered (or removed).", NOTHING),
    r("request_max_items_lowered", Breaking, Request, "An input array's `maxItems` was lowered (or added).", "Keep the old bound, or read the first items and report the rest as issues (best effort)."),
    r("request_max_items_raised", Info, Request, "An input array's `maxItems` was raised (or removed).", NOTHING),
    r("request_min_items_raised", Breaking, Request, "An input array's `minItems` was raised (or added).", "Keep the old bound; shorter lists the old schema took are now refused."),
    r("request_min_items_lowered", Info, Request, "An input array's `minItems` was lowered (or removed).", NOTHING),
    r("request_max_properties_lowered", Breaking, Request, "An input object's `maxProperties` was lowered (or added).", NEW_VERSION),
    r("request_min_properties_raised", Breaking, Request, "An input object's `minProperties` was raised (or added).", NEW_VERSION),
    r("request_multiple_of_changed", Breaking, Request, "An input number's `multipleOf` was added or changed.", NEW_VERSION),
    r("request_unique_items_added", Breaking, Request, "An input array now requires unique items.", "Drop repeated items with a note rather than refusing the list."),
    r("request_pattern_added", Breaking, Request, "An input string now has a `pattern`.", ACCEPT_OLD),
    r("request_pattern_changed", Warning, Request, "An input string's `pattern` changed (whether it is narrower cannot be told).", "Check that every value the old pattern took still matches, or publish a new tool version."),
    r("request_pattern_removed", Info, Request, "An input string's `pattern` was removed.", NOTHING),
    r("request_format_added", Breaking, Request, "An input string now has a `format` (a free string that must now be a date, a uuid...).", "Read the old free spellings (agent-input reads dates, uuids and more in every spelling with a note), or publish a new tool version."),
    r("request_format_changed", Breaking, Request, "An input string's `format` changed (`date` to `date-time`).", ACCEPT_OLD),
    r("request_format_removed", Info, Request, "An input string's `format` was removed.", NOTHING),
    r("request_default_changed", Warning, Request, "An input property's `default` changed: a call that leaves it out now does something else.", STATE_IT),
    r("request_default_added", Info, Request, "An input property gained a `default`.", NOTHING),
    r("request_default_removed", Warning, Request, "An input property lost its `default`: a call that leaves it out may now do something else.", STATE_IT),
    r("request_additional_properties_closed", Warning, Request, "An input object now refuses properties it does not declare (`additionalProperties: false`).", "Check that no caller sends extra properties the old schema let through, or read known misspellings (agent-input reads `dateFrom` as `date_from`)."),
    r("request_additional_properties_opened", Info, Request, "An input object now lets undeclared properties through.", NOTHING),
    r("request_branch_removed", Warning, Request, "An input `anyOf`/`oneOf` lost a branch no new branch equals.", ACCEPT_OLD),
    r("request_branch_added", Info, Request, "An input `anyOf`/`oneOf` gained a branch.", NOTHING),
    r("request_kind_changed", Warning, Request, "agent-input reads an input property as another kind (a plain string that now reads as a date, a number that now reads as a country).", "Check that the values callers send mean the same read as the new kind, or keep the old kind in the overrides (`x-agent-input`)."),
    r("request_property_deprecated", Info, Request, "An input property is now marked `deprecated`.", "Nothing breaks yet; say in its description what replaces it and when it goes."),
    r("request_dependent_required_added", Breaking, Request, "An input property now requires others beside it (`dependentRequired`).", NEW_VERSION),
    r("request_schema_too_deep", Warning, Request, "An input schema nests deeper than the diff follows (`MAX_SCHEMA_DEPTH`, 32): what lies deeper is not compared.", "Flatten the schema, or review the deep part by hand."),
    // What the model reads back.
    r("response_output_schema_removed", Breaking, Response, "A tool no longer declares an `outputSchema`: its structured result is no longer promised.", OUTPUT_KEEP),
    r("response_output_schema_added", Info, Response, "A tool now declares an `outputSchema`.", NOTHING),
    r("response_property_removed", Breaking, Response, "An output field is gone.", OUTPUT_KEEP),
    r("response_property_renamed", Breaking, Response, "An output field is gone and another takes its place (the same words in another spelling, or the only added field with the very same schema).", OUTPUT_KEEP),
    r("response_property_added", Info, Response, "A new output field.", NOTHING),
    r("response_property_became_optional", Warning, Response, "An output field that was always present may now be missing.", OUTPUT_KEEP),
    r("response_type_changed", Breaking, Response, "An output field has another type, none of the old ones.", OUTPUT_KEEP),
    r("response_type_widened", Warning, Response, "An output field may have more types than before (now also `null`, a string beside a number).", OUTPUT_KEEP),
    r("response_type_narrowed", Info, Response, "An output field has fewer types than before.", NOTHING),
    r("response_enum_value_added", Warning, Response, "An output enum gained a value agents never saw.", "Say in the description what the new value means, or publish a new tool version."),
    r("response_enum_value_removed", Info, Response, "An output enum lost a value.", NOTHING),
    r("response_format_changed", Breaking, Response, "An output string's `format` changed or was removed.", OUTPUT_KEEP),
    r("response_code_removed", Breaking, Response, "A code of the server's documented code set is gone (an output `code` enum, or `_meta` `agent-input/codes`): codes are only added.", "Keep the code, documented as no longer emitted; agents and their prompts match on it."),
    r("response_code_renamed", Breaking, Response, "A documented code is gone and the same words in another spelling, or the same meaning, came in its place.", "Keep the old code (and emit it where it applies); add the new one beside it."),
    r("response_code_added", Info, Response, "A documented code is new.", NOTHING),
    r("response_branch_added", Warning, Response, "An output `anyOf`/`oneOf` gained a branch agents never saw.", OUTPUT_KEEP),
    r("response_description_unit_changed", Warning, Response, "An output field's description states another unit: the words that changed.", STATE_IT),
    r("response_description_time_zone_changed", Warning, Response, "An output field's description states another time zone: the words that changed.", STATE_IT),
    r("response_schema_too_deep", Warning, Response, "An output schema nests deeper than the diff follows (`MAX_SCHEMA_DEPTH`, 32): what lies deeper is not compared.", "Flatten the schema, or review the deep part by hand."),
];

/// The rule of a code.
pub fn rule(code: &str) -> &'static Rule {
    RULES.iter().find(|r| r.code == code).unwrap_or(&RULES[0])
}

/// The rules as JSON: `[{"code", "level", "side", "summary", "hint"}]`.
pub fn rules_json() -> String {
    let rules: Vec<serde_json::Value> = RULES
        .iter()
        .map(|r| serde_json::json!({"code": r.code, "level": r.level, "side": r.side, "summary": r.summary, "hint": r.hint}))
        .collect();
    serde_json::to_string_pretty(&rules).unwrap_or_default()
}
