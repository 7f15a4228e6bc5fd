//! Surface queries: the mesh's height above a point, exactly on the triangle it draws there,
//! for one point, a chunk's corners or a tile's instances; the cell under a point; the point a
//! height query answers with.

use super::chunks::Chunk;
use super::heights::{vertex_height_direct, CornerView, Corners};
use crate::data::grid::Grid;
use crate::params::MeshParams;

/// World height of the mesh surface above the point `(x, z)` of the mesh's own coordinate space,
/// or `None` when the point lies outside `[0, width·cell_size] × [0, depth·cell_size]`, the grid
/// is empty or `params` are invalid.
///
/// The value lies exactly on the triangle [`build_mesh`](super::build_mesh) emits over that point
/// (each micro-quad `(p00, p10, p01, p11)` is split along its `p00–p11` diagonal), so objects
/// placed with it sit on the rendered surface. Costs a few dozen operations: no mesh needs to be built.
///
/// ```
/// use donjourno::outputs::mesh::{build_mesh, surface_height};
/// use donjourno::{generate, GeneratorParams, MeshParams};
/// let mut gen = GeneratorParams { width: 64, depth: 64, ..Default::default() };
/// gen.set_droplet_count(8_000);
/// let (grid, _) = generate(&gen, Default::default()).unwrap();
/// let params = MeshParams::default();
/// let mesh = build_mesh(&grid, &params).unwrap();
/// let [x, y, z] = mesh.positions[100];
/// assert_eq!(surface_height(&grid, &params, x, z), Some(y));
/// assert_eq!(surface_height(&grid, &params, -1.0, 0.0), None);
/// ```
pub fn surface_height(grid: &Grid, params: &MeshParams, x: f32, z: f32) -> Option<f32> {
    params.validate().ok()?;
    surface_height_valid(grid, params, x, z)
}

/// The cell `(x, z)` of `grid` under the point `(x, z)` of the mesh's coordinate space (cells
/// `params.cell_size` wide, cell `(0, 0)` from the origin on), or `None` off the grid, for a NaN
/// or infinite coordinate and for a cell size that is not a positive finite number. Every query
/// that answers for the cell under a point starts here, so a point off the terrain is never taken
/// for a cell.
///
/// ```
/// use donjourno::{Grid, outputs::mesh::cell_at, params::MeshParams};
/// let grid = Grid::new(4, 3);
/// let params = MeshParams { cell_size: 2.0, ..MeshParams::default() };
/// assert_eq!(cell_at(&grid, &params, 3.0, 5.9), Some((1, 2)));
/// assert_eq!(cell_at(&grid, &params, f32::NAN, f32::NAN), None);
/// ```
pub fn cell_at(grid: &Grid, params: &MeshParams, x: f32, z: f32) -> Option<(usize, usize)> {
    let size = params.cell_size;
    if !(x.is_finite() && z.is_finite() && size.is_finite() && size > 0.0) {
        return None;
    }
    let (cx, cz) = ((x / size).floor(), (z / size).floor());
    // An overflow to ±∞ saturates in the casts and lands off the grid.
    grid.contains(cx as i64, cz as i64)
        .then_some((cx as usize, cz as usize))
}

/// The point of the mesh's coordinate space that answers a height query at `(x, z)`: on the
/// surface where `surface` gives its height there ([`surface_height`], or a tile's), else on the
/// ground plane `y = 0` below the point, as off the terrain. A NaN or infinite coordinate lies off
/// every terrain: its answer is the ground plane at the origin, `[0, 0, 0]` (`surface` is not
/// asked), so that a height query gives the ground plane's height there rather than NaN.
///
/// ```
/// use donjourno::outputs::mesh::ground_point;
/// assert_eq!(ground_point(2.0, 3.0, |_, _| Some(5.0)), [2.0, 5.0, 3.0]);
/// assert_eq!(ground_point(-1.0, 3.0, |_, _| None), [-1.0, 0.0, 3.0]);
/// assert_eq!(ground_point(f32::NAN, 3.0, |_, _| Some(5.0)), [0.0, 0.0, 0.0]);
/// ```
pub fn ground_point(x: f32, z: f32, surface: impl FnOnce(f32, f32) -> Option<f32>) -> [f32; 3] {
    if !(x.is_finite() && z.is_finite()) {
        return [0.0; 3];
    }
    [x, surface(x, z).unwrap_or(0.0), z]
}

/// [`surface_height`] for settings already validated, for callers that ask many points.
pub(crate) fn surface_height_valid(
    grid: &Grid,
    params: &MeshParams,
    x: f32,
    z: f32,
) -> Option<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let strength = params.roughness_strength;
    surface_on(w, d, params, x, z, |gx, gz| {
        vertex_height_direct(grid, gx, gz, n, strength)
    })
}

