//! Vertex heights: the corner planes, bilinear interpolation of sub-vertices and the roughness
//! jitter, shared by tessellation and by the surface queries ([`super::surface`]).

use super::JITTER_SEED;
use crate::algorithms::noise::hash01;
use crate::data::grid::Grid;

/// Corner planes of a grid: `(width + 1) × (depth + 1)` heights and roughness values, each the
/// mean of the (up to four) cells that share the corner.
pub(crate) struct Corners {
    stride: usize,
    height: Vec<f32>,
    roughness: Vec<f32>,
}

impl Corners {
    /// The corner planes of `grid`.
    pub(crate) fn new(grid: &Grid) -> Self {
        let (w, d) = (grid.width(), grid.depth());
        let stride = w + 1;
        let mut height = vec![0.0; stride * (d + 1)];
        let mut roughness = vec![0.0; stride * (d + 1)];
        for cz in 0..=d {
            for cx in 0..=w {
                let (h, r) = corner(grid, cx, cz);
                height[cz * stride + cx] = h;
                roughness[cz * stride + cx] = r;
            }
        }
        Corners {
            stride,
            height,
            roughness,
        }
    }

    /// The corner planes of the `w × d` cells from `(x0, z0)` on: each corner the mean of the
    /// (up to four) cells of the whole grid around it, so a window's border corners see the
    /// cells beyond the window.
    pub(crate) fn window(grid: &Grid, x0: usize, z0: usize, w: usize, d: usize) -> Self {
        let stride = w + 1;
        let mut height = Vec::with_capacity(stride * (d + 1));
        let mut roughness = Vec::with_capacity(stride * (d + 1));
        for cz in z0..=z0 + d {
            for cx in x0..=x0 + w {
                let (h, r) = corner(grid, cx, cz);
                height.push(h);
                roughness.push(r);
            }
        }
        Corners {
            stride,
            height,
            roughness,
        }
    }

    /// Corner planes given as `(width + 1) × (depth + 1)` heights and roughness values.
    pub(crate) fn from_planes(stride: usize, height: Vec<f32>, roughness: Vec<f32>) -> Self {
        Corners {
            stride,
            height,
            roughness,
        }
    }

    /// The height plane.
    pub(crate) fn heights(&self) -> &[f32] {
        &self.height
    }

    /// The roughness plane.
    pub(crate) fn roughness(&self) -> &[f32] {
        &self.roughness
    }

    /// The planes, borrowed, for the surface queries.
    pub(crate) fn view(&self) -> CornerView<'_> {
        CornerView::new(self.stride, &self.height, &self.roughness)
    }
}

/// Corner planes borrowed (a [`Corners`]' or an endless world tile's): what the surface
/// queries read, without a copy of the planes.
#[derive(Clone, Copy)]
pub(crate) struct CornerView<'a> {
    stride: usize,
    height: &'a [f32],
    roughness: &'a [f32],
}

impl<'a> CornerView<'a> {
    /// The corner planes `height` and `roughness`, `stride` corners to a row.
    pub(crate) fn new(stride: usize, height: &'a [f32], roughness: &'a [f32]) -> Self {
        CornerView {
            stride,
            height,
            roughness,
        }
    }

    /// Bilinear interpolation of a corner plane at sub-vertex `(gx, gz)` of an `n`-subdivided grid.
    #[inline]
    fn sample(&self, plane: &[f32], gx: usize, gz: usize, n: usize, w: usize, d: usize) -> f32 {
        let (cx, cz, tx, tz) = sub_vertex_cell(gx, gz, n, w, d);
        let i = cz * self.stride + cx;
        bilinear(
            [
                plane[i],
                plane[i + 1],
                plane[i + self.stride],
                plane[i + self.stride + 1],
            ],
            tx,
            tz,
        )
    }
}

/// Height and roughness of corner `(cx, cz)`: the mean of the (up to four) cells sharing it.
#[inline]
fn corner(grid: &Grid, cx: usize, cz: usize) -> (f32, f32) {
    let (w, d) = (grid.width(), grid.depth());
    let (mut hs, mut rs, mut n) = (0.0f32, 0.0f32, 0.0f32);
    for z in cz.saturating_sub(1)..(cz + 1).min(d) {
        for x in cx.saturating_sub(1)..(cx + 1).min(w) {
            let i = grid.index(x, z);
            hs += grid.height[i];
            rs += grid.roughness[i];
            n += 1.0;
        }
    }
    (hs / n, rs / n)
}

