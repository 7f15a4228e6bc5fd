//! The diorama base ([`MeshParams::diorama_base`]): four side walls from the surface edge down to
//! a base level and a bottom face, so that a bounded map looks like a finished tabletop piece.
//!
//! The base level lies [`MeshParams::diorama_depth`] height units below the lowest vertex of the
//! whole surface (roughness jitter included), so the bottom face is under every point of the
//! surface. Each wall follows the surface edge at full subdivision resolution: its top vertices
//! are the surface's edge vertices, bit for bit, so walls and surface meet without a crack.
//!
//! Every micro-column of a wall (one edge segment of the surface) is split into horizontal bands:
//! a soil band [`SOIL_THICKNESS`] deep under the surface, then [`ROCK_BANDS`] rock strata whose
//! boundaries lie at fixed levels around the whole map (so strata continue around corners),
//! spread between the base level and the mean bottom of the soil band along the edge; the top
//! stratum reaches up under higher ground. Where a column is lower than a stratum, the stratum's
//! quad collapses to zero height, so the vertex count depends only on the map size and the
//! settings.
//!
//! Walls are vertical: their normals are the outward axis of their side, and their triangles are
//! wound clockwise seen from outside, like the surface seen from above. Vertices come after the
//! surface's, side by side (−z, +x, +z, −x), each side left to right seen from outside, then the
//! bottom face (normal −y).

use super::Corners;
use crate::algorithms::noise::hash01;
use crate::params::MeshParams;
use glam::Vec3;
use rayon::prelude::*;

/// Depth of the soil band under the surface, in height units.
pub const SOIL_THICKNESS: f32 = 0.06;
/// Number of rock strata between the soil band and the base level.
pub const ROCK_BANDS: usize = 6;
/// How far a stratum boundary may move from even spacing, as a fraction of a stratum's thickness
/// (each boundary moves by at most half of this either way).
const STRATUM_VARIATION: f32 = 0.6;
/// Relative brightness variation of the wall under one cell (each cell's stretch of a stratum is
/// up to half of this lighter or darker), so that strata do not look painted flat.
const SHADE_VARIATION: f32 = 0.12;
/// Seed of the strata hashes (boundary levels and shading).
const STRATA_SEED: u32 = 0x3c6e_f372;
/// Colour of the soil band.
pub const SOIL_COLOUR: [u8; 3] = [74, 54, 38];
/// Colours of the rock strata from the base up, alternating greys and ochres (repeated when there
/// are more strata than colours).
pub const ROCK_COLOURS: [[u8; 3]; 6] = [
    [96, 94, 92],
    [150, 114, 70],
    [128, 124, 118],
    [176, 140, 90],
    [110, 106, 100],
    [160, 124, 78],
];
/// Colour of the bottom face.
pub const BOTTOM_COLOUR: [u8; 3] = [58, 54, 50];

/// Wall bands per micro-column: the soil band and the rock strata.
const BANDS: usize = 1 + ROCK_BANDS;
/// Vertices of the bottom face (two triangles).
const BOTTOM_VERTICES: u64 = 6;

/// Vertices of the diorama base of a `width × depth` map with `subdivisions` micro-quads per cell
/// side: two triangles per band per edge segment, and the bottom face.
pub(crate) fn base_vertex_count(width: usize, depth: usize, subdivisions: u32) -> u64 {
    let perimeter = 2 * (width as u64 + depth as u64);
    let segments = perimeter.saturating_mul(u64::from(subdivisions));
    segments
        .saturating_mul(BANDS as u64 * 6)
        .saturating_add(BOTTOM_VERTICES)
}

/// One side of the map: its outward normal and its edge vertices left to right seen from outside,
/// each with its surface height (world units).
struct Side {
    outward: Vec3,
    edge: Vec<Vec3>,
}

