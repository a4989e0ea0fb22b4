//! Pages that say what they withheld: `{"items", "matched", "returned", "sort", "partial",
//! "next_cursor", "filtered", "matched_exact"}`, the cursor minted with the server's key.
//!
//! A `next_cursor` alone says there is more, not how much: an agent that cannot tell a cut
//! page from a complete one reports three open tickets when there are ninety-four. A handler
//! gives its items, how many matched (or a lower bound), the order and whether a filter
//! applied, and the position where the next page starts; the page says the rest.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::cursor::CursorCodec;
use crate::error::Error;
use crate::limits::PAGE_CURSOR_TTL_SECONDS;

/// A handler's page, before its cursor is minted.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// The items of this page.
    pub items: Vec<Value>,
    /// How many items matched in all (every page), or a lower bound of it.
    pub matched: u64,
    /// False when `matched` is a lower bound (a search engine's "more than 1,000").
    #[serde(default = "yes")]
    pub matched_exact: bool,
    /// The position of this page's first item among all matched, when known: with it, a page
    /// with no next cursor is still `partial` when items after it matched (a capped result).
    #[serde(default)]
    pub offset: Option<u64>,
    /// The order of the items (`"date desc"`), as the model may ask for it.
    #[serde(default)]
    pub sort: Option<String>,
    /// True when a filter narrowed what matched.
    #[serde(default)]
    pub filtered: bool,
    /// The cursor payload of the next page (`{"after": 40}`); none on the last page.
    #[serde(default)]
    pub next: Option<Value>,
    /// How long the next cursor is valid, in seconds ([`PAGE_CURSOR_TTL_SECONDS`] when not
    /// given).
    #[serde(default)]
    pub ttl_seconds: Option<u64>,
}

const fn yes() -> bool {
    true
}

impl Default for Page {
    /// No items, none matched (exactly), no order, no filter, no next page.
    fn default() -> Self {
        Self {
            items: Vec::new(),
            matched: 0,
            matched_exact: true,
            offset: None,
            sort: None,
            filtered: false,
            next: None,
            ttl_seconds: None,
        }
    }
}

impl Page {
    /// A page from its JSON form (the fields of [`Page`]).
    ///
    /// # Errors
    /// A field of the wrong type, an unknown field, or `items` missing.
    pub fn from_json(value: &Value) -> Result<Self, Error> {
        Self::deserialize(value).map_err(|e| Error::options(format!("invalid page: {e}")))
    }

    /// The page as the tool returns it, its next cursor minted with `codec` at `now`:
    /// `partial` is true when a next cursor is issued, when `matched` is a lower bound greater
    /// than what was returned, or when `offset` is given and items after this page matched.
    ///
    /// ```
    /// use agent_input::cursor::CursorCodec;
    /// use agent_input::tool::Page;
    /// let codec = CursorCodec::new(b"a server key of 16+ bytes")?;
    /// let page = Page { items: vec![serde_json::json!({"id": 1})], matched: 94, sort: Some("date desc".into()),
    ///                   filtered: true, next: Some(serde_json::json!({"after": 1})), ..Page::default() };
    /// let out = page.to_json(&codec, 1_800_000_000)?;
    /// assert_eq!((out["matched"].as_u64(), out["returned"].as_u64(), out["partial"].as_bool()), (Some(94), Some(1), Some(true)));
    /// assert!(out["next_cursor"].as_str().unwrap().starts_with("c1."));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    ///
    /// # Errors
    /// An exact `matched` below the items returned, or a `next` payload too large for a cursor
    /// (programmer errors).
    pub fn to_json(&self, codec: &CursorCodec, now: u64) -> Result<Value, Error> {
        let returned = self.items.len() as u64;
        let before = self.offset.unwrap_or(0);
        if self.matched_exact && before + returned > self.matched {
            return Err(Error::options(format!(
                "invalid page: {} items from position {before} but `matched` is {}",
                returned, self.matched
            )));
        }
        let next_cursor = match &self.next {
            None | Some(Value::Null) => None,
            Some(next) => {
                let ttl = self.ttl_seconds.unwrap_or(PAGE_CURSOR_TTL_SECONDS);
                Some(codec.encode_json(next, Some(now + ttl))?)
            }
        };
        let withheld = self.offset.is_some_and(|o| o + returned < self.matched)
            || (!self.matched_exact && returned < self.matched);
        Ok(json!({
            "items": self.items,
            "matched": self.matched,
            "returned": returned,
            "sort": self.sort,
            "partial": next_cursor.is_some() || withheld,
            "next_cursor": next_cursor,
            "filtered": self.filtered,
            "matched_exact": self.matched_exact,
        }))
    }
}