/// The cell holding sub-vertex `(gx, gz)` and the sub-vertex's fractional position in it.
#[inline]
pub(crate) fn sub_vertex_cell(
    gx: usize,
    gz: usize,
    n: usize,
    w: usize,
    d: usize,
) -> (usize, usize, f32, f32) {
    let cx = (gx / n).min(w - 1);
    let cz = (gz / n).min(d - 1);
    let tx = (gx - cx * n) as f32 / n as f32;
    let tz = (gz - cz * n) as f32 / n as f32;
    (cx, cz, tx, tz)
}

/// Bilinear interpolation of corners `[(0,0), (1,0), (0,1), (1,1)]` at `(tx, tz)`.
#[inline]
fn bilinear([a, b, c, e]: [f32; 4], tx: f32, tz: f32) -> f32 {
    let top = a + (b - a) * tx;
    let bottom = c + (e - c) * tx;
    top + (bottom - top) * tz
}

/// Applies the roughness jitter to sub-vertex `(gx, gz)` with interpolated height `h` and
/// roughness `r`.
#[inline]
fn jitter(h: f32, r: f32, gx: usize, gz: usize, strength: f32) -> f32 {
    if strength == 0.0 {
        return h;
    }
    let offset = hash01(gx as i32, gz as i32, JITTER_SEED) - 0.5;
    h + offset * (h * 1.5).clamp(0.0, 1.0) * r * strength
}

/// Where surface heights come from: corner planes computed once (fast, 8 bytes a corner), or the
/// grid's cells read for every vertex (no memory of its own); both give the same bits.
#[derive(Clone)]
pub(crate) enum HeightSource<'a> {
    /// Corner planes, shared.
    Planes(std::sync::Arc<Corners>),
    /// Corner planes held by the caller.
    Borrowed(&'a Corners),
    /// The cells of the grid.
    Cells(&'a Grid),
}

impl HeightSource<'_> {
    /// Jittered height of sub-vertex `(gx, gz)` of a `w × d` grid at `n` subdivisions, in height
    /// units.
    #[inline]
    pub(crate) fn height(
        &self,
        gx: usize,
        gz: usize,
        n: usize,
        w: usize,
        d: usize,
        strength: f32,
    ) -> f32 {
        match self {
            HeightSource::Planes(corners) => {
                corners.view().vertex_height(gx, gz, n, w, d, strength)
            }
            HeightSource::Borrowed(corners) => {
                corners.view().vertex_height(gx, gz, n, w, d, strength)
            }
            HeightSource::Cells(grid) => vertex_height_direct(grid, gx, gz, n, strength),
        }
    }
}

impl CornerView<'_> {
    /// Jittered height of sub-vertex `(gx, gz)` of a `w × d` grid at `n` subdivisions, in height
    /// units.
    #[inline]
    pub(crate) fn vertex_height(
        &self,
        gx: usize,
        gz: usize,
        n: usize,
        w: usize,
        d: usize,
        strength: f32,
    ) -> f32 {
        let h = self.sample(self.height, gx, gz, n, w, d);
        let r = if strength == 0.0 {
            0.0
        } else {
            self.sample(self.roughness, gx, gz, n, w, d)
        };
        jitter(h, r, gx, gz, strength)
    }
}

/// Jittered height of sub-vertex `(gx, gz)` computed from the grid directly (no corner planes),
/// bit-identical to the mesh's.
pub(crate) fn vertex_height_direct(
    grid: &Grid,
    gx: usize,
    gz: usize,
    n: usize,
    strength: f32,
) -> f32 {
    let (w, d) = (grid.width(), grid.depth());
    let (cx, cz, tx, tz) = sub_vertex_cell(gx, gz, n, w, d);
    let corners = [
        corner(grid, cx, cz),
        corner(grid, cx + 1, cz),
        corner(grid, cx, cz + 1),
        corner(grid, cx + 1, cz + 1),
    ];
    let h = bilinear(corners.map(|c| c.0), tx, tz);
    let r = if strength == 0.0 {
        0.0
    } else {
        bilinear(corners.map(|c| c.1), tx, tz)
    };
    jitter(h, r, gx, gz, strength)
}
