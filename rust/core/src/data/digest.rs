//! Fingerprints of large buffers: an xxh3 digest fed through a buffer, so that millions of small
//! values (the four bytes of a height, one byte of a class) reach the hash in large batches. xxh3
//! streams, so the digest is that of the bytes in order, whatever the batches.

use xxhash_rust::xxh3::Xxh3;

/// Bytes gathered before each update of the hash.
const BATCH: usize = 1 << 16;

/// An xxh3 digest fed through a buffer of 64 kB.
pub struct Digest {
    hash: Xxh3,
    buf: Vec<u8>,
}

impl Default for Digest {
    fn default() -> Self {
        Self::new()
    }
}

impl Digest {
    /// An empty digest.
    pub fn new() -> Self {
        Digest {
            hash: Xxh3::new(),
            buf: Vec::with_capacity(BATCH),
        }
    }

    /// Appends bytes. A run of a batch or more goes to the hash as it is (the stream hashes the
    /// same bytes in any pieces), not through a copy of a whole plane.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        if bytes.len() >= BATCH {
            self.hash.update(&self.buf);
            self.buf.clear();
            self.hash.update(bytes);
            return;
        }
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= BATCH {
            self.hash.update(&self.buf);
            self.buf.clear();
        }
    }

    /// Appends the little-endian bits of each value.
    pub fn f32s<'a>(&mut self, values: impl IntoIterator<Item = &'a f32>) {
        for v in values {
            self.bytes(&v.to_bits().to_le_bytes());
        }
    }

    /// Appends the little-endian bytes of each value.
    pub fn u32s<'a>(&mut self, values: impl IntoIterator<Item = &'a u32>) {
        for v in values {
            self.bytes(&v.to_le_bytes());
        }
    }

    /// Appends one byte per value.
    pub fn u8s(&mut self, values: impl IntoIterator<Item = u8>) {
        for v in values {
            self.bytes(&[v]);
        }
    }

    /// The 64-bit digest of everything appended.
    pub fn finish(mut self) -> u64 {
        self.hash.update(&self.buf);
        self.hash.digest()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_that_of_the_bytes_in_order() {
        let values: Vec<f32> = (0..100_000).map(|i| i as f32 * 0.37 - 5.0).collect();
        let mut d = Digest::new();
        d.bytes(&7u64.to_le_bytes());
        d.f32s(&values);
        d.u8s([1, 2, 3]);
        let mut whole = 7u64.to_le_bytes().to_vec();
        whole.extend(values.iter().flat_map(|v| v.to_bits().to_le_bytes()));
        whole.extend([1, 2, 3]);
        assert_eq!(d.finish(), xxhash_rust::xxh3::xxh3_64(&whole));
    }
}
