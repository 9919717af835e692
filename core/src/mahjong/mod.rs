//! Mahjong waits, shanten and ukeire (seed `003`, rulings `shared/spec/mahjong.md`). Work in progress.
