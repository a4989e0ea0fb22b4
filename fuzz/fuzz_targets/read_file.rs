#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| agent_input_fuzz::checks::check_read("file", data));