/// The lattice points of the four sides, left to right seen from outside (−z, +x, +z, −x).
fn side_lattice(w: usize, d: usize, n: usize) -> [(Vec3, Vec<(usize, usize)>); 4] {
    let (gw, gd) = (w * n, d * n);
    [
        (Vec3::NEG_Z, (0..=gw).rev().map(|gx| (gx, 0)).collect()),
        (Vec3::X, (0..=gd).rev().map(|gz| (gw, gz)).collect()),
        (Vec3::Z, (0..=gw).map(|gx| (gx, gd)).collect()),
        (Vec3::NEG_X, (0..=gd).map(|gz| (0, gz)).collect()),
    ]
}

/// The four sides with their edge vertices, computed exactly as the surface computes them.
fn sides(corners: &Corners, params: &MeshParams, w: usize, d: usize) -> [Side; 4] {
    let n = params.subdivisions as usize;
    let step = params.cell_size / n as f32;
    side_lattice(w, d, n).map(|(outward, lattice)| Side {
        outward,
        edge: lattice
            .into_iter()
            .map(|(gx, gz)| {
                let h = corners
                    .view()
                    .vertex_height(gx, gz, n, w, d, params.roughness_strength)
                    * params.height_scale;
                Vec3::new(gx as f32 * step, h, gz as f32 * step)
            })
            .collect(),
    })
}

/// The lowest vertex height of the whole surface (world units).
fn lowest_surface(corners: &Corners, params: &MeshParams, w: usize, d: usize) -> f32 {
    let n = params.subdivisions as usize;
    (0..=d * n)
        .into_par_iter()
        .map(|gz| {
            (0..=w * n)
                .map(|gx| {
                    corners
                        .view()
                        .vertex_height(gx, gz, n, w, d, params.roughness_strength)
                        * params.height_scale
                })
                .fold(f32::INFINITY, f32::min)
        })
        .reduce(|| f32::INFINITY, f32::min)
}

/// World height of the base level of a map: [`MeshParams::diorama_depth`] below the lowest
/// surface vertex.
pub(crate) fn base_level(corners: &Corners, params: &MeshParams, w: usize, d: usize) -> f32 {
    lowest_surface(corners, params, w, d) - params.diorama_depth * params.height_scale
}

/// Bottom of the soil band under a surface vertex at height `top`, never below `base`.
fn soil_bottom(top: f32, base: f32, params: &MeshParams) -> f32 {
    (top - SOIL_THICKNESS * params.height_scale).max(base)
}

/// The `ROCK_BANDS + 1` stratum boundaries from `base` up, evenly spaced up to `top` with a
/// seeded shift of each inner boundary; the last is unbounded (the top stratum reaches up to the
/// soil wherever the ground is higher).
fn strata_levels(base: f32, top: f32) -> [f32; ROCK_BANDS + 1] {
    let thickness = (top - base) / ROCK_BANDS as f32;
    std::array::from_fn(|j| match j {
        0 => base,
        ROCK_BANDS => f32::INFINITY,
        _ => {
            let shift = (hash01(j as i32, 0, STRATA_SEED) - 0.5) * STRATUM_VARIATION;
            base + thickness * (j as f32 + shift)
        }
    })
}

/// Bottom and top of band `band` (0 is the soil, then the rock strata from the top down) under
/// a surface vertex at height `top`.
fn band_span(band: usize, top: f32, base: f32, levels: &[f32], params: &MeshParams) -> (f32, f32) {
    let soil = soil_bottom(top, base, params);
    if band == 0 {
        return (soil, top);
    }
    let j = ROCK_BANDS - band;
    (levels[j].min(soil), levels[j + 1].min(soil))
}

