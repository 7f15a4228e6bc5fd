//! The navigation lattice: every map cell split into `k × k` square quads ([`Lattice::per_cell`]),
//! the heights of the quads' corners on the rendered surface, and which quads an agent may stand
//! on.
//!
//! `k` is the largest number of quads per cell side whose quads are at least
//! [`NavigationParams::voxel_size`](super::NavigationParams::voxel_size) wide (the navigation
//! map's cell size: narrower edges would fall into one of its merge cells), rounded down to a
//! multiple of [`MeshParams::subdivisions`] when it is at least that. Each quad is then inside one
//! micro-quad of the mesh and split along the same diagonal (`p00–p11`), so its two triangles lie
//! exactly on the rendered triangles. With micro-quads narrower than the voxel size the quads
//! span several micro-quads and follow the surface at their corners only.

use crate::algorithms::distance::squared_distances;
use crate::data::grid::Grid;
use crate::outputs::point::Probe;
use crate::params::{MeshParams, NavigationParams};
use glam::Vec3;

/// The navigation lattice of a map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    /// Quads per cell side.
    pub per_cell: usize,
    /// Side of a quad, world units.
    pub step: f32,
    /// Quads along x over the whole map.
    pub width: usize,
    /// Quads along z over the whole map.
    pub depth: usize,
}

impl Lattice {
    /// The lattice of a `width × depth` map drawn with `mesh`, for the navigation settings `nav`
    /// (settings already validated).
    pub fn new(width: usize, depth: usize, mesh: &MeshParams, nav: &NavigationParams) -> Self {
        let n = mesh.subdivisions.max(1) as usize;
        let fit = (mesh.cell_size / nav.voxel_size.max(f32::MIN_POSITIVE)).floor();
        let fit = (fit.min(64.0) as usize).max(1);
        let per_cell = if fit >= n { fit / n * n } else { fit };
        Lattice {
            per_cell,
            step: mesh.cell_size / per_cell as f32,
            width: width * per_cell,
            depth: depth * per_cell,
        }
    }

    /// Whether the quads lie on the mesh's micro-quads (see the module's notes).
    fn exact(&self, mesh: &MeshParams) -> bool {
        self.per_cell % mesh.subdivisions.max(1) as usize == 0
    }
}

/// A rectangle of quads: `x0..x1` × `z0..z1`, in the lattice's quad coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuadRect {
    /// First quad along x.
    pub x0: usize,
    /// One past the last quad along x.
    pub x1: usize,
    /// First quad along z.
    pub z0: usize,
    /// One past the last quad along z.
    pub z1: usize,
}

impl QuadRect {
    /// Quads along x.
    pub fn width(&self) -> usize {
        self.x1 - self.x0
    }

    /// Quads along z.
    pub fn depth(&self) -> usize {
        self.z1 - self.z0
    }
}

/// The heights (world units) of the corners of the quads of `rect`, `(width + 1) × (depth + 1)`
/// row by row, on the surface [`crate::outputs::mesh::build_mesh`] draws.
pub fn corner_heights(grid: &Grid, mesh: &MeshParams, lat: &Lattice, rect: QuadRect) -> Vec<f32> {
    let columns = rect.width() + 1;
    let mut out = Vec::with_capacity(columns * (rect.depth() + 1));
    if !lat.exact(mesh) {
        for z in rect.z0..=rect.z1 {
            for x in rect.x0..=rect.x1 {
                let (px, pz) = (x as f32 * lat.step, z as f32 * lat.step);
                let h = crate::outputs::mesh::surface_height_valid(grid, mesh, px, pz);
                out.push(h.unwrap_or(0.0));
            }
        }
        return out;
    }
    let n = mesh.subdivisions.max(1) as usize;
    let m = lat.per_cell / n;
    let (micro_w, micro_d) = (grid.width() * n, grid.depth() * n);
    // The micro-quad holding corner `v` along one axis, and the corner's offset in it.
    let split = |v: usize, len: usize| {
        let g = (v / m).min(len - 1);
        (g, (v - g * m) as f32 / m as f32)
    };
    let (gx0, gx1) = (split(rect.x0, micro_w).0, split(rect.x1, micro_w).0 + 1);
    let (gz0, gz1) = (split(rect.z0, micro_d).0, split(rect.z1, micro_d).0 + 1);
    let micro_columns = gx1 - gx0 + 1;
    let strength = mesh.roughness_strength;
    let micro: Vec<f32> = (gz0..=gz1)
        .flat_map(|gz| (gx0..=gx1).map(move |gx| (gx, gz)))
        .map(|(gx, gz)| crate::outputs::mesh::vertex_height_direct(grid, gx, gz, n, strength))
        .collect();
    let at = |gx: usize, gz: usize| micro[(gz - gz0) * micro_columns + (gx - gx0)];
    for z in rect.z0..=rect.z1 {
        let (gz, v) = split(z, micro_d);
        for x in rect.x0..=rect.x1 {
            let (gx, u) = split(x, micro_w);
            let (h00, h10) = (at(gx, gz), at(gx + 1, gz));
            let (h01, h11) = (at(gx, gz + 1), at(gx + 1, gz + 1));
            let local = if u >= v {
                h00 + (h10 - h00) * u + (h11 - h10) * v
            } else {
                h00 + (h11 - h01) * u + (h01 - h00) * v
            };
            out.push(local * mesh.height_scale);
        }
    }
    out
}

