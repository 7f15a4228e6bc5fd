//! The meshes of a map drawn in chunks, and their water, in Godot's surface layout
//! ([`super::encode_mesh`], [`super::encode_water`]), built in parallel.

use super::{encode_mesh, encode_water, SurfaceData};
use crate::outputs::mesh::chunks::{Chunk, ChunkBuilder};
use crate::outputs::mesh::water_surface::WaterLevels;
use rayon::prelude::*;

/// Every level of every chunk in Godot's surface layout, built in parallel, each mesh encoded
/// as soon as it is built (the core's 40 bytes a vertex never pile up): `result[i][level]` for
/// chunk `builder.layout.chunks()[i]`.
pub fn chunk_surfaces(builder: &ChunkBuilder<'_>) -> Vec<(Chunk, Vec<SurfaceData>)> {
    let every = vec![true; builder.layout.chunks().len()];
    chunk_surfaces_of(builder, &every)
}

/// [`chunk_surfaces`] of the chunks that `which` marks only (`which[i]` for chunk
/// `builder.layout.chunks()[i]`, see
/// [`changed_chunks`](crate::outputs::mesh::chunk_changes::changed_chunks)), in chunk order.
pub fn chunk_surfaces_of(
    builder: &ChunkBuilder<'_>,
    which: &[bool],
) -> Vec<(Chunk, Vec<SurfaceData>)> {
    crate::algorithms::threads::ensure_pool();
    let levels = builder.layout.levels;
    let chunks: Vec<Chunk> = (builder.layout.chunks().into_iter())
        .zip(which)
        .filter_map(|(c, &w)| w.then_some(c))
        .collect();
    chunks
        .into_par_iter()
        .map(|c| {
            let surfaces = (0..levels)
                .map(|l| encode_mesh(&builder.build(&c, l)))
                .collect();
            (c, surfaces)
        })
        .collect()
}

/// One level of every chunk in Godot's surface layout, built in parallel: `result[i]` for chunk
/// `builder.layout.chunks()[i]` (for maps whose chunks hold one level each).
pub fn chunk_surfaces_at(builder: &ChunkBuilder<'_>, level: u32) -> Vec<(Chunk, SurfaceData)> {
    crate::algorithms::threads::ensure_pool();
    builder
        .layout
        .chunks()
        .into_par_iter()
        .map(|c| (c, encode_mesh(&builder.build(&c, level))))
        .collect()
}

/// The water of every chunk at each of `levels` in Godot's water layout, built in parallel:
/// `(chunk index, level, surface)` in chunk order, then level order.
pub fn water_surfaces(lod: &WaterLevels, levels: &[u32]) -> Vec<(usize, u32, SurfaceData)> {
    crate::algorithms::threads::ensure_pool();
    let chunks = lod.layout.chunks();
    (0..chunks.len() * levels.len())
        .into_par_iter()
        .map(|k| {
            let (index, level) = (k / levels.len(), levels[k % levels.len()]);
            (
                index,
                level,
                encode_water(&lod.build(&chunks[index], level)),
            )
        })
        .collect()
}
