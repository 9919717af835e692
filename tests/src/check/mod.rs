//! Differential checkers: one `arbitrary` case in, a panic on any disagreement between the core,
//! the C ABI and the reference. The fuzz targets in `fuzz/` call these; so does `cargo test`.

pub mod dominoes;
pub mod dominoes_round;
pub mod doudizhu;
pub mod doudizhu_round;
pub mod ffi_round;
pub mod mahjong;
pub mod mahjong_round;
pub mod mahjong_score;
pub mod round;
pub mod tichu;
pub mod tichu_round;
