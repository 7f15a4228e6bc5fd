//! A tile's chunk meshes, surface queries and collision heights agree with its mesh and with its
//! neighbours.

use super::*;
use crate::outputs::mesh::chunks::ChunkBuilder;
use crate::params::MeshParams;

/// The continent preset as an endless world of 32-cell tiles, without biomes (quick to build).
fn world() -> GeneratorParams {
    let mut p = GeneratorParams::preset("continent").expect("built in");
    p.world_mode = WorldMode::Infinite;
    p.tile_size = 32;
    p.biomes.enabled = false;
    p
}

/// Mesh settings: two subdivisions, chunks of 16 cells with three levels.
fn mesh_params(params: &GeneratorParams) -> MeshParams {
    MeshParams {
        subdivisions: 2,
        chunk_size: 16,
        lod_levels: 3,
        ..params.mesh_params(MeshParams::default())
    }
}

#[test]
fn level_zero_of_the_chunks_is_the_tile_mesh_and_every_border_has_a_skirt() {
    let params = world();
    let tile = generate_tile(&params, TileCoord::new(3, -2)).expect("valid");
    let mp = mesh_params(&params);
    let whole = tile.mesh(&mp).expect("within budget");
    let builder = ChunkBuilder::for_tile(&tile, &mp).expect("within budget");
    assert_eq!(builder.layout.levels, 3);
    let mut surface = 0;
    for chunk in builder.layout.chunks() {
        let mesh = builder.build(&chunk, 0);
        let quads = (chunk.x1 - chunk.x0) * (chunk.z1 - chunk.z0) * 4;
        // Four borders of 16 cells × 2 sub-vertices, 12 skirt vertices per segment.
        assert_eq!(mesh.positions.len(), quads * 6 + 4 * 32 * 12, "{chunk:?}");
        for i in 0..quads * 6 {
            let p = mesh.positions[i];
            let found = whole.positions.iter().position(|q| *q == p);
            assert!(
                found.is_some(),
                "vertex {p:?} of {chunk:?} is on the tile mesh"
            );
        }
        surface += quads * 6;
    }
    assert_eq!(surface, whole.positions.len(), "the chunks cover the tile");
}

#[test]
fn neighbours_agree_on_their_shared_edge() {
    let params = world();
    let mp = mesh_params(&params);
    let (a, b) = (
        generate_tile(&params, TileCoord::new(0, 0)).expect("valid"),
        generate_tile(&params, TileCoord::new(1, 0)).expect("valid"),
    );
    let side = 32.0 * params.cell_size;
    let (ha, hb) = (
        a.corner_surface_heights(&mp).expect("valid"),
        b.corner_surface_heights(&mp).expect("valid"),
    );
    assert_eq!(ha.len(), 33 * 33);
    let mut differs = false;
    for z in 0..=32 {
        assert_eq!(
            ha[z * 33 + 32].to_bits(),
            hb[z * 33].to_bits(),
            "corner row {z}"
        );
        differs |= ha[z * 33 + 32] != ha[z * 33 + 31];
        for k in 0..4 {
            let pz = (z as f32 + k as f32 / 4.0) * params.cell_size;
            if pz > side {
                break;
            }
            let (sa, sb) = (
                a.surface_height(&mp, side, pz),
                b.surface_height(&mp, 0.0, pz),
            );
            assert_eq!(sa, sb, "surface at z = {pz}");
            assert!(sa.is_some());
        }
    }
    assert!(
        differs,
        "the edge is not flat, so the check means something"
    );
    assert_eq!(a.surface_height(&mp, side + 1.0, 0.0), None, "off the tile");
    let corner = a.surface_height(&mp, 3.0 * params.cell_size, 5.0 * params.cell_size);
    assert_eq!(
        corner,
        Some(ha[5 * 33 + 3]),
        "corner heights lie on the surface"
    );
}

#[test]
fn the_surface_queries_lie_on_the_tile_mesh() {
    let params = world();
    let tile = generate_tile(&params, TileCoord::new(-1, 2)).expect("valid");
    let mp = mesh_params(&params);
    let mesh = tile.mesh(&mp).expect("within budget");
    let surface = tile.surface(&mp).expect("valid settings");
    let mut checked = 0;
    for p in mesh.positions.iter().step_by(7) {
        let at = surface(p[0], p[2]).expect("on the tile");
        assert_eq!(at.to_bits(), p[1].to_bits(), "vertex {p:?}");
        assert_eq!(tile.surface_height(&mp, p[0], p[2]), Some(at));
        checked += 1;
    }
    assert!(checked > 1000, "{checked} vertices");
    let invalid = MeshParams {
        subdivisions: 0,
        ..mp
    };
    assert!(
        tile.surface(&invalid).is_none(),
        "invalid settings answer nothing"
    );
}
