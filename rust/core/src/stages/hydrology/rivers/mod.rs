//! Rivers: the channels where the runoff gathers past the threshold, drawn along smoothed
//! centre-lines and carved along them, their length, and the rendered water planes.
//!
//! Phases: the channel cells gathered into streams ([`network`]), each stream's smoothed
//! centre-line with its water level, width and catchment ([`centreline`]), and the cells the
//! lines cover marked and carved ([`carve`]). The drainage decides where rivers run; the lines
//! decide how they are drawn, so channels bend instead of stepping from cell to cell.

mod carve;
mod centreline;
mod network;
mod water;

use super::Drainage;
use crate::algorithms::hydrology::river_depth;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;

pub use centreline::{HEAD_SHIFT, MAX_SHIFT, PATH_WINDOW, SMOOTHING_PASSES};

/// A cell index or line index standing for none.
const NO_CELL: u32 = u32::MAX;

/// The rivers' settings on the map's lattice.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rivers {
    /// Runoff cells above which a cell carries a river ([`WaterParams::river_threshold`]): its
    /// depth and width grow from there.
    pub(super) river_threshold: u32,
    /// Carving depth at the threshold, height units.
    pub(super) river_depth: f32,
    /// Metres between neighbouring cells.
    pub(super) cell_size: f32,
    /// The lowest a river bed is carved: the sea level where there is a sea (a river meets the
    /// sea at its level), else no limit.
    pub(super) floor: f32,
}

impl Rivers {
    /// `height` carved down by `depth`, never below [`Rivers::floor`] (nor raised by it).
    fn bed(&self, height: f32, depth: f32) -> f32 {
        (height - depth).max(self.floor.min(height))
    }

    /// Whether a cell with accumulation `acc` holds a river the lattice resolves: above the
    /// threshold and at least half a cell wide ([`river_width_metres`]). A narrower river is
    /// not drawn: its water stays within the cell it runs through.
    fn resolved(&self, acc: u32) -> bool {
        acc > self.river_threshold
            && 2.0 * river_width_metres(acc, self.cell_size) >= self.cell_size
    }

    /// How deep the bed of a channel cell with accumulation `acc` is carved: the
    /// [`river_depth`] of its bed, averaged over the cell where the river is narrower than the
    /// cell, so that a cell sinks by the mean depth of the ground it holds at every cell size.
    fn carve(&self, acc: u32) -> f32 {
        let depth = river_depth(acc, self.river_threshold, self.river_depth);
        let width = river_width_metres(acc, self.cell_size);
        if width >= self.cell_size {
            depth
        } else {
            depth * (width / self.cell_size)
        }
    }
}

/// Where a river's centre-line ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RiverEnd {
    /// It flows into a larger river: its last point is point `point` of line `river` of
    /// [`Grid::rivers`], at that point's level.
    Joins {
        /// The line it flows into.
        river: u32,
        /// The point of that line where it joins.
        point: u32,
    },
    /// It flows into a lake or the sea: its last point is the centre of that water's cell, at
    /// its level.
    Mouth,
    /// It runs off the map at its last point.
    #[default]
    Border,
}

/// A river's smoothed centre-line, from its head downstream: a trunk runs through its
/// confluences, each tributary ends on the line it joins.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RiverLine {
    /// Points `[x, z]` in metres (cell `(x, z)`'s centre is `(x·cell_size, z·cell_size)`).
    pub points: Vec<[f32; 2]>,
    /// The water level at every point, height units: it never rises downstream.
    pub levels: Vec<f32>,
    /// The river's width at every point, metres ([`river_width_metres`]).
    pub widths: Vec<f32>,
    /// The runoff cells upstream of every point.
    pub accumulation: Vec<u32>,
    /// Where the line ends.
    pub end: RiverEnd,
}

impl RiverLine {
    /// The length of the line, metres.
    pub fn length(&self) -> f64 {
        self.points
            .windows(2)
            .map(|p| f64::from(((p[1][0] - p[0][0]).powi(2) + (p[1][1] - p[0][1]).powi(2)).sqrt()))
            .sum()
    }
}

/// The rivers' centre-lines, stored on the grid by the water layer.
#[derive(Clone, Debug, Default, PartialEq)]
struct RiverLines(Vec<RiverLine>);

impl Grid {
    /// The centre-lines of the bounded map's rivers, trunks before their tributaries; empty
    /// without rivers.
    pub fn rivers(&self) -> &[RiverLine] {
        self.products
            .get::<RiverLines>()
            .map_or(&[], |l| l.0.as_slice())
    }

    /// Stores the rivers' centre-lines.
    fn set_rivers(&mut self, lines: Vec<RiverLine>) {
        self.products.insert(RiverLines(lines));
    }
}

/// Clears the rivers' centre-lines.
pub(super) fn clear_rivers(grid: &mut Grid) {
    grid.set_rivers(Vec::new());
}

/// Rivers: the channel cells traced into streams, drawn as smoothed centre-lines and carved
/// along them; the lines are stored on the grid ([`Grid::rivers`]).
pub(super) fn draw_rivers(grid: &mut Grid, drainage: &Drainage, rivers: &Rivers) {
    let channel = network::channel_cells(grid, drainage, rivers);
    let streams = network::streams(grid, drainage, &channel);
    let levels = centreline::channel_levels(grid, drainage, &channel);
    let lines = centreline::centrelines(grid, drainage, &streams, &levels, rivers.cell_size);
    carve::carve_rivers(grid, &streams, &lines, rivers);
    grid.set_rivers(lines);
}

/// Rivers: the length of the rivers' centre-lines, metres.
pub(super) fn river_length(grid: &Grid) -> f64 {
    grid.rivers().iter().map(RiverLine::length).sum()
}

/// Rivers: the width of a river draining [`RIVER_REFERENCE_CATCHMENT`], metres. A river's width
/// grows with the square root of its catchment, as rivers' widths grow with the square root of
/// their discharge.
pub const RIVER_REFERENCE_WIDTH: f32 = 1.0;
/// Rivers: see [`RIVER_REFERENCE_WIDTH`], square metres.
pub const RIVER_REFERENCE_CATCHMENT: f32 = 200.0;

/// Rivers: the width in metres of a river draining `acc` runoff cells of `cell_size` metres:
/// `w = w₀·√(A/A₀)` with `A = acc·c²` (1 m for 200 m², 2 m for 800 m², 40 m for 32 ha).
pub fn river_width_metres(acc: u32, cell_size: f32) -> f32 {
    let area = acc as f32 * cell_size * cell_size;
    RIVER_REFERENCE_WIDTH * (area / RIVER_REFERENCE_CATCHMENT).sqrt()
}

/// Rendered surface of the still water and the dry ground: lakes and sea at their level, without
/// a river width; dry cells 0. River cells keep the level and width their centre-line gave them.
pub(super) fn still_surfaces(grid: &mut Grid) {
    for i in 0..grid.len() {
        let (surface, width) = match grid.water[i] {
            WaterKind::Dry => (0.0, 0.0),
            WaterKind::River => continue,
            _ => (grid.water_level[i], 0.0),
        };
        grid.water_surface[i] = surface;
        grid.river_width[i] = width;
    }
}

/// Rivers, width: the radius in cells of `cell_size` metres (0, 1 or 2) of the water beside a
/// river's drainage path when the river is `width` metres wide: the cells whose centres lie
/// within the river's half width, in whole cells, of its centre-line.
fn river_radius(width: f32, cell_size: f32) -> i64 {
    ((width / (2.0 * cell_size)).floor() as i64).clamp(0, 2)
}