/// [`surface_height`] at every cell corner of `chunk`, row by row over its
/// `(x1 − x0 + 1) × (z1 − z0 + 1)` corners, for settings already validated. Each lattice vertex
/// around the chunk is computed once and read by every query that needs it (a query reads
/// four), so the values are those of [`surface_height`] at a quarter of the work.
pub(crate) fn chunk_corner_surface(grid: &Grid, params: &MeshParams, chunk: &Chunk) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let strength = params.roughness_strength;
    let size = params.cell_size;
    // The vertices the corners' queries read: from a step before the chunk's first corner (a
    // corner's position may round to just below its vertex) to a step past its last.
    let (gx0, gz0) = (
        (chunk.x0 * n).saturating_sub(1),
        (chunk.z0 * n).saturating_sub(1),
    );
    let (gx1, gz1) = ((chunk.x1 * n + 1).min(w * n), (chunk.z1 * n + 1).min(d * n));
    let columns = gx1 - gx0 + 1;
    let cache: Vec<f32> = (gz0..=gz1)
        .flat_map(|gz| (gx0..=gx1).map(move |gx| (gx, gz)))
        .map(|(gx, gz)| vertex_height_direct(grid, gx, gz, n, strength))
        .collect();
    let vertex = |gx: usize, gz: usize| match (gx0..=gx1).contains(&gx) && (gz0..=gz1).contains(&gz)
    {
        true => cache[(gz - gz0) * columns + gx - gx0],
        false => vertex_height_direct(grid, gx, gz, n, strength),
    };
    (chunk.z0..=chunk.z1)
        .flat_map(|z| (chunk.x0..=chunk.x1).map(move |x| (x, z)))
        .map(|(x, z)| {
            surface_on(w, d, params, x as f32 * size, z as f32 * size, vertex).unwrap_or(0.0)
        })
        .collect()
}

impl CornerView<'_> {
    /// [`surface_height`] over these corner planes of a `w × d` grid, for settings already
    /// validated.
    pub(crate) fn surface_height(
        &self,
        (w, d): (usize, usize),
        params: &MeshParams,
        x: f32,
        z: f32,
    ) -> Option<f32> {
        let n = params.subdivisions as usize;
        let strength = params.roughness_strength;
        surface_on(w, d, params, x, z, |gx, gz| {
            self.vertex_height(gx, gz, n, w, d, strength)
        })
    }
}

impl Corners {
    /// [`surface_height`] over these corner planes of a `w × d` grid, for settings already
    /// validated.
    pub(crate) fn surface_height(
        &self,
        side: (usize, usize),
        params: &MeshParams,
        x: f32,
        z: f32,
    ) -> Option<f32> {
        self.view().surface_height(side, params, x, z)
    }
}

/// The surface of a `w × d` grid whose sub-vertex `(gx, gz)` has the height `vertex(gx, gz)`,
/// above the point `(x, z)`: see [`surface_height`].
fn surface_on(
    w: usize,
    d: usize,
    params: &MeshParams,
    x: f32,
    z: f32,
    vertex: impl Fn(usize, usize) -> f32,
) -> Option<f32> {
    if w == 0 || d == 0 {
        return None;
    }
    let n = params.subdivisions as usize;
    let step = params.cell_size / n as f32;
    let (fx, fz) = (x / step, z / step);
    let (max_x, max_z) = ((w * n) as f32, (d * n) as f32);
    if !(0.0..=max_x).contains(&fx) || !(0.0..=max_z).contains(&fz) {
        return None;
    }
    let gx = (fx.floor() as usize).min(w * n - 1);
    let gz = (fz.floor() as usize).min(d * n - 1);
    let (u, v) = (
        (fx - gx as f32).clamp(0.0, 1.0),
        (fz - gz as f32).clamp(0.0, 1.0),
    );
    let h = |dx: usize, dz: usize| vertex(gx + dx, gz + dz);
    let (h00, h10, h01, h11) = (h(0, 0), h(1, 0), h(0, 1), h(1, 1));
    let local = if u >= v {
        // Triangle (p00, p10, p11).
        h00 + (h10 - h00) * u + (h11 - h10) * v
    } else {
        // Triangle (p00, p11, p01).
        h00 + (h11 - h01) * u + (h01 - h00) * v
    };
    Some(local * params.height_scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_height_query_off_the_terrain_or_not_at_a_number_answers_on_the_ground_plane() {
        let grid = Grid::new(4, 3);
        let params = MeshParams::default();
        let surface = |x: f32, z: f32| surface_height(&grid, &params, x, z);
        assert_eq!(
            ground_point(1.5, 2.5, surface),
            [1.5, 0.0, 2.5],
            "on the flat grid"
        );
        assert_eq!(ground_point(1.0, 2.0, |_, _| Some(7.0)), [1.0, 7.0, 2.0]);
        assert_eq!(
            ground_point(-10.0, 2.0, surface),
            [-10.0, 0.0, 2.0],
            "off the grid"
        );
        assert_eq!(
            ground_point(1e9, 1e9, surface),
            [1e9, 0.0, 1e9],
            "far off the grid"
        );
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            for (x, z) in [(bad, 1.0), (1.0, bad), (bad, bad)] {
                let point = ground_point(x, z, |_, _| panic!("no surface is asked at ({x}, {z})"));
                assert_eq!(point, [0.0; 3], "({x}, {z})");
            }
        }
    }

    #[test]
    fn a_point_that_is_not_a_number_lies_on_no_cell() {
        let grid = Grid::new(4, 3);
        let params = MeshParams {
            cell_size: 2.0,
            ..MeshParams::default()
        };
        let at = |x: f32, z: f32| cell_at(&grid, &params, x, z);
        assert_eq!(at(0.0, 0.0), Some((0, 0)));
        assert_eq!(at(7.99, 5.99), Some((3, 2)));
        assert_eq!(at(8.0, 0.0), None, "the far edge is off the grid");
        assert_eq!(at(-0.01, 0.0), None);
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert_eq!(at(bad, 1.0), None, "x = {bad}");
            assert_eq!(at(1.0, bad), None, "z = {bad}");
            assert_eq!(at(bad, bad), None, "x = z = {bad}");
        }
        assert_eq!(at(f32::MAX, 1.0), None);
        assert_eq!(at(f32::MIN, 1.0), None);
        for size in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            let params = MeshParams {
                cell_size: size,
                ..MeshParams::default()
            };
            assert_eq!(cell_at(&grid, &params, 1.0, 1.0), None, "cell size {size}");
        }
    }
}
