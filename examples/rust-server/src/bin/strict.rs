//! `strict-courts-server`: the plain rmcp server of [`PlainCourts`] without its one line, as its
//! author wrote it: rmcp's `Parameters<T>` refuse every model spelling. `agent-input proxy --
//! strict-courts-server` makes it lenient from outside (tests/proxy); it warns about a missing
//! `COURTS_CURSOR_KEY` as `plain-courts-server` does.

use std::process::ExitCode;

use agent_input_example_server::plain::PlainCourts;
use agent_input_example_server::{cursor_codec, serve_stdio};

#[tokio::main]
async fn main() -> ExitCode {
    // The key the plain server seals questions with is read (and its absence warned about) the
    // same way; the proxy in front seals its own with the same variable.
    let _ = cursor_codec("strict-courts-server");
    serve_stdio("strict-courts-server", PlainCourts::new()).await
}
