//! Checkers for tichu — work in progress.
