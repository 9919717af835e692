//! Reference for mahjong — work in progress.
