//! Convex polygons from a mask of lattice quads: the quads are merged greedily into rectangles
//! over which the surface is flat enough, and each rectangle becomes one polygon.
//!
//! * **Flat enough.** Every lattice corner inside or on a rectangle lies within
//!   `tolerance` of the plane through three of the rectangle's corners. A polygon's points are
//!   then within `2 · tolerance` of the rendered surface (within `tolerance` of the plane, as
//!   the surface is at the corners and between them along the quads' triangles). A single quad
//!   that is not flat enough becomes its two triangles, which lie on the surface.
//! * **No T-junctions.** A polygon lists, along its sides, every corner of any polygon of its
//!   region (ground and road alike, [`Corners`]) and every lattice corner on the region's outline,
//!   so two polygons that touch share each stretch between them as the same pair of vertices:
//!   Godot joins polygons by such pairs, within a region and, along the chunk lines, across
//!   regions. Each stretch borders at most two rectangles, hence at most two polygons. The
//!   corners along a side are collinear seen from above, so the polygon stays convex.
//! * **Size.** A rectangle is at most [`MAX_SIDE`] quads on a side, which bounds a polygon's
//!   vertex count and the work of the flatness checks.
//!
//! Polygons are wound clockwise seen from above, as Godot's navigation meshes are.

use super::lattice::QuadRect;
use super::NavPolygons;

/// Most quads along one side of a polygon.
pub const MAX_SIDE: usize = 16;
/// Marks a lattice corner without a vertex yet.
const NO_VERTEX: u32 = u32::MAX;

/// The corner heights and quad mask of a rectangle of the lattice, in world units.
pub struct Patch<'a> {
    /// The quads covered.
    pub rect: QuadRect,
    /// Side of a quad.
    pub step: f32,
    /// Corner heights, `(width + 1) × (depth + 1)` row by row.
    pub heights: &'a [f32],
    /// Which quads to cover, `width × depth` row by row.
    pub mask: &'a [bool],
}

impl Patch<'_> {
    /// Height of the corner `(x, z)`, local coordinates.
    fn height(&self, x: usize, z: usize) -> f32 {
        self.heights[z * (self.rect.width() + 1) + x]
    }

    /// Whether every corner of the local rectangle `x0..x1 × z0..z1` lies within `tolerance` of
    /// the plane through its corners `(x0, z0)`, `(x1, z0)` and `(x0, z1)`.
    fn flat(&self, [x0, x1, z0, z1]: [usize; 4], tolerance: f32) -> bool {
        let a = self.height(x0, z0);
        let dx = (self.height(x1, z0) - a) / (x1 - x0) as f32;
        let dz = (self.height(x0, z1) - a) / (z1 - z0) as f32;
        (z0..=z1).all(|z| {
            (x0..=x1).all(|x| {
                let plane = a + dx * (x - x0) as f32 + dz * (z - z0) as f32;
                (self.height(x, z) - plane).abs() <= tolerance
            })
        })
    }
}

/// One piece of a cover: a rectangle of quads (local `x0..x1 × z0..z1`), or the two triangles
/// of one quad that is not flat enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A flat rectangle.
    Rect([usize; 4]),
    /// The triangles of the quad at `(x, z)`.
    Triangles(usize, usize),
}

/// The pieces covering the quads of `patch.mask`, with corners within `tolerance` of their
/// rectangle's plane (see the module's notes).
pub fn cover(patch: &Patch, tolerance: f32) -> Vec<Piece> {
    let (w, d) = (patch.rect.width(), patch.rect.depth());
    let mut taken = vec![false; w * d];
    let free = |taken: &[bool], x: usize, z: usize| patch.mask[z * w + x] && !taken[z * w + x];
    let mut out = Vec::new();
    for z in 0..d {
        for x in 0..w {
            if !free(&taken, x, z) {
                continue;
            }
            let mut x1 = x + 1;
            while x1 < w
                && x1 - x < MAX_SIDE
                && free(&taken, x1, z)
                && patch.flat([x, x1 + 1, z, z + 1], tolerance)
            {
                x1 += 1;
            }
            let mut z1 = z + 1;
            while z1 < d
                && z1 - z < MAX_SIDE
                && (x..x1).all(|xx| free(&taken, xx, z1))
                && patch.flat([x, x1, z, z1 + 1], tolerance)
            {
                z1 += 1;
            }
            for zz in z..z1 {
                taken[zz * w + x..zz * w + x1].fill(true);
            }
            if x1 - x == 1 && z1 - z == 1 && !patch.flat([x, x1, z, z1], tolerance) {
                out.push(Piece::Triangles(x, z));
            } else {
                out.push(Piece::Rect([x, x1, z, z1]));
            }
        }
    }
    out
}