/// Whether a triangle (clockwise seen from above) slopes by at most `max_slope_degrees`.
pub fn gentle(tri: &[Vec3; 3], max_slope_degrees: f32) -> bool {
    let normal = (tri[2] - tri[0]).cross(tri[1] - tri[0]).normalize_or_zero();
    normal.y > 0.0 && libm::acosf(normal.y.clamp(-1.0, 1.0)).to_degrees() <= max_slope_degrees
}

/// Which quads of `rect` offer ground to stand on before the agent radius is kept (row by row):
/// those on a bridge deck (`deck`, quads of `rect` row by row, empty without decks: a deck is
/// built to be walked on, however it climbs over its river, see [`super::decks`]) where it stands
/// above the water at every corner, and those
/// whose cell has no building (`built`), over none of which water shows ([`wet_quads`]) and both
/// of whose triangles slope by at most the agent's limit ([`NavigationParams::agent_max_slope`]
/// of `nav`). `heights` are the quads' corner heights ([`corner_heights`], the decks' raised).
#[allow(clippy::too_many_arguments)]
pub fn ground(
    grid: &Grid,
    mesh: &MeshParams,
    nav: &NavigationParams,
    lat: &Lattice,
    rect: QuadRect,
    heights: &[f32],
    built: &[bool],
    deck: &[bool],
) -> Vec<bool> {
    let columns = rect.width() + 1;
    let k = lat.per_cell;
    let steep = Steepness::new(nav.agent_max_slope);
    let corner = |x: usize, z: usize| {
        let h = heights[(z - rect.z0) * columns + (x - rect.x0)];
        Vec3::new(x as f32 * lat.step, h, z as f32 * lat.step)
    };
    let wet = wet_quads(grid, mesh, lat, rect);
    let probe = Probe::new(grid, mesh);
    // A deck stands above the water under it at every corner (where it does not, an agent
    // would walk in the water).
    let above_water = |x: usize, z: usize| {
        [(x, z), (x + 1, z), (x, z + 1), (x + 1, z + 1)]
            .into_iter()
            .all(|(cx, cz)| {
                let c = corner(cx, cz);
                probe.water(c.x, c.z).is_none_or(|level| c.y > level)
            })
    };
    let mut out = Vec::with_capacity(rect.width() * rect.depth());
    for z in rect.z0..rect.z1 {
        for x in rect.x0..rect.x1 {
            let i = out.len();
            let on_deck = deck.get(i).copied().unwrap_or(false);
            let free = !built
                .get(grid.index(x / k, z / k))
                .copied()
                .unwrap_or(false);
            if on_deck || !free || wet[i] {
                out.push(on_deck && above_water(x, z));
                continue;
            }
            let (p00, p10) = (corner(x, z), corner(x + 1, z));
            let (p01, p11) = (corner(x, z + 1), corner(x + 1, z + 1));
            out.push(steep.gentle(p00, p10, p11) && steep.gentle(p00, p11, p01));
        }
    }
    out
}

/// Water deeper than this over a lattice corner, world units, makes it wet: the point queries'
/// threshold ([`crate::outputs::point::WET_DEPTH`]).
pub const WET_DEPTH: f32 = crate::outputs::point::WET_DEPTH;

/// Whether water shows over the point `p` (its `x` and `z`) as the point queries decide it
/// ([`Probe::water`]).
pub fn wet(grid: &Grid, mesh: &MeshParams, p: Vec3) -> bool {
    Probe::new(grid, mesh).water(p.x, p.z).is_some()
}

