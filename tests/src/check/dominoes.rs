//! Checkers for dominoes — work in progress.
