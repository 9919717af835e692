//! Naive reference implementations, one module per game. Written from `docs/rules/*.md`
//! without looking at `parlor-core`: exhaustive enumeration instead of cleverness, so that a
//! disagreement with the core points at a real bug in one of them.

pub mod dominoes;
pub mod dominoes_round;
pub mod doudizhu;
pub mod doudizhu_round;
pub mod mahjong;
pub mod mahjong_round;
pub mod mahjong_score;
pub mod tichu;
pub mod tichu_round;
pub mod tichu_trick;

/// A cheap hasher for the references' remembered answers (keys of packed counts): SipHash costs
/// more than the lookup saves under the fuzzers' instrumentation. Not for untrusted keys.
#[derive(Default, Clone, Copy)]
pub struct QuickBuild;

/// The hasher of [`QuickBuild`]: a multiply-xorshift round per eight bytes.
pub struct Quick(u64);

impl Quick {
    fn mix(&mut self, x: u64) {
        let z = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = z ^ (z >> 29);
    }
}

impl std::hash::BuildHasher for QuickBuild {
    type Hasher = Quick;
    fn build_hasher(&self) -> Quick {
        Quick(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Quick {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(word) ^ (rest.len() as u64) << 59);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.mix(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.mix(x as u64);
    }
}
