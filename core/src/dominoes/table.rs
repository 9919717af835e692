//! A tiny fixed-size open-addressing map from `u32` keys to small ids, used to number the pips
//! of a play order (pips are arbitrary `u32`s) and to spot duplicate tiles in O(1) per tile.
//! Linear probing; the table is at least twice the number of keys ever inserted, so a probe
//! sequence always ends at an empty slot.

/// The marker for "no id".
pub(crate) const NONE: u16 = u16::MAX;

/// A map `u32 -> u16` with `SLOTS` slots (a power of two).
#[derive(Clone)]
pub(crate) struct Table<const SLOTS: usize> {
    keys: [u32; SLOTS],
    ids: [u16; SLOTS],
    len: usize,
}

impl<const SLOTS: usize> Table<SLOTS> {
    /// `index & MASK` is always in bounds, which lets the optimizer drop every bounds check.
    const MASK: usize = {
        assert!(SLOTS.is_power_of_two() && SLOTS <= 1 << 16);
        SLOTS - 1
    };

    /// All-zero memory (cheap to set up in place, no large temporary): not usable until
    /// [`Table::clear`], which every user calls first.
    pub(crate) const fn new() -> Self {
        Table {
            keys: [0; SLOTS],
            ids: [0; SLOTS],
            len: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.ids.fill(NONE);
        self.len = 0;
    }

    fn start(key: u32) -> usize {
        // Fibonacci hashing: the high bits of key * 2^32/phi.
        (key.wrapping_mul(0x9E37_79B9) >> 16) as usize & Self::MASK
    }

    /// The id of `key`, if present.
    pub(crate) fn get(&self, key: u32) -> Option<u16> {
        let mut slot = Self::start(key);
        for _ in 0..SLOTS {
            let id = self.ids[slot & Self::MASK];
            if id == NONE {
                return None;
            }
            if self.keys[slot & Self::MASK] == key {
                return Some(id);
            }
            slot = (slot + 1) & Self::MASK;
        }
        None
    }

    /// The id of `key`, inserting it with id `fresh` if absent: `(id, inserted)`. `None` if
    /// the table is full (the callers size it so that this never happens).
    pub(crate) fn get_or_insert(&mut self, key: u32, fresh: u16) -> Option<(u16, bool)> {
        let mut slot = Self::start(key);
        for _ in 0..SLOTS {
            let index = slot & Self::MASK;
            let id = self.ids[index];
            if id == NONE {
                if self.len.saturating_mul(2) >= SLOTS {
                    return None;
                }
                self.keys[index] = key;
                self.ids[index] = fresh;
                self.len += 1;
                return Some((fresh, true));
            }
            if self.keys[index] == key {
                return Some((id, false));
            }
            slot = (slot + 1) & Self::MASK;
        }
        None
    }
}
