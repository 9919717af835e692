//! Reference for dominoes — work in progress.