/// Which quads of `rect` hold water somewhere (row by row), as the point queries decide it
/// ([`Probe::water`], the same probe for the whole rectangle): a quad is wet when water shows at
/// one of its corners, or, where the lattice's quads span several of the mesh's micro-quads
/// (the quads per cell not a multiple of the subdivisions), at a vertex of one of the micro-quads
/// it overlaps. Over each
/// triangle of the mesh's micro-quads the water's depth is linear between its vertices, and on an
/// exact lattice each quad's two triangles lie inside one of them, so a quad called dry holds no
/// water deeper than [`WET_DEPTH`] anywhere, its edges and corners included: the navigation
/// mesh is cut at the water's edge to within one quad, on the water cells' dry shores as on the
/// dry cells the water reaches over.
pub fn wet_quads(grid: &Grid, mesh: &MeshParams, lat: &Lattice, rect: QuadRect) -> Vec<bool> {
    let probe = Probe::new(grid, mesh);
    let (w, d) = (rect.width(), rect.depth());
    let columns = w + 1;
    let corners: Vec<bool> = (rect.z0..=rect.z1)
        .flat_map(|z| (rect.x0..=rect.x1).map(move |x| (x, z)))
        .map(|(x, z)| {
            let (px, pz) = (x as f32 * lat.step, z as f32 * lat.step);
            probe.water(px, pz).is_some()
        })
        .collect();
    let corner = |x: usize, z: usize| corners[(z - rect.z0) * columns + (x - rect.x0)];
    let mut out: Vec<bool> = (rect.z0..rect.z1)
        .flat_map(|z| (rect.x0..rect.x1).map(move |x| (x, z)))
        .map(|(x, z)| corner(x, z) || corner(x + 1, z) || corner(x, z + 1) || corner(x + 1, z + 1))
        .collect();
    if lat.exact(mesh) {
        return out;
    }
    // The micro-vertices `first ..= last` (along one axis) of the micro-quads quad `q` overlaps.
    let n = mesh.subdivisions.max(1) as usize;
    let k = lat.per_cell;
    let span = |q: usize| ((q * n) / k, ((q + 1) * n).div_ceil(k));
    let micro = mesh.cell_size / n as f32;
    let (mx0, mx1) = (span(rect.x0).0, span(rect.x1 - 1).1);
    let (mz0, mz1) = (span(rect.z0).0, span(rect.z1 - 1).1);
    let micro_columns = mx1 - mx0 + 1;
    let vertices: Vec<bool> = (mz0..=mz1)
        .flat_map(|gz| (mx0..=mx1).map(move |gx| (gx, gz)))
        .map(|(gx, gz)| probe.water(gx as f32 * micro, gz as f32 * micro).is_some())
        .collect();
    for z in 0..d {
        let (gz0, gz1) = span(rect.z0 + z);
        for x in 0..w {
            let (gx0, gx1) = span(rect.x0 + x);
            let any = (gz0..=gz1)
                .any(|gz| (gx0..=gx1).any(|gx| vertices[(gz - mz0) * micro_columns + (gx - mx0)]));
            out[z * w + x] |= any;
        }
    }
    out
}

/// The slope test of [`gentle`] without a square root or an arc cosine per triangle.
struct Steepness {
    cos_squared: f32,
}

impl Steepness {
    /// The test for slopes of at most `max_slope_degrees`.
    fn new(max_slope_degrees: f32) -> Self {
        let c = libm::cosf(max_slope_degrees.to_radians()).max(0.0);
        Steepness { cos_squared: c * c }
    }

    /// Whether the triangle `a b c` (clockwise seen from above) faces up and slopes by at most
    /// the limit: its normal's `y` is at least the limit's cosine times the normal's length.
    fn gentle(&self, a: Vec3, b: Vec3, c: Vec3) -> bool {
        let n = (c - a).cross(b - a);
        n.y > 0.0 && n.y * n.y >= self.cos_squared * n.length_squared()
    }
}

/// `mask` (`width × depth`, row by row) grown by one cell in all eight directions.
fn grow(mask: &[bool], width: usize, depth: usize) -> Vec<bool> {
    let mut rows = vec![false; mask.len()];
    for (out, src) in rows.chunks_exact_mut(width).zip(mask.chunks_exact(width)) {
        for x in 0..width {
            out[x] = src[x.saturating_sub(1)] || src[x] || src[(x + 1).min(width - 1)];
        }
    }
    let mut out = vec![false; mask.len()];
    for z in 0..depth {
        let (up, down) = (z.saturating_sub(1), (z + 1).min(depth - 1));
        for x in 0..width {
            out[z * width + x] =
                rows[up * width + x] || rows[z * width + x] || rows[down * width + x];
        }
    }
    out
}

/// `ground` (a `width × depth` quad mask, row by row) with every quad removed whose square
/// comes closer than `radius` quad sides to a quad that is not ground, where the quads outside
/// the mask count as not ground. `keep_whole` marks quads kept whenever they are ground (bridge
/// decks, whose parapets hold agents on them).
///
/// The gap between two quads whose centres lie `(i, j)` quads apart is
/// `√(max(|i| − 1, 0)² + max(|j| − 1, 0)²)` sides: the distance between their centres once the
/// blocked quads are grown by one quad in all eight directions, which the exact distance
/// transform measures ([`squared_distances`]).
pub fn erode(
    ground: &[bool],
    width: usize,
    depth: usize,
    radius: f64,
    keep_whole: &[bool],
) -> Vec<bool> {
    if radius <= 0.0 {
        return ground.to_vec();
    }
    let (pw, pd) = (width + 2, depth + 2);
    let mut blocked = vec![true; pw * pd];
    for z in 0..depth {
        let row = (z + 1) * pw + 1;
        for (b, g) in blocked[row..row + width]
            .iter_mut()
            .zip(&ground[z * width..])
        {
            *b = !g;
        }
    }
    let grown = grow(&blocked, pw, pd);
    let dist = squared_distances(&grown, pw, pd);
    let limit = radius * radius;
    (0..depth)
        .flat_map(|z| (0..width).map(move |x| (x, z)))
        .map(|(x, z)| {
            let i = z * width + x;
            let whole = keep_whole.get(i).copied().unwrap_or(false);
            ground[i] && (whole || dist[(z + 1) * pw + x + 1] >= limit)
        })
        .collect()
}
