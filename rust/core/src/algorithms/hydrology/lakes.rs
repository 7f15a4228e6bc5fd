//! Lakes: the connected cells (8-neighbourhood) whose filled level lies above their height.

use super::{check_plane, receiver, Flood, HydrologyError, NO_RECEIVER};
pub use crate::data::water::Lake;
use crate::params::LakeFilter;

/// The lakes of a flood and the lake of every cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LakeMap {
    /// Lake id of every cell (0: no lake).
    pub id: Vec<u32>,
    /// The lakes, ordered by id.
    pub lakes: Vec<Lake>,
}

impl LakeMap {
    /// The lake holding `cell`, if any.
    pub fn lake_of(&self, cell: usize) -> Option<&Lake> {
        let id = *self.id.get(cell)?;
        id.checked_sub(1).and_then(|k| self.lakes.get(k as usize))
    }
}

/// Labels the lakes of a flood of `height`, keeps those that pass `filter` and lie wholly on
/// `allowed` cells (all cells when `None`; a depression reaching another cell stays dry), and
/// numbers them in the order the flood reached them.
///
/// Returns an error when `height` or `allowed` do not match the flood's grid.
pub fn find_lakes(
    height: &[f32],
    flood: &Flood,
    filter: &LakeFilter,
    allowed: Option<&[bool]>,
) -> Result<LakeMap, HydrologyError> {
    let (w, d) = (flood.width(), flood.depth());
    check_plane("height", height.len(), w, d)?;
    if let Some(allowed) = allowed {
        check_plane("allowed", allowed.len(), w, d)?;
    }
    let mut label = vec![0u32; height.len()];
    let mut waiting = Waiting::of(height, flood);
    let mut lakes = Vec::new();
    let mut fits = Vec::new();
    let mut stack = Vec::new();
    for &entry in &flood.order {
        let entry = entry as usize;
        if waiting.take(entry) {
            let id = lakes.len() as u32 + 1;
            let (lake, inside) = label_lake(
                height,
                flood,
                entry,
                id,
                allowed,
                (&mut label, &mut waiting),
                &mut stack,
            );
            lakes.push(lake);
            fits.push(inside);
        }
    }
    let kept = renumber(&mut lakes, &fits, filter);
    for l in label.iter_mut().filter(|l| **l != 0) {
        *l = kept[*l as usize - 1];
    }
    Ok(LakeMap { id: label, lakes })
}

/// The raised cells (filled above their height) not labelled yet, a bit each: the labelling walks
/// the flood order, which sweeps the whole map, and a bit plane stays in the caches where the
/// heights, levels and labels it would read instead do not.
struct Waiting(Vec<u64>);

impl Waiting {
    fn of(height: &[f32], flood: &Flood) -> Self {
        use rayon::prelude::*;
        crate::algorithms::threads::ensure_pool();
        let words = (height.par_chunks(64).zip(flood.filled.par_chunks(64)))
            .map(|(h, f)| {
                (h.iter().zip(f).enumerate())
                    .filter(|(_, (h, f))| f > h)
                    .fold(0u64, |word, (k, _)| word | 1 << k)
            })
            .collect();
        Waiting(words)
    }

    /// Whether `cell` is raised and not labelled yet, marking it labelled.
    #[inline]
    fn take(&mut self, cell: usize) -> bool {
        let (word, bit) = (&mut self.0[cell >> 6], 1u64 << (cell & 63));
        let waiting = *word & bit != 0;
        *word &= !bit;
        waiting
    }
}