/// Colour of band `band` of the wall under the cell at perimeter position `cell`, slightly shaded.
fn band_colour(band: usize, cell: usize) -> [u8; 3] {
    let rgb = match band {
        0 => SOIL_COLOUR,
        _ => ROCK_COLOURS[(ROCK_BANDS - band) % ROCK_COLOURS.len()],
    };
    let shade = 1.0 + (hash01(cell as i32, band as i32, STRATA_SEED) - 0.5) * SHADE_VARIATION;
    rgb.map(|c| (f32::from(c) * shade).round().clamp(0.0, 255.0) as u8)
}

/// Emits the two triangles of a wall quad between edge points `left` and `right` (seen from
/// outside), spanning heights `(bottom, top)` at each, wound clockwise seen from outside.
fn emit_quad(
    [left, right]: [Vec3; 2],
    [(lb, lt), (rb, rt)]: [(f32, f32); 2],
    normal: Vec3,
    rgb: [u8; 3],
    emit: &mut impl FnMut([Vec3; 3], Vec3, [u8; 3]),
) {
    let at = |p: Vec3, y: f32| Vec3::new(p.x, y, p.z);
    let (tl, tr, br, bl) = (at(left, lt), at(right, rt), at(right, rb), at(left, lb));
    emit([tl, tr, br], normal, rgb);
    emit([tl, br, bl], normal, rgb);
}

/// Emits every band of every micro-column of one side; `first_column` is the perimeter position
/// of the side's first column (for shading).
fn emit_side(
    side: &Side,
    base: f32,
    levels: &[f32],
    params: &MeshParams,
    first_column: usize,
    emit: &mut impl FnMut([Vec3; 3], Vec3, [u8; 3]),
) {
    for (i, pair) in side.edge.windows(2).enumerate() {
        let (left, right) = (pair[0], pair[1]);
        for band in 0..BANDS {
            let spans = [
                band_span(band, left.y, base, levels, params),
                band_span(band, right.y, base, levels, params),
            ];
            let rgb = band_colour(band, (first_column + i) / params.subdivisions as usize);
            emit_quad([left, right], spans, side.outward, rgb, emit);
        }
    }
}

/// Emits the bottom face at height `base` under a `size_x × size_z` map, facing down.
fn emit_bottom(
    size_x: f32,
    size_z: f32,
    base: f32,
    emit: &mut impl FnMut([Vec3; 3], Vec3, [u8; 3]),
) {
    let p = |x: f32, z: f32| Vec3::new(x, base, z);
    let (a, b, c, e) = (
        p(0.0, 0.0),
        p(size_x, 0.0),
        p(size_x, size_z),
        p(0.0, size_z),
    );
    emit([a, c, b], Vec3::NEG_Y, BOTTOM_COLOUR);
    emit([a, e, c], Vec3::NEG_Y, BOTTOM_COLOUR);
}

/// Calls `emit(triangle, normal, colour)` for every triangle of the diorama base of a `w × d`
/// map, in mesh order: the four walls (see the module docs), then the bottom face. Emits
/// [`base_vertex_count`] vertices.
pub(crate) fn tessellate_base(
    corners: &Corners,
    params: &MeshParams,
    w: usize,
    d: usize,
    mut emit: impl FnMut([Vec3; 3], Vec3, [u8; 3]),
) {
    let base = base_level(corners, params, w, d);
    let sides = sides(corners, params, w, d);
    let edge = || sides.iter().flat_map(|s| &s.edge);
    let soil_sum: f64 = edge()
        .map(|p| f64::from(soil_bottom(p.y, base, params)))
        .sum();
    let soil_mean = (soil_sum / edge().count() as f64) as f32;
    let levels = strata_levels(base, soil_mean);
    let mut first_column = 0;
    for side in &sides {
        emit_side(side, base, &levels, params, first_column, &mut emit);
        first_column += side.edge.len() - 1;
    }
    // The far corner as the surface computes it (`gx · step`), so the bottom meets the walls.
    let (size_x, size_z) = (sides[0].edge[0].x, sides[1].edge[0].z);
    emit_bottom(size_x, size_z, base, &mut emit);
}

