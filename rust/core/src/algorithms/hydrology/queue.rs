//! The queues of the Priority-Flood: a monotone radix heap for cells above the current level and
//! two queues for cells at the current level (a plain FIFO, or Dial's bucket queue when flats are
//! routed by cost).
//!
//! Every queue is deterministic: the heap orders by a unique 64-bit key (level bits, cell index),
//! and the level queues hand cells out in an order fixed by their pushes.

/// Radix heap buckets: bucket 0 holds the key equal to the last popped key; bucket
/// `1 + 256·j + v` the keys whose highest byte differing from it is byte `j`, with value `v` there.
const BUCKETS: usize = 1 + 8 * 256;
/// 64-bit words of the occupancy bitmap.
const WORDS: usize = BUCKETS.div_ceil(64);

/// A monotone priority queue of `u64` keys (a radix heap over bytes): every pushed key must be at
/// least the last popped key, which the Priority-Flood guarantees because it only pushes cells
/// above the level being processed.
///
/// A key's bucket is fixed by the highest byte in which it differs from the last popped key and
/// that byte's value, so buckets are ordered and the minimum lies in the lowest occupied one
/// (found through a two-level bitmap). Popping from a bucket spreads its keys over buckets of
/// lower bytes, so a key moves at most eight times; each bucket remembers its minimum, so peeking
/// is `O(1)` and does not disturb the heap.
#[derive(Clone, Debug)]
pub struct RadixHeap {
    last: u64,
    len: usize,
    summary: u64,
    occupied: [u64; WORDS],
    mins: Vec<u64>,
    buckets: Vec<Vec<u64>>,
}

impl Default for RadixHeap {
    fn default() -> Self {
        RadixHeap {
            last: 0,
            len: 0,
            summary: 0,
            occupied: [0; WORDS],
            mins: vec![u64::MAX; BUCKETS],
            buckets: vec![Vec::new(); BUCKETS],
        }
    }
}

impl RadixHeap {
    /// An empty heap.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of keys held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the heap is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        let x = key ^ self.last;
        if x == 0 {
            return 0;
        }
        let byte = (63 - x.leading_zeros()) / 8;
        1 + 256 * byte as usize + ((key >> (8 * byte)) & 0xff) as usize
    }

    #[inline]
    fn put(&mut self, key: u64) {
        let b = self.bucket(key);
        self.buckets[b].push(key);
        self.mins[b] = self.mins[b].min(key);
        self.occupied[b / 64] |= 1 << (b % 64);
        self.summary |= 1 << (b / 64);
    }

    #[inline]
    fn clear(&mut self, b: usize) {
        self.mins[b] = u64::MAX;
        self.occupied[b / 64] &= !(1 << (b % 64));
        if self.occupied[b / 64] == 0 {
            self.summary &= !(1 << (b / 64));
        }
    }

    /// The lowest occupied bucket.
    #[inline]
    fn lowest(&self) -> Option<usize> {
        (self.summary != 0).then(|| {
            let w = self.summary.trailing_zeros() as usize;
            w * 64 + self.occupied[w].trailing_zeros() as usize
        })
    }

    /// Adds a key, which must not be below the last popped key (the heap is monotone).
    #[inline]
    pub fn push(&mut self, key: u64) {
        debug_assert!(key >= self.last, "radix heap keys must not decrease");
        self.put(key);
        self.len += 1;
    }

    /// The smallest key, without removing it.
    #[inline]
    pub fn peek(&self) -> Option<u64> {
        self.lowest().map(|b| self.mins[b])
    }

    /// Removes and returns the smallest key.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        let b = self.lowest()?;
        if b != 0 {
            self.redistribute(b);
        }
        let key = self.buckets[0].pop();
        if self.buckets[0].is_empty() {
            self.clear(0);
        }
        self.len -= 1;
        key
    }

    /// Makes the minimum of bucket `b` the new reference key and spreads the bucket's keys over
    /// the buckets of lower bytes.
    fn redistribute(&mut self, b: usize) {
        self.last = self.mins[b];
        let mut keys = std::mem::take(&mut self.buckets[b]);
        self.clear(b);
        for &key in &keys {
            self.put(key);
        }
        keys.clear();
        self.buckets[b] = keys;
    }
}

/// Cells waiting at the level being processed.
pub trait LevelQueue {
    /// Starts a new level: the queue is empty and the next cell popped from the heap is a source
    /// of this level.
    fn start_level(&mut self);
    /// Records that `cell` was taken from the heap (a source of the current level).
    fn source(&mut self, cell: u32);
    /// Queues `cell`, reached from `from` (straight or diagonal step).
    fn push(&mut self, cell: u32, from: u32, diagonal: bool);
    /// The next cell of the current level.
    fn pop(&mut self) -> Option<u32>;
    /// Whether no cell of the current level is waiting.
    fn is_empty(&self) -> bool;
    /// A cell that leaves `k` pops from now, if the queue knows it without searching (the flood
    /// fetches its neighbourhood into the caches ahead of time; any answer is correct).
    fn ahead(&self, k: usize) -> Option<u32>;
}

/// First in, first out: cells of a level leave in the order they were reached (breadth first from
/// the level's sources), as in Barnes et al.'s improved Priority-Flood.
#[derive(Clone, Debug, Default)]
pub struct Fifo {
    cells: Vec<u32>,
    head: usize,
}

