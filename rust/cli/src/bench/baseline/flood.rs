//! A plain Priority-Flood (Barnes, Lehman & Mulla 2014, Algorithm 1) on a binary heap.
//!
//! Every border cell is an outlet and enters the heap at its height. The lowest cell in the
//! heap leaves it; each of its eight neighbours not reached yet is filled to
//! `max(height, level of the cell it was reached from)` and enters the heap at that level. A
//! depression's cells are so reached from its rim and raised to its spill level: the filled
//! surface is the core's.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use donjourno::algorithms::hydrology::NEIGHBOURS;

/// A cell waiting in the heap at its filled level.
#[derive(Clone, Copy, Debug)]
struct Open {
    level: f32,
    cell: usize,
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    /// Reversed (the std heap is a max-heap): the lowest level first, by the total order of
    /// `f32`, then the lowest cell index.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .level
            .total_cmp(&self.level)
            .then(other.cell.cmp(&self.cell))
    }
}

/// The filled surface of a `width × depth` heightfield drained by its border: every cell at
/// `max(height, spill level of its depression)`.
pub fn fill(height: &[f32], width: usize, depth: usize) -> Vec<f32> {
    assert_eq!(height.len(), width * depth, "a width × depth heightfield");
    let mut filled = height.to_vec();
    let mut reached = vec![false; height.len()];
    let mut open = BinaryHeap::new();
    for cell in border(width, depth) {
        reached[cell] = true;
        open.push(Open {
            level: height[cell],
            cell,
        });
    }
    while let Some(Open { level, cell }) = open.pop() {
        for next in neighbours(cell, width, depth) {
            if !reached[next] {
                reached[next] = true;
                filled[next] = filled[next].max(level);
                open.push(Open {
                    level: filled[next],
                    cell: next,
                });
            }
        }
    }
    filled
}

/// The cells on the map's border, each once.
fn border(width: usize, depth: usize) -> impl Iterator<Item = usize> {
    (0..width * depth).filter(move |&i| {
        let (x, z) = (i % width, i / width);
        x == 0 || z == 0 || x + 1 == width || z + 1 == depth
    })
}

/// The (up to eight) neighbours of `cell` on the map.
fn neighbours(cell: usize, width: usize, depth: usize) -> impl Iterator<Item = usize> {
    let (x, z) = ((cell % width) as isize, (cell / width) as isize);
    NEIGHBOURS.iter().filter_map(move |&(dx, dz)| {
        let (nx, nz) = (x + dx as isize, z + dz as isize);
        let on_map = nx >= 0 && nz >= 0 && nx < width as isize && nz < depth as isize;
        on_map.then(|| nz as usize * width + nx as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::algorithms::hydrology::{priority_flood, FloodOptions};

    /// The core's filled surface.
    fn core_fill(height: &[f32], width: usize, depth: usize) -> Vec<f32> {
        priority_flood(height, width, depth, FloodOptions::default())
            .expect("sizes match")
            .filled
    }

    #[test]
    fn a_pit_fills_to_its_rim() {
        #[rustfmt::skip]
        let h = [
            5.0, 5.0, 5.0, 5.0,
            5.0, 1.0, 2.0, 5.0,
            5.0, 2.0, 1.0, 3.0,
            5.0, 5.0, 5.0, 5.0,
        ];
        let filled = fill(&h, 4, 4);
        for i in [5, 6, 9, 10] {
            assert_eq!(filled[i], 3.0, "cell {i} at the spill level");
        }
        assert_eq!(filled, core_fill(&h, 4, 4));
    }

    #[test]
    fn the_filled_surface_is_the_cores() {
        let noise = |seed: u64, len: usize| {
            let mut s = seed;
            (0..len)
                .map(|_| {
                    s = s
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    (s >> 40) as f32 / (1u64 << 24) as f32 * 10.0
                })
                .collect::<Vec<f32>>()
        };
        let (terrain, _) = crate::bench::kernels::pool_terrain(96);
        let maps = [
            (noise(1, 40 * 30), 40, 30),
            (noise(2, 17), 1, 17),
            (
                noise(3, 64 * 64).iter().map(|v| v.round()).collect(),
                64,
                64,
            ),
            (terrain, 96, 96),
        ];
        for (h, w, d) in maps {
            assert_eq!(fill(&h, w, d), core_fill(&h, w, d), "{w}×{d}");
        }
    }
}
