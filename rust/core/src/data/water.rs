//! Water data shared by the grid and the algorithms: the kind of water on a cell and the lakes.
//!
//! This module holds data only; the hydrology that finds lakes and rivers
//! ([`crate::algorithms::hydrology`]) and the grid that stores them ([`crate::data::grid`]) both build on it.

use serde::{Deserialize, Serialize};

/// What kind of water covers a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum WaterKind {
    /// No water.
    #[default]
    Dry = 0,
    /// Part of a lake: a filled depression (see [`Grid::lakes`](crate::data::grid::Grid::lakes)).
    Lake = 1,
    /// A river channel: accumulated flow above the river threshold.
    River = 2,
    /// Below sea level and open to the map border.
    Sea = 3,
}

impl WaterKind {
    /// Every kind, in the order of their numeric values.
    pub const ALL: [WaterKind; 4] = [
        WaterKind::Dry,
        WaterKind::Lake,
        WaterKind::River,
        WaterKind::Sea,
    ];

    /// Lower-case name, as used in statistics and scripts.
    pub fn name(self) -> &'static str {
        match self {
            WaterKind::Dry => "dry",
            WaterKind::Lake => "lake",
            WaterKind::River => "river",
            WaterKind::Sea => "sea",
        }
    }
}

/// One lake.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lake {
    /// Identifier, `1..=lakes.len()`: the lake is `lakes[id − 1]`.
    pub id: u32,
    /// Water surface level, in height units.
    pub level: f32,
    /// Number of cells.
    pub cells: u32,
    /// Level minus the height of the deepest cell.
    pub max_depth: f32,
    /// Index of the deepest cell.
    pub lowest: u32,
    /// Index of the outflow: the cell on the rim, at the lake's level, through which the lake
    /// spills.
    pub outflow: u32,
    /// The cell the outflow drains into, or `None` when it drains off the map.
    pub drain: Option<u32>,
    /// Bounding box of the lake's cells: `[min_x, min_z, max_x, max_z]`, inclusive.
    pub bounds: [u32; 4],
}
