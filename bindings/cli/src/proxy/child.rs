//! A server started as the proxy's child: its stdin and stdout carry one relay's messages, its
//! stderr is passed on to the proxy's (its last lines kept to explain an exit).

use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::frame::{self, Line, MAX_MESSAGE_BYTES};
use super::relay::{log, Out, Pipe, Relay};
use super::SHUTDOWN_GRACE_MS;
use crate::mcp::Group;

/// What is told when the server stopped on its own: the message every request in flight was
/// answered with.
pub type OnExit = Box<dyn FnOnce(String) + Send>;

/// A running server and the relay that speaks to it.
pub struct Child {
    /// The session's relay (its client side is the proxy's).
    pub relay: Arc<Relay>,
    group: Arc<Mutex<Group>>,
    closing: Arc<AtomicBool>,
}

impl Child {
    /// Starts `command` (its program and arguments) and a relay to it made by `relay`, given the
    /// server's side. When the server exits on its own, every request in flight is answered
    /// with a JSON-RPC error naming the exit status and the last lines of its stderr, then
    /// `on_exit` is called with that message.
    ///
    /// # Errors
    /// The command did not start (the reason).
    pub fn start(
        command: &[String],
        relay: impl FnOnce(Box<dyn Out>) -> Arc<Relay>,
        on_exit: OnExit,
    ) -> Result<Self, String> {
        let Some((program, args)) = command.split_first() else {
            return Err("proxy: name the server's command after `--`".into());
        };
        let mut cmd = Command::new(program);
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let shown = command.join(" ");
        let mut group = Group::spawn(&mut cmd).map_err(|e| format!("cannot start `{shown}`: {e}"))?;
        let child = group.child();
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            group.kill();
            return Err(format!("`{shown}`: no pipes to the server"));
        };
        let tail = Arc::new(Mutex::new((VecDeque::new(), false)));
        let stderr_done = {
            let tail = Arc::clone(&tail);
            std::thread::spawn(move || crate::mcp::keep_tail(stderr, &tail, true))
        };
        let relay = relay(Box::new(Pipe::new(Box::new(stdin))));
        let reader = {
            let relay = Arc::clone(&relay);
            std::thread::spawn(move || read_server(stdout, &relay))
        };
        let group = Arc::new(Mutex::new(group));
        let closing = Arc::new(AtomicBool::new(false));
        {
            // The server's output ended: it exited (or closed it). Answer what is in flight.
            let relay = Arc::clone(&relay);
            let group = Arc::clone(&group);
            let closing = Arc::clone(&closing);
            std::thread::spawn(move || {
                let _ = reader.join();
                // Ended by the proxy (`end`, or dropped): nothing more to do. Else this thread
                // ends it, once.
                if closing.swap(true, Ordering::SeqCst) {
                    return;
                }
                let status = wait_for(&group, Duration::from_millis(SHUTDOWN_GRACE_MS));
                let _ = stderr_done.join();
                let message = stopped_message(&shown, status, &tail);
                log(&message);
                relay.server_gone(&message);
                group.lock().unwrap_or_else(PoisonError::into_inner).kill();
                on_exit(message);
            });
        }
        Ok(Self { relay, group, closing })
    }

    /// Ends the server: its input closed, then its whole group ended after
    /// [`SHUTDOWN_GRACE_MS`] (blocks that long at most).
    pub fn end(&self) {
        if self.closing.swap(true, Ordering::SeqCst) {
            return; // already ended (it exited on its own, or was ended before)
        }
        self.relay.close_server();
        let _ = wait_for(&self.group, Duration::from_millis(SHUTDOWN_GRACE_MS));
        self.group.lock().unwrap_or_else(PoisonError::into_inner).kill();
    }
}

impl Drop for Child {
    /// A server not ended by [`Child::end`] (a session dropped before it began, say) is ended
    /// now, without the grace: no process outlives its session.
    fn drop(&mut self) {
        if !self.closing.swap(true, Ordering::SeqCst) {
            self.relay.close_server();
            self.group.lock().unwrap_or_else(PoisonError::into_inner).kill();
        }
    }
}

/// Reads the server's messages until its output ends.
fn read_server(stdout: impl Read, relay: &Relay) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        match frame::read_line(&mut reader, &mut line) {
            Ok(Line::Message) if line.iter().all(u8::is_ascii_whitespace) => {}
            Ok(Line::Message) => relay.server_line(&line),
            Ok(Line::TooLong(bytes, id)) => {
                let message = format!(
                    "the server sent a message of {bytes} bytes, more than MAX_MESSAGE_BYTES ({MAX_MESSAGE_BYTES}); \
                     it was not passed on"
                );
                log(&message);
                if let Some(id) = id {
                    relay.answer_instead(&id, &message);
                }
            }
            Ok(Line::End) | Err(_) => return,
        }
    }
}

/// Waits at most `grace` for the server to exit; its status, or `None`.
fn wait_for(group: &Mutex<Group>, grace: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + grace;
    let mut group = group.lock().unwrap_or_else(PoisonError::into_inner);
    group.wait_until(deadline)
}

/// What the client is told of a server that stopped.
fn stopped_message(
    command: &str,
    status: Option<std::process::ExitStatus>,
    tail: &Mutex<(VecDeque<u8>, bool)>,
) -> String {
    let status = status.map_or_else(|| "closed its output".to_string(), |s| format!("exited ({s})"));
    let lines = tail.lock().map(|t| crate::mcp::tail_lines(&t.0, t.1)).unwrap_or_default();
    if lines.is_empty() {
        return format!("the server `{command}` {status} before answering; it wrote nothing to stderr");
    }
    format!("the server `{command}` {status} before answering; its stderr ended with:\n{}", lines.join("\n"))
}
