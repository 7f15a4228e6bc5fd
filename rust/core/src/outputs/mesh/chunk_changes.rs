//! Which chunks of a map a new grid changes: when a map of the same size is generated again with
//! the same mesh settings, only the chunks whose meshes read a changed cell are built again (a
//! stamp moved on a map without erosion changes the ground near it and the water downstream).

use super::chunk_layout::ChunkLayout;
use crate::data::grid::Grid;
use rayon::prelude::*;

/// Cells beyond a chunk's own that its mesh reads: a vertex averages the cells around its
/// corner, and the skirts and shore colours read the neighbours.
pub const CHUNK_MARGIN: usize = 2;

/// Whether cell `i` differs in anything a chunk mesh reads: height, roughness, terrain class,
/// colour, water (kind, level, surface) or ground splat.
fn cell_differs(old: &Grid, new: &Grid, i: usize) -> bool {
    old.height[i].to_bits() != new.height[i].to_bits()
        || old.roughness[i].to_bits() != new.roughness[i].to_bits()
        || old.terrain[i] != new.terrain[i]
        || old.color[i] != new.color[i]
        || old.water[i] != new.water[i]
        || old.water_level[i].to_bits() != new.water_level[i].to_bits()
        || old.ground_splat().get(i) != new.ground_splat().get(i)
}

/// Per chunk of `layout` ([`ChunkLayout::chunks`] order), whether its meshes differ between the
/// grids `old` and `new`: whether a cell of the chunk, or within [`CHUNK_MARGIN`] cells of it,
/// differs. Every chunk differs when the grids' sizes, sea levels, ground blending, roads or
/// towns differ (roads and towns are drawn across chunks).
pub fn changed_chunks(layout: &ChunkLayout, old: &Grid, new: &Grid) -> Vec<bool> {
    crate::algorithms::threads::ensure_pool();
    let chunks = layout.chunks();
    let (w, d) = (new.width(), new.depth());
    let whole = old.width() != w
        || old.depth() != d
        || layout.width != w
        || layout.depth != d
        || old.sea_level.to_bits() != new.sea_level.to_bits()
        || old.blends_ground() != new.blends_ground()
        || old.ground_splat().len() != new.ground_splat().len()
        || old.roads() != new.roads()
        || old.towns() != new.towns();
    if whole {
        return vec![true; chunks.len()];
    }
    let differs: Vec<bool> = (0..w * d)
        .into_par_iter()
        .map(|i| cell_differs(old, new, i))
        .collect();
    chunks
        .par_iter()
        .map(|c| {
            let (x0, z0) = (
                c.x0.saturating_sub(CHUNK_MARGIN),
                c.z0.saturating_sub(CHUNK_MARGIN),
            );
            let (x1, z1) = ((c.x1 + CHUNK_MARGIN).min(w), (c.z1 + CHUNK_MARGIN).min(d));
            (z0..z1).any(|z| differs[z * w + x0..z * w + x1].contains(&true))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::MeshParams;

    #[test]
    fn only_chunks_near_a_changed_cell_change() {
        let params = MeshParams {
            chunk_size: 16,
            ..Default::default()
        };
        let layout = ChunkLayout::new(64, 48, &params);
        let old = Grid::new(64, 48);
        assert!(!changed_chunks(&layout, &old, &old.clone()).contains(&true));
        // A cell in the middle of chunk (1, 1): that chunk only.
        let mut new = old.clone();
        new.height[24 * 64 + 24] = 1.0;
        let changed = changed_chunks(&layout, &old, &new);
        let which: Vec<usize> = (0..changed.len()).filter(|&i| changed[i]).collect();
        assert_eq!(which, [4 + 1]);
        // A cell one from a chunk's border: its neighbours across it too.
        let mut new = old.clone();
        new.water_level[31 * 64 + 33] = 0.5;
        let changed = changed_chunks(&layout, &old, &new);
        let which: Vec<usize> = (0..changed.len()).filter(|&i| changed[i]).collect();
        assert_eq!(which, [5, 6, 9, 10], "the four chunks around (32, 32)");
        // Another size: every chunk.
        let other = Grid::new(64, 32);
        assert!(changed_chunks(&layout, &other, &new).iter().all(|&c| c));
    }
}
