#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| agent_input_fuzz::checks::check_tool_spec_call(data));