#[cfg(test)]
mod tests {
    use super::super::tests::grid;
    use super::super::{build_mesh, face_normal, Mesh, MeshError};
    use super::*;
    use std::collections::HashMap;

    /// Mesh settings with jitter on every edge vertex and the base on.
    fn params() -> MeshParams {
        MeshParams {
            subdivisions: 2,
            roughness_strength: 1.5,
            cell_size: 1.5,
            height_scale: 10.0,
            diorama_base: true,
            diorama_depth: 0.3,
            ..MeshParams::default()
        }
    }

    /// The surface of a mesh (its first vertices) and its base (the rest).
    fn split(mesh: &Mesh, surface: usize) -> (&[[f32; 3]], &[[f32; 3]]) {
        mesh.positions.split_at(surface)
    }

    #[test]
    fn off_the_mesh_is_the_surface_alone_and_unchanged() {
        let grid = grid();
        let off = MeshParams {
            diorama_base: false,
            ..params()
        };
        let mesh = build_mesh(&grid, &off).unwrap();
        assert_eq!(mesh.vertex_count(), 64 * 48 * 4 * 6);
        assert_eq!(off.vertex_count(64, 48), 64 * 48 * 4 * 6);
        // The depth means nothing without the base.
        let deeper = MeshParams {
            diorama_depth: 5.0,
            ..off
        };
        assert_eq!(build_mesh(&grid, &deeper).unwrap(), mesh);
        // With the base, the surface comes first, bit for bit.
        let on = build_mesh(&grid, &params()).unwrap();
        let n = mesh.vertex_count();
        assert_eq!(on.positions[..n], mesh.positions[..]);
        assert_eq!(on.normals[..n], mesh.normals[..]);
        assert_eq!(on.colors[..n], mesh.colors[..]);
    }

    #[test]
    fn the_base_adds_seven_bands_per_edge_segment_and_a_bottom() {
        let grid = grid();
        let p = params();
        let mesh = build_mesh(&grid, &p).unwrap();
        let segments = 2 * (64 + 48) * 2;
        let expected = 64 * 48 * 4 * 6 + segments * 7 * 6 + 6;
        assert_eq!(mesh.vertex_count(), expected);
        assert_eq!(p.vertex_count(64, 48), expected as u64);
        assert_eq!(p.base_vertex_count(64, 48), (segments * 7 * 6 + 6) as u64);
    }

    #[test]
    fn wall_tops_are_the_surface_edge_and_wall_feet_the_base_level() {
        let grid = grid();
        let p = params();
        let mesh = build_mesh(&grid, &p).unwrap();
        let surface = p.surface_vertex_count(64, 48) as usize;
        let (top, base) = split(&mesh, surface);
        let (size_x, size_z) = (64.0 * 1.5, 48.0 * 1.5);
        let on_edge = |v: &[f32; 3]| v[0] == 0.0 || v[2] == 0.0 || v[0] == size_x || v[2] == size_z;
        let key = |v: &[f32; 3]| (v[0].to_bits(), v[2].to_bits());
        let edge: HashMap<_, _> = top
            .iter()
            .filter(|v| on_edge(v))
            .map(|v| (key(v), v[1]))
            .collect();
        assert_eq!(edge.len(), 2 * (64 + 48) * 2);
        // Highest and lowest wall vertex of every edge point.
        let mut walls: HashMap<_, (f32, f32)> = HashMap::new();
        for v in &base[..base.len() - 6] {
            assert!(on_edge(v), "{v:?} is not on the map edge");
            let e = walls.entry(key(v)).or_insert((v[1], v[1]));
            *e = (e.0.min(v[1]), e.1.max(v[1]));
        }
        let level = top.iter().map(|v| v[1]).fold(f32::INFINITY, f32::min) - 0.3 * 10.0;
        assert_eq!(walls.len(), edge.len(), "a wall per surface edge vertex");
        for (k, (low, high)) in &walls {
            assert_eq!(high.to_bits(), edge[k].to_bits(), "crack at {k:?}");
            assert_eq!(*low, level, "wall foot at {k:?}");
        }
        let lowest = mesh.bounds().unwrap().0[1];
        assert_eq!(lowest, level);
        assert!(base[base.len() - 6..].iter().all(|v| v[1] == level));
    }

