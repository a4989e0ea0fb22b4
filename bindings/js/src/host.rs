//! The host the core reads cursor keys and the clock from, asked of JavaScript.
//!
//! On `wasm32-unknown-unknown` the Rust standard library has no environment (every variable
//! reads as unset) and no clock (`SystemTime::now` panics), so the core's [`System`] host cannot
//! serve there. Every read, spec, tool, call, batch line and codec of the glue is given
//! [`JsHost`] instead ([`agent_input::context`]): `process.env` where there is one (Node),
//! nothing in a browser, and `Date.now()`. Natively (the unit tests) it is the process's.

#[cfg(not(target_arch = "wasm32"))]
use agent_input::context::System;
use agent_input::context::{Context, Host};

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

/// JavaScript's environment and clock, as the core's [`Host`].
#[derive(Clone, Copy, Debug, Default)]
pub struct JsHost;

/// A fresh read context on [`JsHost`]: one read's, one batch line's or one call's budgets.
pub fn context() -> Context<'static> {
    Context::new(&JsHost)
}

#[cfg(target_arch = "wasm32")]
impl Host for JsHost {
    fn var(&self, name: &str) -> Option<String> {
        js::agent_input_env_var(name)
    }

    fn now(&self) -> u64 {
        // Milliseconds since 1970 as a double: whole, non-negative and far below 2^53.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let secs = (js::agent_input_now_ms() / 1000.0).floor().max(0.0) as u64;
        secs
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Host for JsHost {
    fn var(&self, name: &str) -> Option<String> {
        System.var(name)
    }

    fn now(&self) -> u64 {
        System.now()
    }
}
