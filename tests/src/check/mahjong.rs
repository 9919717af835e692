//! Checkers for mahjong — work in progress.
