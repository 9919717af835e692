//! A fixed-capacity text buffer (`fmt::Write`) for the runners' output: what the `parlor`
//! command would print, built without allocating.

use core::fmt;

/// Capacity of a [`Text`] in bytes: the longest expected output of any vector must fit
/// (an overflow is reported as a failure of that vector, never truncated silently).
pub const TEXT_CAPACITY: usize = 4096;

/// Text of at most [`TEXT_CAPACITY`] bytes; remembers whether anything did not fit.
pub struct Text {
    bytes: [u8; TEXT_CAPACITY],
    len: usize,
    overflowed: bool,
}

impl Default for Text {
    fn default() -> Self {
        Self::new()
    }
}

impl Text {
    /// An empty buffer.
    pub const fn new() -> Self {
        Text {
            bytes: [0; TEXT_CAPACITY],
            len: 0,
            overflowed: false,
        }
    }

    /// The text written so far (whole UTF-8 strings only, so it is always valid).
    pub fn as_str(&self) -> &str {
        self.bytes
            .get(..self.len)
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }

    /// Whether some write did not fit.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Empties the buffer.
    pub fn clear(&mut self) {
        self.len = 0;
        self.overflowed = false;
    }

    /// Removes one final line break, as `parlor check` does with the command's output.
    pub fn trim_final_newline(&mut self) {
        if self.as_str().ends_with('\n') {
            self.len -= 1;
        }
    }
}

impl fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // A zip, not `copy_from_slice`: at opt-level "z" the latter's length check is an
        // outlined call that keeps a panic path even when the lengths are equal.
        match self.bytes.get_mut(self.len..).and_then(|rest| rest.get_mut(..s.len())) {
            Some(dst) => {
                for (to, from) in dst.iter_mut().zip(s.as_bytes()) {
                    *to = *from;
                }
                self.len += s.len();
                Ok(())
            }
            None => {
                self.overflowed = true;
                Err(fmt::Error)
            }
        }
    }
}