/// The lattice corners of a patch that polygons must list along their sides: the corners of
/// every piece, and every corner on the patch's outline.
pub struct Corners {
    columns: usize,
    rows: usize,
    marked: Vec<bool>,
}

impl Corners {
    /// The corners of the pieces of every cover of `rect`.
    pub fn new<'a>(rect: QuadRect, covers: impl IntoIterator<Item = &'a [Piece]>) -> Self {
        let (columns, rows) = (rect.width() + 1, rect.depth() + 1);
        let mut marked = vec![false; columns * rows];
        for piece in covers.into_iter().flatten() {
            let [x0, x1, z0, z1] = match *piece {
                Piece::Rect(r) => r,
                Piece::Triangles(x, z) => [x, x + 1, z, z + 1],
            };
            for (x, z) in [(x0, z0), (x1, z0), (x0, z1), (x1, z1)] {
                marked[z * columns + x] = true;
            }
        }
        Corners {
            columns,
            rows,
            marked,
        }
    }

    /// Whether a polygon lists the corner `(x, z)` when it lies on one of its sides.
    fn listed(&self, x: usize, z: usize) -> bool {
        x == 0
            || z == 0
            || x + 1 == self.columns
            || z + 1 == self.rows
            || self.marked[z * self.columns + x]
    }
}

/// The polygons of `pieces` over `patch`, their sides listing the corners `corners` marks.
pub fn polygons(patch: &Patch, pieces: &[Piece], corners: &Corners) -> NavPolygons {
    let mut out = Builder::new(patch);
    for piece in pieces {
        match *piece {
            Piece::Rect(r) => out.rectangle(r, corners),
            Piece::Triangles(x, z) => out.triangles(x, z),
        }
    }
    out.polygons
}

/// Collects the vertices and polygons of a patch, one vertex per lattice corner used.
struct Builder<'a> {
    patch: &'a Patch<'a>,
    index: Vec<u32>,
    polygons: NavPolygons,
}

impl<'a> Builder<'a> {
    /// An empty builder for `patch`.
    fn new(patch: &'a Patch<'a>) -> Self {
        let corners = (patch.rect.width() + 1) * (patch.rect.depth() + 1);
        Builder {
            patch,
            index: vec![NO_VERTEX; corners],
            polygons: NavPolygons::default(),
        }
    }

    /// The vertex of local corner `(x, z)`, added on first use.
    fn vertex(&mut self, x: usize, z: usize) -> u32 {
        let slot = z * (self.patch.rect.width() + 1) + x;
        if self.index[slot] == NO_VERTEX {
            let r = self.patch.rect;
            let step = self.patch.step;
            self.index[slot] = self.polygons.vertices.len() as u32;
            self.polygons.vertices.push([
                (r.x0 + x) as f32 * step,
                self.patch.height(x, z),
                (r.z0 + z) as f32 * step,
            ]);
        }
        self.index[slot]
    }

    /// The polygon of the local rectangle `x0..x1 × z0..z1`, the corners along its sides that
    /// `corners` lists included, clockwise seen from above.
    ///
    /// It starts at the last vertex before the rectangle's corner `(x1, z0)`, so that its first
    /// three vertices turn that corner: Godot takes a polygon's plane from its first three
    /// vertices, and three in a row along one side give it none, so that its queries (the
    /// closest point, the start and end of a path) pass the polygon by.
    fn rectangle(&mut self, [x0, x1, z0, z1]: [usize; 4], corners: &Corners) {
        let mut ring = Vec::with_capacity(2 * (x1 - x0 + z1 - z0));
        ring.extend((x0..x1).map(|x| (x, z0)));
        ring.extend((z0..z1).map(|z| (x1, z)));
        ring.extend((x0 + 1..=x1).rev().map(|x| (x, z1)));
        ring.extend((z0 + 1..=z1).rev().map(|z| (x0, z)));
        let is_corner = |&(x, z): &(usize, usize)| (x == x0 || x == x1) && (z == z0 || z == z1);
        let mut kept: Vec<(usize, usize)> = (ring.into_iter())
            .filter(|p| is_corner(p) || corners.listed(p.0, p.1))
            .collect();
        let turn = kept.iter().position(|&p| p == (x1, z0)).unwrap_or(1);
        kept.rotate_left(turn - 1);
        let polygon = kept.into_iter().map(|(x, z)| self.vertex(x, z)).collect();
        self.polygons.polygons.push(polygon);
    }

    /// The two triangles of quad `(x, z)`, split along its `p00–p11` diagonal like the mesh's.
    fn triangles(&mut self, x: usize, z: usize) {
        let (p00, p10) = (self.vertex(x, z), self.vertex(x + 1, z));
        let (p01, p11) = (self.vertex(x, z + 1), self.vertex(x + 1, z + 1));
        self.polygons.polygons.push(vec![p00, p10, p11]);
        self.polygons.polygons.push(vec![p00, p11, p01]);
    }
}
