//! Reference for doudizhu — work in progress.
