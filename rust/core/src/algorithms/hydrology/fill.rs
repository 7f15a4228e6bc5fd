//! Priority-Flood depression filling (Barnes, Lehman & Mulla 2014, "improved" variant).
//!
//! The flood starts from the outlets (the map border, and with a domain every domain cell next to
//! a cell outside it) and always grows from the lowest level reached so far. A neighbour above
//! the current level keeps its height and waits in a monotone radix heap keyed by
//! `(level bits, cell index)`; a neighbour at or below it is raised to the level (it lies in a
//! depression or on a flat) and waits in the level queue, which is drained before the heap moves
//! to a higher level. The heap's cells of the current level (the level's sources) leave before any
//! queued cell, so a flat drains towards all of its outlets at once.

use super::queue::{Dial, Fifo, LevelQueue, RadixHeap};
use super::{check_plane, prefetch, HydrologyError, NEIGHBOURS};

/// Parent code of an outlet cell: it drains off the map (or out of the domain).
pub const OUTLET: u8 = 8;
/// Parent code of a cell outside the domain; such cells are never flooded.
pub const OUTSIDE: u8 = 9;
/// Parent code of a cell not reached yet.
const UNVISITED: u8 = u8::MAX;

/// A filled surface and the flood that made it.
#[derive(Clone, Debug, PartialEq)]
pub struct Flood {
    width: usize,
    depth: usize,
    /// Filled level of every cell: `max(height, spill level of its depression)`, and the height
    /// itself outside the domain.
    pub filled: Vec<f32>,
    /// Every flooded cell in the order the flood reached it. Levels never decrease along it, and
    /// every cell comes after the neighbour it was reached from.
    pub order: Vec<u32>,
    /// For each cell, the direction code (see [`NEIGHBOURS`](super::NEIGHBOURS)) of the neighbour
    /// the flood reached it from, [`OUTLET`] for outlets or [`OUTSIDE`] outside the domain.
    pub parent: Vec<u8>,
}

impl Flood {
    /// Number of cells along x.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of cells along z.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Total number of cells.
    pub fn len(&self) -> usize {
        self.filled.len()
    }

    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.filled.is_empty()
    }

    /// The neighbour `cell` was reached from, or `None` for outlets and cells outside the domain.
    #[inline]
    pub fn parent_of(&self, cell: usize) -> Option<usize> {
        let k = self.parent[cell] as usize;
        (k < 8).then(|| super::step_to(cell, k, self.width))
    }
}

/// What to flood and how to drain flats.
#[derive(Clone, Copy, Debug, Default)]
pub struct FloodOptions<'a> {
    /// Only these cells take part; the others are outlets' surroundings (water reaching them
    /// leaves). `None`: the whole grid, drained by the map border.
    pub domain: Option<&'a [bool]>,
    /// Per-cell weights (1..=[`MAX_WEIGHT`](super::queue::MAX_WEIGHT)) that route flats along
    /// their cheapest corridors. `None`: flats drain breadth first (straight lines to the outlets).
    pub flat_weight: Option<&'a [u8]>,
}

