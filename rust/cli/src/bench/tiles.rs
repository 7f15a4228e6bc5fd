//! The tiles figure: one 256-cell tile of the continent preset as an endless world, with and
//! without biomes (its apron included), and its mesh.

use donjourno::params::MeshParams;
use donjourno::world::{apron, generate_tile, TileCoord};
use donjourno::{GeneratorParams, WorldMode};
use std::time::Instant;

/// Times `reps` generations of 256-cell tiles (a different tile each time, so nothing is
/// reused) and prints the median, with the apron and the mesh time.
pub(super) fn tiles(reps: usize) {
    let Some(mut params) = GeneratorParams::preset("continent") else {
        println!("tiles: preset continent is missing");
        return;
    };
    params.world_mode = WorldMode::Infinite;
    params.tile_size = 256;
    for biomes in [false, true] {
        params.biomes.enabled = biomes;
        let mesh = params.mesh_params(MeshParams::default());
        let mut gen = Vec::new();
        let mut meshed = Vec::new();
        for i in 0..reps.max(1) {
            let start = Instant::now();
            let Ok(tile) = generate_tile(&params, TileCoord::new(i as i32, -(i as i32))) else {
                figure_failed!("tiles: the generation failed");
                return;
            };
            gen.push(start.elapsed());
            let start = Instant::now();
            if tile.mesh(&mesh).is_err() {
                figure_failed!("tiles: the mesh failed");
                return;
            }
            meshed.push(start.elapsed());
        }
        gen.sort();
        meshed.sort();
        let a = apron(&params);
        println!(
            "tile 256² (continent, infinite, biomes {}): apron {a} cells ({}² generated), generate {:.1} ms, mesh {:.1} ms",
            if biomes { "on" } else { "off" },
            256 + 2 * a,
            gen[gen.len() / 2].as_secs_f64() * 1e3,
            meshed[meshed.len() / 2].as_secs_f64() * 1e3,
        );
    }
}
