//! Reference for tichu — work in progress.