/// Labels the lake reached first at `entry` with `id` (depth-first over raised cells), measures
/// it and tells whether all its cells are allowed.
fn label_lake(
    height: &[f32],
    flood: &Flood,
    entry: usize,
    id: u32,
    allowed: Option<&[bool]>,
    (label, waiting): (&mut [u32], &mut Waiting),
    stack: &mut Vec<usize>,
) -> (Lake, bool) {
    let (w, d) = (flood.width(), flood.depth());
    let level = flood.filled[entry];
    let outflow = flood.parent_of(entry).unwrap_or(entry);
    let drain = receiver(flood, outflow);
    let mut lake = Lake {
        id,
        level,
        cells: 0,
        max_depth: 0.0,
        lowest: entry as u32,
        outflow: outflow as u32,
        drain: (drain != NO_RECEIVER).then_some(drain),
        bounds: [u32::MAX, u32::MAX, 0, 0],
    };
    let mut inside = true;
    label[entry] = id;
    stack.push(entry);
    while let Some(cell) = stack.pop() {
        lake.cells += 1;
        inside &= allowed.is_none_or(|a| a[cell]);
        let depth = level - height[cell];
        if depth > lake.max_depth || (depth == lake.max_depth && (cell as u32) < lake.lowest) {
            lake.max_depth = depth;
            lake.lowest = cell as u32;
        }
        let (x, z) = ((cell % w) as u32, (cell / w) as u32);
        let b = &mut lake.bounds;
        *b = [b[0].min(x), b[1].min(z), b[2].max(x), b[3].max(z)];
        for k in 0..8 {
            if let Some(next) = super::neighbour(cell, k, w, d) {
                if waiting.take(next) {
                    label[next] = id;
                    stack.push(next);
                }
            }
        }
    }
    (lake, inside)
}

/// Drops the lakes that do not fit or fail the filter, renumbers the rest and returns the new id
/// of every old id (0 for dropped lakes).
fn renumber(lakes: &mut Vec<Lake>, fits: &[bool], filter: &LakeFilter) -> Vec<u32> {
    let mut kept = Vec::with_capacity(lakes.len());
    let mut next = 0;
    let mut fit = fits.iter();
    lakes.retain_mut(|lake| {
        let keep = fit.next() == Some(&true)
            && lake.cells >= filter.min_cells
            && lake.max_depth >= filter.min_depth
            && lake.level >= filter.sea_level;
        if keep {
            next += 1;
            lake.id = next;
        }
        kept.push(if keep { next } else { 0 });
        keep
    });
    kept
}

#[cfg(test)]
mod tests {
    use super::super::{priority_flood, FloodOptions};
    use super::*;

    #[rustfmt::skip]
    const TWO_PITS: [f32; 30] = [
        5.0, 5.0, 5.0, 5.0, 5.0, 5.0,
        5.0, 1.0, 1.5, 5.0, 3.9, 5.0,
        5.0, 2.0, 1.2, 5.0, 5.0, 5.0,
        5.0, 5.0, 4.0, 5.0, 5.0, 5.0,
        5.0, 5.0, 4.0, 5.0, 5.0, 5.0,
    ];

    #[test]
    fn lakes_have_levels_outflows_and_filters() {
        let f = priority_flood(&TWO_PITS, 6, 5, FloodOptions::default()).unwrap();
        let all = find_lakes(&TWO_PITS, &f, &LakeFilter::default(), None).unwrap();
        assert_eq!(all.lakes.len(), 2);
        let big = all.lake_of(7).unwrap();
        assert_eq!(
            (big.cells, big.level, big.max_depth, big.lowest),
            (4, 4.0, 3.0, 7)
        );
        assert_eq!(big.bounds, [1, 1, 2, 2]);
        // The spill is the gap at (2, 3), at the lake level; it drains to the border below.
        assert_eq!(big.outflow, 3 * 6 + 2);
        assert_eq!(big.drain, Some(4 * 6 + 2));
        let small = all.lake_of(10).unwrap();
        assert_eq!((small.cells, small.level), (1, 5.0));
        let filtered = find_lakes(
            &TWO_PITS,
            &f,
            &LakeFilter {
                min_cells: 2,
                ..Default::default()
            },
            None,
        )
        .unwrap();
        assert_eq!(filtered.lakes.len(), 1);
        assert_eq!(filtered.lakes[0].id, 1);
        assert_eq!(filtered.id[10], 0);
        assert_eq!(filtered.id[7], 1);
        let sea = LakeFilter {
            sea_level: 4.5,
            ..Default::default()
        };
        assert_eq!(
            find_lakes(&TWO_PITS, &f, &sea, None).unwrap().lakes.len(),
            1
        );
        let mut allowed = [true; 30];
        allowed[14] = false;
        let dry = find_lakes(&TWO_PITS, &f, &LakeFilter::default(), Some(&allowed)).unwrap();
        assert_eq!((dry.lakes.len(), dry.id[7], dry.id[10]), (1, 0, 1));
    }
}
