//! The water region of a grid, held compactly: for every cell, whether the water mesh covers it
//! and with which body and river width (see [`cell_body`](super::cell_body)), as four bytes
//! indexing the few distinct pairs a map has.

use super::levels::{Body, CellSource};
use rayon::prelude::*;
use std::collections::HashMap;

/// Body and river width of every cell of the water region.
pub(crate) struct Region {
    /// Per cell: 0 outside the region, else `1 +` an index into `pairs`.
    codes: Vec<u32>,
    /// The distinct (body, river width) pairs, in the order the rows first show them.
    pairs: Vec<(Body, f32)>,
}

/// The key of a pair: its body and the bits of its width.
fn key((body, width): (Body, f32)) -> (u8, u32) {
    (body as u8, width.to_bits())
}

impl Region {
    /// The region of the cells of `src`, each read by `body(src, x, z)`.
    pub(crate) fn new<S: CellSource + Sync>(
        src: &S,
        body: impl Fn(&S, usize, usize) -> Option<(Body, f32)> + Sync,
    ) -> Self {
        let (w, d) = (src.width(), src.depth());
        let mut codes = vec![0u32; w * d];
        // Each row numbers its own pairs, then the rows' numbers are mapped to the map's.
        let local: Vec<Vec<(Body, f32)>> = (codes.par_chunks_mut(w.max(1)).enumerate())
            .with_min_len(crate::algorithms::threads::min_rows(w))
            .map(|(z, row)| {
                let mut pairs: Vec<(Body, f32)> = Vec::new();
                for (x, code) in row.iter_mut().enumerate() {
                    if let Some(pair) = body(src, x, z) {
                        let k = match pairs.iter().position(|&p| key(p) == key(pair)) {
                            Some(k) => k,
                            None => {
                                pairs.push(pair);
                                pairs.len() - 1
                            }
                        };
                        *code = k as u32 + 1;
                    }
                }
                pairs
            })
            .collect();
        let mut index: HashMap<(u8, u32), u32> = HashMap::new();
        let mut pairs = Vec::new();
        let maps: Vec<Vec<u32>> = (local.iter())
            .map(|row| {
                (row.iter())
                    .map(|&pair| {
                        *index.entry(key(pair)).or_insert_with(|| {
                            pairs.push(pair);
                            pairs.len() as u32
                        })
                    })
                    .collect()
            })
            .collect();
        let rows = codes.par_chunks_mut(w.max(1)).zip(&maps);
        rows.with_min_len(crate::algorithms::threads::min_rows(w))
            .for_each(|(row, map)| {
                for code in row.iter_mut().filter(|c| **c > 0) {
                    *code = map[*code as usize - 1];
                }
            });
        Region { codes, pairs }
    }

    /// Body and river width of cell `i`, or `None` outside the region.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<(Body, f32)> {
        match self.codes[i] {
            0 => None,
            k => Some(self.pairs[k as usize - 1]),
        }
    }
}
