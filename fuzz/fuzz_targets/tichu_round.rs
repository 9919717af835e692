#![no_main]
// A whole tichu round, the core against the naive reference: the generic round checker
// (parlor_conformance::check::round) with this game's adapter.
use parlor_conformance::check::{round, tichu_round as game};
libfuzzer_sys::fuzz_target!(|case: game::RoundCase| round::run::<game::Adapter>(case));