    #[test]
    fn walls_face_outwards_and_are_wound_like_the_surface() {
        let grid = grid();
        let p = params();
        let mesh = build_mesh(&grid, &p).unwrap();
        let surface = p.surface_vertex_count(64, 48) as usize;
        let (size_x, size_z) = (64.0 * 1.5, 48.0 * 1.5);
        let mut faces = 0;
        for i in (surface..mesh.vertex_count()).step_by(3) {
            let tri = [0, 1, 2].map(|k| Vec3::from_array(mesh.positions[i + k]));
            let normal = Vec3::from_array(mesh.normals[i]);
            let centre = (tri[0] + tri[1] + tri[2]) / 3.0;
            let outward = if centre.z == 0.0 {
                Vec3::NEG_Z
            } else if centre.x == size_x {
                Vec3::X
            } else if centre.z == size_z {
                Vec3::Z
            } else if centre.x == 0.0 {
                Vec3::NEG_X
            } else {
                Vec3::NEG_Y
            };
            assert_eq!(normal, outward, "triangle {i}: {tri:?}");
            let area = (tri[2] - tri[0]).cross(tri[1] - tri[0]);
            if area.length() > 1e-6 {
                assert!(
                    face_normal(tri[0], tri[1], tri[2]).dot(outward) > 0.99,
                    "triangle {i} wound inwards: {tri:?}"
                );
                faces += 1;
            }
        }
        // Most quads have area: the soil band everywhere, the strata under most of the edge.
        assert!(faces > (mesh.vertex_count() - surface) / 3 / 2, "{faces}");
    }

    #[test]
    fn strata_are_coloured_soil_on_top_then_rock() {
        let grid = grid();
        let p = params();
        let mesh = build_mesh(&grid, &p).unwrap();
        let surface = p.surface_vertex_count(64, 48) as usize;
        let srgb = |c: [u8; 3]| c.map(|v| f32::from(v) / 255.0);
        let dist =
            |a: [f32; 4], b: [f32; 3]| (0..3).map(|k| (a[k] - b[k]).abs()).fold(0.0, f32::max);
        // The first quad of the first column is soil, the next ones rock strata from the top.
        let soil = mesh.colors[surface];
        assert!(dist(soil, srgb(SOIL_COLOUR)) < 0.05, "{soil:?}");
        let rock = mesh.colors[surface + 6];
        assert!(
            dist(rock, srgb(ROCK_COLOURS[ROCK_BANDS - 1])) < 0.05,
            "{rock:?}"
        );
        // Shading varies along the walls.
        let soils: std::collections::HashSet<_> = (surface..mesh.vertex_count() - 6)
            .step_by(BANDS * 6)
            .map(|i| mesh.colors[i].map(f32::to_bits))
            .collect();
        assert!(soils.len() > 3, "{soils:?}");
    }

    #[test]
    fn the_base_counts_against_the_vertex_budget() {
        let p = MeshParams {
            subdivisions: 64,
            ..params()
        };
        // 682 × 1 cells: the surface fits (682 · 64² · 6 vertices, under 2²⁴), the walls do not.
        let err = p.check_budget(682, 1).unwrap_err();
        assert!(matches!(err, MeshError::OverBudget { base, .. } if base > 0));
        assert!(err.to_string().contains("of the diorama base"), "{err}");
        let off = MeshParams {
            diorama_base: false,
            ..p
        };
        assert_eq!(off.check_budget(682, 1), Ok(682 * 64 * 64 * 6));
    }
}
