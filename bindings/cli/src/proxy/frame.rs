//! Message lines, bounded: a line is kept up to [`MAX_MESSAGE_BYTES`]; a longer one is read on
//! to its end without being kept, and answered by its size (its `id`, when the kept start names
//! one, so that the answer reaches the request it refuses).

use std::io::{BufRead, Read};

use serde_json::Value;

pub use crate::mcp::MAX_MESSAGE_BYTES;

/// One line of a stream of JSON-RPC messages.
pub enum Line {
    /// A line of at most [`MAX_MESSAGE_BYTES`] bytes, its newline taken off.
    Message,
    /// A line longer than [`MAX_MESSAGE_BYTES`]: its length, and the `id` its kept start names.
    TooLong(usize, Option<Value>),
    /// The end of the stream.
    End,
}

/// Reads one line into `buf` (cleared first).
///
/// # Errors
/// The stream could not be read.
pub fn read_line<R: BufRead>(reader: &mut R, buf: &mut Vec<u8>) -> std::io::Result<Line> {
    buf.clear();
    let n = Read::take(&mut *reader, MAX_MESSAGE_BYTES as u64 + 1).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if n <= MAX_MESSAGE_BYTES || buf.last() == Some(&b'\n') && n == MAX_MESSAGE_BYTES + 1 {
        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            buf.pop();
        }
        return Ok(Line::Message);
    }
    // Read on to the line's end, keeping nothing more.
    let mut total = n;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            break;
        }
        let (used, done) = match available.iter().position(|b| *b == b'\n') {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        reader.consume(used);
        total += used;
        if done {
            break;
        }
    }
    Ok(Line::TooLong(total, top_level_id(buf)))
}

/// The value of the top-level `"id"` key in the start of a JSON object, when the start holds
/// all of it (a number, a string, or null), without parsing the rest.
pub fn top_level_id(start: &[u8]) -> Option<Value> {
    let mut depth = 0usize;
    let mut i = 0;
    while i < start.len() {
        match start[i] {
            b'"' => {
                let end = string_end(start, i)?;
                if depth == 1 && &start[i..=end] == b"\"id\"" {
                    let rest = &start[end + 1..];
                    let colon = rest.iter().position(|b| !b.is_ascii_whitespace())?;
                    if rest[colon] == b':' {
                        return scalar(&rest[colon + 1..]);
                    }
                }
                i = end;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the quote closing the string that opens at `open`.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The scalar JSON value at the start of `bytes` (after blanks): a number, string or null.
fn scalar(bytes: &[u8]) -> Option<Value> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    let bytes = &bytes[start..];
    let end = if bytes.first() == Some(&b'"') {
        string_end(bytes, 0)? + 1
    } else {
        // A number or null ends before the kept start does; one that reaches its end may go on.
        bytes.iter().position(|b| matches!(b, b',' | b'}' | b' ' | b'\t' | b'\r' | b'\n'))?
    };
    serde_json::from_slice::<Value>(&bytes[..end]).ok().filter(|v| v.is_number() || v.is_string() || v.is_null())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_id_of_a_start_is_found_at_the_top_level_only() {
        assert_eq!(top_level_id(br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"#), Some(json!(7)));
        assert_eq!(top_level_id(br#"{"params":{"id":1},"id" : "a\"b","#), Some(json!("a\"b")));
        assert_eq!(top_level_id(br#"{"method":"x","params":{"arguments":{"id":3"#), None);
        assert_eq!(top_level_id(br#"{"id":12"#), None, "a number that may go on");
        assert_eq!(top_level_id(b"not json"), None);
    }

    #[test]
    fn a_line_past_the_bound_is_read_through_not_kept() {
        let mut long = br#"{"jsonrpc":"2.0","id":5,"params":""#.to_vec();
        long.extend(std::iter::repeat_n(b'x', MAX_MESSAGE_BYTES));
        long.extend(b"\"}\n{\"id\":6}\n");
        let mut reader = std::io::BufReader::new(&long[..]);
        let mut buf = Vec::new();
        match read_line(&mut reader, &mut buf).unwrap() {
            Line::TooLong(n, id) => {
                assert_eq!(n, long.len() - b"{\"id\":6}\n".len());
                assert_eq!(id, Some(json!(5)));
            }
            _ => panic!("not cut"),
        }
        assert!(buf.len() <= MAX_MESSAGE_BYTES + 1);
        assert!(matches!(read_line(&mut reader, &mut buf).unwrap(), Line::Message));
        assert_eq!(buf, b"{\"id\":6}");
        assert!(matches!(read_line(&mut reader, &mut buf).unwrap(), Line::End));
    }
}
