//! The lake map erosion consults: the lake of every cell and where each lake drains.

use crate::algorithms::hydrology::{find_lakes, priority_flood, FloodOptions, NO_RECEIVER};
use crate::params::LakeFilter;

/// The lakes as erosion sees them: the lake of every cell and where each lake's outflow drains.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LakeIndex {
    /// Lake id per cell (0: none).
    pub id: Vec<u32>,
    /// Per lake id (index 0 unused): the cell below the outflow, or `NO_RECEIVER`.
    pub drain: Vec<u32>,
}

impl LakeIndex {
    /// The lakes of the pool part of `height` that pass `filter`; cells next to the outside of the
    /// pool (or the map border) drain out of it. `None` when the planes do not fit the size.
    pub fn build(
        height: &[f32],
        pool: &[bool],
        width: usize,
        depth: usize,
        filter: &LakeFilter,
    ) -> Option<Self> {
        let options = FloodOptions {
            domain: Some(pool),
            ..Default::default()
        };
        let flood = priority_flood(height, width, depth, options).ok()?;
        let map = find_lakes(height, &flood, filter, None).ok()?;
        let drain = std::iter::once(NO_RECEIVER)
            .chain(map.lakes.iter().map(|l| l.drain.unwrap_or(NO_RECEIVER)))
            .collect();
        Some(LakeIndex { id: map.id, drain })
    }
}
