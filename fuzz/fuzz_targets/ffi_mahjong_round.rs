#![no_main]
// Riichi round and match through the C ABI vs the core: random state bytes, raw actions,
// statuses, the caller's state bytes equal to the core's encoding after every step.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::mahjong_round::FfiRoundCase| {
    parlor_conformance::check::mahjong_round::ffi_round(case)
});
