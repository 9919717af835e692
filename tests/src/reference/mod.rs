//! Naive reference implementations, one module per game. Written from `docs/rules/*.md`
//! without looking at `parlor-core`: exhaustive enumeration instead of cleverness, so that a
//! disagreement with the core points at a real bug in one of them.

pub mod dominoes;
pub mod dominoes_round;
pub mod doudizhu;
pub mod doudizhu_round;
pub mod mahjong;
pub mod mahjong_round;
pub mod mahjong_score;
pub mod tichu;
pub mod tichu_round;
pub mod tichu_trick;