/// Order-preserving `u32` key of a height: `level_key(a) < level_key(b)` exactly when `a < b`
/// (with `−0 = +0`).
#[inline]
pub fn level_key(h: f32) -> u32 {
    let bits = (h + 0.0).to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

/// The height whose [`level_key`] is `key` (`+0` for a zero height).
#[inline]
pub fn level_from_key(key: u32) -> f32 {
    f32::from_bits(if key >> 31 == 1 {
        key & 0x7fff_ffff
    } else {
        !key
    })
}

/// Fills the depressions of a `width × depth` heightfield.
///
/// Returns an error when a plane does not have `width · depth` values.
pub fn priority_flood(
    height: &[f32],
    width: usize,
    depth: usize,
    options: FloodOptions,
) -> Result<Flood, HydrologyError> {
    check_plane("height", height.len(), width, depth)?;
    if let Some(domain) = options.domain {
        check_plane("domain", domain.len(), width, depth)?;
    }
    Ok(match options.flat_weight {
        None => flood(height, width, depth, options.domain, &mut Fifo::default()),
        Some(weight) => {
            check_plane("flat weight", weight.len(), width, depth)?;
            flood(height, width, depth, options.domain, &mut Dial::new(weight))
        }
    })
}

/// The flood's working state. The filled plane starts as a copy of the heights, so a cell not
/// reached yet reads its own height there.
struct State {
    width: usize,
    depth: usize,
    filled: Vec<f32>,
    parent: Vec<u8>,
    /// One bit per cell, set once the cell is reached (or lies outside the domain): the hot
    /// check of the flood, small enough to stay in cache.
    reached: Vec<u64>,
    heap: RadixHeap,
}

impl State {
    /// Heap key of a cell waiting at its own height (its filled level until it is raised).
    #[inline]
    fn key(&self, cell: usize) -> u64 {
        (u64::from(level_key(self.filled[cell])) << 32) | cell as u64
    }

    /// Asks the processor to fetch the planes around `cell` (its row and the rows above and
    /// below) into the caches: the flood's front sweeps the whole map, so the next cells'
    /// neighbourhoods are rarely cached, and fetching them a few pops ahead overlaps the waits.
    #[inline(always)]
    fn prefetch(&self, cell: usize) {
        let w = self.width as isize;
        for row in [-w, 0, w] {
            let at = (cell as isize + row - 1) as usize;
            prefetch(self.filled.as_ptr().wrapping_add(at));
            prefetch(self.parent.as_ptr().wrapping_add(at));
        }
    }

    /// Reaches `next` from `cell` (direction `k` from `cell`), if not reached yet.
    #[inline(always)]
    fn reach<Q: LevelQueue>(&mut self, cell: usize, next: usize, k: usize, level: f32, q: &mut Q) {
        let (word, bit) = (next >> 6, 1u64 << (next & 63));
        if self.reached[word] & bit != 0 {
            return;
        }
        self.reached[word] |= bit;
        self.parent[next] = 7 - k as u8;
        // Unreached cells still hold their height in the filled plane: one plane is touched.
        if self.filled[next] <= level {
            self.filled[next] = level;
            q.push(next as u32, cell as u32, super::is_diagonal(k));
        } else {
            let key = self.key(next);
            self.heap.push(key);
        }
    }

    /// Reaches every neighbour of `cell`, whose filled level is `level`. Only outlets can lie on
    /// the map border, and only cells taken from the heap (`from_heap`) can be outlets, so every
    /// other cell has all eight neighbours.
    #[inline]
    fn expand<Q: LevelQueue>(&mut self, cell: usize, level: f32, from_heap: bool, q: &mut Q) {
        let (w, d) = (self.width, self.depth);
        if !from_heap || self.parent[cell] != OUTLET {
            let offsets = neighbour_offsets(w);
            for (k, off) in offsets.iter().enumerate() {
                let next = (cell as isize + off) as usize;
                self.reach(cell, next, k, level, q);
            }
        } else {
            for k in 0..8 {
                if let Some(next) = super::neighbour(cell, k, w, d) {
                    self.reach(cell, next, k, level, q);
                }
            }
        }
    }

    /// Marks cells outside the domain and queues the outlets.
    fn seed(&mut self, domain: Option<&[bool]>) {
        let (w, d) = (self.width, self.depth);
        for z in 0..d {
            for x in 0..w {
                let i = z * w + x;
                if domain.is_some_and(|m| !m[i]) {
                    self.parent[i] = OUTSIDE;
                    self.reached[i >> 6] |= 1 << (i & 63);
                    continue;
                }
                let border = x == 0 || z == 0 || x + 1 == w || z + 1 == d;
                if border || domain.is_some_and(|m| touches_outside(m, x, z, w)) {
                    self.parent[i] = OUTLET;
                    self.reached[i >> 6] |= 1 << (i & 63);
                    let key = self.key(i);
                    self.heap.push(key);
                }
            }
        }
    }
}

/// Pops of the level queue between fetching a cell's neighbourhood and expanding it.
const PREFETCH_AHEAD: usize = 8;

/// Index offsets of the eight neighbours in a grid `width` cells wide.
#[inline]
fn neighbour_offsets(width: usize) -> [isize; 8] {
    NEIGHBOURS.map(|(dx, dz)| dz as isize * width as isize + dx as isize)
}

/// Whether interior cell `(x, z)` has a neighbour outside the domain.
#[inline]
fn touches_outside(domain: &[bool], x: usize, z: usize, w: usize) -> bool {
    NEIGHBOURS.iter().any(|(dx, dz)| {
        let j = (z as isize + *dz as isize) as usize * w + (x as isize + *dx as isize) as usize;
        !domain[j]
    })
}

/// The Priority-Flood proper, generic over the level queue.
fn flood<Q: LevelQueue>(
    height: &[f32],
    width: usize,
    depth: usize,
    domain: Option<&[bool]>,
    queue: &mut Q,
) -> Flood {
    let n = width * depth;
    let mut s = State {
        width,
        depth,
        filled: height.to_vec(),
        parent: vec![UNVISITED; n],
        reached: vec![0; n.div_ceil(64)],
        heap: RadixHeap::new(),
    };
    s.seed(domain);
    let mut order = Vec::with_capacity(n);
    // The level being processed, as a key and as a height: every queued cell lies at it.
    let (mut key_level, mut level) = (0u32, 0.0f32);
    loop {
        let (cell, from_heap) = match s.heap.peek() {
            Some(key) if queue.is_empty() || (key >> 32) as u32 == key_level => {
                s.heap.pop();
                if let Some(later) = s.heap.peek() {
                    s.prefetch(later as u32 as usize);
                }
                if queue.is_empty() {
                    queue.start_level();
                }
                key_level = (key >> 32) as u32;
                level = level_from_key(key_level);
                let cell = key as u32;
                queue.source(cell);
                (cell, true)
            }
            _ => match queue.pop() {
                Some(cell) => {
                    if let Some(later) = queue.ahead(PREFETCH_AHEAD) {
                        s.prefetch(later as usize);
                    }
                    (cell, false)
                }
                None => break,
            },
        };
        order.push(cell);
        s.expand(cell as usize, level, from_heap, queue);
    }
    Flood {
        width,
        depth,
        filled: s.filled,
        order,
        parent: s.parent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_keys_follow_float_order() {
        let values = [-3.0f32, -1e-30, -0.0, 0.0, 1e-30, 0.5, 1.0, 1000.0];
        for w in values.windows(2) {
            assert!(level_key(w[0]) <= level_key(w[1]), "{w:?}");
        }
        assert_eq!(level_key(-0.0), level_key(0.0));
        for v in values {
            assert_eq!(level_from_key(level_key(v)), v + 0.0);
        }
    }

    #[test]
    fn a_pit_is_filled_to_its_rim() {
        #[rustfmt::skip]
        let h = [
            5.0, 5.0, 5.0, 5.0, 5.0,
            5.0, 3.0, 3.0, 3.0, 5.0,
            5.0, 3.0, 1.0, 3.0, 5.0,
            5.0, 3.0, 3.0, 3.0, 2.0,
            5.0, 5.0, 5.0, 5.0, 5.0,
        ];
        let f = priority_flood(&h, 5, 5, FloodOptions::default()).unwrap();
        assert_eq!(f.filled[12], 3.0);
        assert_eq!(f.order.len(), 25);
        assert_eq!(f.parent[0], OUTLET);
        // The pit is reached from a rim cell at level 3.
        let p = f.parent_of(12).unwrap();
        assert_eq!(f.filled[p], 3.0);
    }

    #[test]
    fn domain_cells_next_to_the_outside_are_outlets() {
        let h = [1.0f32; 9];
        let mut domain = [true; 9];
        domain[0] = false;
        let f = priority_flood(
            &h,
            3,
            3,
            FloodOptions {
                domain: Some(&domain),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(f.parent[0], OUTSIDE);
        assert_eq!(f.parent[4], OUTLET);
        assert_eq!(f.order.len(), 8);
        assert!(priority_flood(&h, 4, 3, FloodOptions::default()).is_err());
    }
}
