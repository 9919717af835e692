//! A tiny fixed-size open-addressing map from `u32` keys to small ids, used to number the pips
//! of a play order (pips are arbitrary `u32`s) and to spot duplicate tiles in O(1) per tile.
//! Linear probing; the table is at least twice the number of keys ever inserted, so a probe
//! sequence always ends at an empty slot.

/// The marker for "no id".
pub(crate) const NONE: u16 = u16::MAX;

/// The storage of a map `u32 -> u16` with `SLOTS` slots (a power of two); used through
/// [`Map`], which is the same code for every size.
#[derive(Clone)]
pub(crate) struct Table<const SLOTS: usize> {
    keys: [u32; SLOTS],
    ids: [u16; SLOTS],
}

impl<const SLOTS: usize> Table<SLOTS> {
    /// Probing masks the slot with `SLOTS - 1`, so the size must be a power of two.
    const SIZE_OK: () = assert!(SLOTS.is_power_of_two() && SLOTS <= 1 << 16);

    /// All-zero memory (cheap to set up in place, no large temporary): not usable until its
    /// [`Table::map`] is cleared.
    pub(crate) const fn new() -> Self {
        let () = Self::SIZE_OK;
        Table {
            keys: [0; SLOTS],
            ids: [0; SLOTS],
        }
    }

    /// A map over this storage: not usable until [`Map::clear`] (the check clears its maps
    /// first, so they are cleared once per call).
    pub(crate) fn map(&mut self) -> Map<'_> {
        Map {
            keys: &mut self.keys,
            ids: &mut self.ids,
            len: 0,
        }
    }
}

/// A map `u32 -> u16` over borrowed [`Table`] storage (`ids.len()` slots, a power of two).
pub(crate) struct Map<'a> {
    keys: &'a mut [u32],
    ids: &'a mut [u16],
    len: usize,
}

impl Map<'_> {
    pub(crate) fn clear(&mut self) {
        self.ids.fill(NONE);
        self.len = 0;
    }

    /// `slots - 1`: the slots are a power of two, so masking keeps a probe in range.
    fn mask(&self) -> usize {
        self.ids.len().saturating_sub(1)
    }

    fn start(&self, key: u32) -> usize {
        // Fibonacci hashing: the high bits of key * 2^32/phi.
        (key.wrapping_mul(0x9E37_79B9) >> 16) as usize & self.mask()
    }

    /// The id of `key`, if present.
    pub(crate) fn get(&self, key: u32) -> Option<u16> {
        let mask = self.mask();
        let mut slot = self.start(key);
        for _ in 0..self.ids.len() {
            let id = *self.ids.get(slot)?;
            if id == NONE {
                return None;
            }
            if *self.keys.get(slot)? == key {
                return Some(id);
            }
            slot = slot.wrapping_add(1) & mask;
        }
        None
    }

    /// The id of `key`, inserting it with id `fresh` if absent: `(id, inserted)`. `None` if
    /// the table is full (the callers size it so that this never happens).
    pub(crate) fn get_or_insert(&mut self, key: u32, fresh: u16) -> Option<(u16, bool)> {
        let mask = self.mask();
        let slots = self.ids.len();
        let mut slot = self.start(key);
        for _ in 0..slots {
            let (Some(id), Some(known)) = (self.ids.get_mut(slot), self.keys.get_mut(slot)) else {
                return None;
            };
            if *id == NONE {
                if self.len.saturating_mul(2) >= slots {
                    return None;
                }
                *id = fresh;
                *known = key;
                self.len = self.len.wrapping_add(1);
                return Some((fresh, true));
            }
            if *known == key {
                return Some((*id, false));
            }
            slot = slot.wrapping_add(1) & mask;
        }
        None
    }
}
