//! The chunk figure: every level of every chunk of a 1024² map, against the one mesh of the
//! same map.

use super::median;
use donjourno::outputs::mesh::build_mesh;
use donjourno::outputs::mesh::chunks::ChunkBuilder;
use donjourno::params::MeshParams;

/// Times the chunk meshes (the default 256-cell chunks and four levels) of a generated 1024²
/// map, and its one mesh, and prints both with their vertex counts; returns the chunks' time as a
/// multiple of the one mesh's (`None` when the map could not be built).
pub(super) fn chunks(reps: usize) -> Option<f64> {
    let side = 1024u32;
    let (params, grid) = super::default_map("chunks", side)?;
    let mesh = params.mesh_params(MeshParams::default());
    let Ok(builder) = ChunkBuilder::new(&grid, &mesh) else {
        figure_failed!("chunks {side}²: the mesh settings were refused");
        return None;
    };
    let levels = builder.build_all();
    let vertices: usize = levels
        .iter()
        .flat_map(|(_, l)| l.iter().map(|m| m.vertex_count()))
        .sum();
    let chunked = median(reps, || drop(builder.build_all()));
    let one = median(reps, || drop(build_mesh(&grid, &mesh)));
    println!(
        "chunks {side}²: {} chunks × {} levels in {:.1} ms ({:.2} M vertices, skirts included); \
         the one mesh in {:.1} ms ({:.2} M vertices)",
        levels.len(),
        builder.layout.levels,
        chunked.as_secs_f64() * 1e3,
        vertices as f64 / 1e6,
        one.as_secs_f64() * 1e3,
        (side as f64).powi(2) * 6.0 / 1e6,
    );
    Some(chunked.as_secs_f64() / one.as_secs_f64())
}
