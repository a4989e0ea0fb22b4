//! What the core reads from its host, asked of JavaScript: environment variables and the clock.
//!
//! On `wasm32-unknown-unknown` the Rust standard library has no environment (every variable
//! reads as unset) and no clock (`SystemTime::now` panics). The core reads both for cursors
//! (`key_env`, and expiry against the clock when `now` is not given), so the glue asks
//! JavaScript instead: `process.env` where there is one (Node), nothing in a browser, and
//! `Date.now()`. Natively (the unit tests) the standard library answers.

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen(inline_js = "
export function agent_input_env_var(name) {
    const env = globalThis.process && globalThis.process.env;
    const value = env ? env[name] : undefined;
    return typeof value === 'string' ? value : undefined;
}
export function agent_input_now_ms() {
    return Date.now();
}
")]
    extern "C" {
        pub fn agent_input_env_var(name: &str) -> Option<String>;
        pub fn agent_input_now_ms() -> f64;
    }
}

/// The environment variable `name`, if the host has it set.
#[cfg(target_arch = "wasm32")]
pub fn env_var(name: &str) -> Option<String> {
    js::agent_input_env_var(name)
}

/// The environment variable `name`, if the host has it set.
#[cfg(not(target_arch = "wasm32"))]
pub fn env_var(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// Now, in whole unix seconds.
#[cfg(target_arch = "wasm32")]
pub fn now_secs() -> u64 {
    // Milliseconds since 1970 as a double: whole, non-negative and far below 2^53.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let secs = (js::agent_input_now_ms() / 1000.0).floor().max(0.0) as u64;
    secs
}

/// Now, in whole unix seconds.
#[cfg(not(target_arch = "wasm32"))]
pub fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