impl LevelQueue for Fifo {
    #[inline]
    fn start_level(&mut self) {
        self.cells.clear();
        self.head = 0;
    }

    #[inline]
    fn source(&mut self, _cell: u32) {}

    #[inline]
    fn push(&mut self, cell: u32, _from: u32, _diagonal: bool) {
        self.cells.push(cell);
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        let cell = self.cells.get(self.head).copied();
        self.head += usize::from(cell.is_some());
        cell
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.head == self.cells.len()
    }

    #[inline]
    fn ahead(&self, k: usize) -> Option<u32> {
        self.cells.get(self.head + k).copied()
    }
}

/// Largest per-cell weight of a [`Dial`] queue.
pub const MAX_WEIGHT: u8 = 40;
/// Cost factor of a straight step; a diagonal step costs [`DIAGONAL_STEP`] (3/2 ≈ √2).
pub const STRAIGHT_STEP: u32 = 2;
/// Cost factor of a diagonal step.
pub const DIAGONAL_STEP: u32 = 3;
/// Ring size of a [`Dial`] queue: a power of two above the largest step cost.
const RING: usize = 128;
const _: () = assert!((MAX_WEIGHT as usize) * (DIAGONAL_STEP as usize) < RING);

/// Dial's bucket queue: cells of a level leave in order of their path cost from the level's
/// sources, where entering a cell costs its weight (1..=[`MAX_WEIGHT`]) times the step factor.
/// Flats are then drained along the cheapest corridors of the weight field instead of straight
/// lines. Every operation is `O(1)`; the cells waiting span fewer than `RING` costs, so a cell's
/// cost is the ring position it leaves from and needs no storage.
#[derive(Clone, Debug)]
pub struct Dial<'a> {
    weight: &'a [u8],
    ring: Vec<Fifo>,
    cursor: u32,
    current: u32,
    len: usize,
}

impl<'a> Dial<'a> {
    /// A queue over cells with the given weights (values are clamped to 1..=[`MAX_WEIGHT`]).
    pub fn new(weight: &'a [u8]) -> Self {
        Dial {
            weight,
            ring: vec![Fifo::default(); RING],
            cursor: 0,
            current: 0,
            len: 0,
        }
    }
}

impl LevelQueue for Dial<'_> {
    #[inline]
    fn start_level(&mut self) {
        self.cursor = 0;
    }

    #[inline]
    fn source(&mut self, _cell: u32) {
        self.current = 0;
    }

    #[inline]
    fn push(&mut self, cell: u32, _from: u32, diagonal: bool) {
        let w = u32::from(self.weight[cell as usize].clamp(1, MAX_WEIGHT));
        let step = w * if diagonal {
            DIAGONAL_STEP
        } else {
            STRAIGHT_STEP
        };
        self.ring[(self.current + step) as usize % RING]
            .cells
            .push(cell);
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        loop {
            let bucket = &mut self.ring[self.cursor as usize % RING];
            if let Some(cell) = bucket.pop() {
                self.len -= 1;
                self.current = self.cursor;
                return Some(cell);
            }
            bucket.start_level();
            self.cursor += 1;
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn ahead(&self, k: usize) -> Option<u32> {
        self.ring[self.cursor as usize % RING].ahead(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_heap_pops_in_key_order_with_interleaved_pushes() {
        let mut state = 12345u64;
        let mut next = || {
            state = crate::algorithms::seed::mix64(state);
            state
        };
        let mut heap = RadixHeap::new();
        let mut reference = std::collections::BinaryHeap::new();
        let mut last = 0;
        for round in 0..2000 {
            for _ in 0..(next() % 4) {
                let key = last + (next() >> (next() % 64));
                heap.push(key);
                reference.push(std::cmp::Reverse(key));
            }
            if round % 3 != 0 {
                assert_eq!(heap.peek(), reference.peek().map(|r| r.0));
                let popped = heap.pop();
                assert_eq!(popped, reference.pop().map(|r| r.0));
                last = popped.unwrap_or(last);
            }
            assert_eq!(heap.len(), reference.len());
        }
        while let Some(k) = reference.pop() {
            assert_eq!(heap.pop(), Some(k.0));
        }
        assert!(heap.is_empty() && heap.pop().is_none() && heap.peek().is_none());
    }

    #[test]
    fn dial_pops_by_cost_and_fifo_by_arrival() {
        let weights = [1u8, 5, 2, 1, 40];
        let mut d = Dial::new(&weights);
        d.start_level();
        d.source(0);
        d.push(1, 0, false); // 10
        d.push(2, 0, true); // 6
        d.push(3, 0, false); // 2
        assert_eq!(d.pop(), Some(3));
        d.push(4, 3, false); // 2 + 80
        assert_eq!(d.pop(), Some(2));
        assert_eq!(d.pop(), Some(1));
        assert_eq!(d.pop(), Some(4));
        assert!(d.is_empty() && d.pop().is_none());
        let mut f = Fifo::default();
        f.start_level();
        for c in [4, 2, 9] {
            f.push(c, 0, false);
        }
        assert_eq!(
            [f.pop(), f.pop(), f.pop(), f.pop()],
            [Some(4), Some(2), Some(9), None]
        );
        assert!(f.is_empty());
    }
}
