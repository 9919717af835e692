//! Checkers for doudizhu — work in progress.
