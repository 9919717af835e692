//! Tichu (seed `000`, rulings `shared/spec/tichu.md`). Work in progress.
