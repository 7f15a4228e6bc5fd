//! The settlement plan: which hexagons hold a settlement, of which tier, and where the roads
//! between them run, decided on one sampling of the world fixed in metres.
//!
//! The hexagons are ranked by the habitable land around them, and the places of each tier are
//! taken best first. Two samplings of one world rank the hexagons a few per cent apart (rivers
//! and shores move by a cell or two with the cell size), and one swap moves every later choice.
//! So a map whose cells differ from the plan's generates the same world once more on cells of
//! [`PLAN_CELLS_PER_RADIUS`] to the hexagon radius, up to its settlements ([`plan_params`],
//! [`crate::stages::generate::settlement_plan`]), takes its places and roads, and stands each
//! settlement on its own cells in the planned hexagon ([`super::places::place`]) and each road
//! along the planned route ([`route_corridor`], [`super::roads::follow`]). Every map of one world and hexagon size makes the same
//! plan, whatever its cell size; a map on the plan's cells is its own plan.

use super::hexgrid::{Hex, HexGrid};
use super::places::hex_radius;
use super::Tier;
use crate::data::grid::Grid;
use crate::params::{GeneratorParams, WorldMode};

/// Cells of the plan's sampling along a hexagon radius: 3 m cells for the default hexagons of
/// 12 m. Fine enough for a hexagon's land, its slopes and its rivers; coarse enough that the
/// plan costs a small share of a map on finer cells.
pub const PLAN_CELLS_PER_RADIUS: f32 = 4.0;

/// The half-width of a planned road's corridor, in the plan's cells: a map routes each road
/// within this distance of the planned route where it can ([`route_corridor`]). The planned
/// route runs through the centres of the plan's cells, so the best way on finer cells lies
/// within half a plan cell of it.
pub const CORRIDOR_PLAN_CELLS: f32 = 0.5;

/// The smallest half-width of a planned road's corridor, in the map's cells, so that a corridor
/// holds a connected way of cells on a map whose cells are as large as the plan's half-width.
pub const CORRIDOR_MIN_CELLS: f32 = 1.0;

/// How many times dearer a step off a link's corridor is, where the corridor does not join its
/// ends: a map of finer cells than the plan's finds steps too steep for a road, or water, where
/// the plan's cells did not, and goes round them back to the planned route.
pub const OFF_CORRIDOR_COST: f32 = 4.0;

/// How far around each end of a link a road may leave its corridor, in plan cells: where the
/// planned road meets the town's streets, and the settlement stands on the map's own cells.
pub const CORRIDOR_END_PLAN_CELLS: f32 = 2.0;

/// The plan of a world's settlements and roads.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// Each settlement's hexagon (axial coordinates, the same on every cell size) and tier,
    /// largest first, in rank order.
    pub places: Vec<(Hex, Tier)>,
    /// The links between settlements, in the order the plan made them.
    pub links: Vec<PlannedLink>,
    /// The size of the plan's cells, metres.
    pub cell_size: f32,
}

/// One planned link between two settlements: their hexagons and the route, in metres from the
/// map's corner (cell centres of the plan's map).
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedLink {
    /// The hexagon of the settlement it starts from.
    pub from: Hex,
    /// The hexagon of the settlement it ends at.
    pub to: Hex,
    /// Its route, metres.
    pub route: Vec<[f32; 2]>,
}

/// The size of the plan's cells for `params`, metres: the hexagon radius over
/// [`PLAN_CELLS_PER_RADIUS`].
pub fn plan_cell(params: &GeneratorParams) -> f32 {
    params.settlements.hex_radius / PLAN_CELLS_PER_RADIUS
}

/// The parameters of a map's plan: the world's, on cells of [`plan_cell`] metres, as many as
/// cover the map; or `None` when the map is its own plan: settlements off, an endless world,
/// cells of the plan's size already, or hexagons widened to the map's fewest cells per hexagon
/// ([`hex_radius`]), which depend on its cells.
pub fn plan_params(params: &GeneratorParams) -> Option<GeneratorParams> {
    let s = &params.settlements;
    let cell = params.cell_size;
    let plan = plan_cell(params);
    let own = (plan - cell).abs() <= 1e-6 * cell;
    if !s.enabled
        || params.world_mode != WorldMode::Bounded
        || own
        || hex_radius(s, cell) != s.hex_radius
    {
        return None;
    }
    let cells = |n: u32| {
        let metres = f64::from(n) * f64::from(cell);
        ((metres / f64::from(plan) - 1e-6).ceil().max(1.0)) as u32
    };
    let plan_params = GeneratorParams {
        width: cells(params.width),
        depth: cells(params.depth),
        cell_size: plan,
        ..*params
    };
    plan_params.validate().ok()?;
    Some(plan_params)
}

impl Plan {
    /// The plan a map generated on the plan's cells (of `cell_size` metres, hexagons of
    /// `hex_radius` metres) holds: its settlements' hexagons and tiers, and its links.
    pub fn of(grid: &Grid, cell_size: f32, hex_radius: f32) -> Self {
        let cell = cell_size;
        let hexes = HexGrid {
            size: hex_radius / cell,
        };
        Plan {
            places: grid
                .settlements()
                .iter()
                .map(|s| (hexes.hex_of(s.position[0], s.position[1]), s.tier))
                .collect(),
            links: grid
                .road_links()
                .iter()
                .map(|l| PlannedLink {
                    from: l.from,
                    to: l.to,
                    route: l
                        .cells
                        .iter()
                        .map(|&c| {
                            let (x, z) = grid.xz(c as usize);
                            [(x as f32 + 0.5) * cell, (z as f32 + 0.5) * cell]
                        })
                        .collect(),
                })
                .collect(),
            cell_size,
        }
    }
}

/// Marks in `inside` (a `width × depth` map of `cell`-metre cells) the cells along a planned
/// `route` (metres): within [`CORRIDOR_PLAN_CELLS`] plan cells (`plan_cell` metres) of it, and at
/// least [`CORRIDOR_MIN_CELLS`] of the map's cells. Returns the cells it marked, each once, so the
/// caller can clear them again.
pub fn route_corridor(
    route: &[[f32; 2]],
    cell: f32,
    plan_cell: f32,
    width: usize,
    inside: &mut [bool],
) -> Vec<usize> {
    let depth = inside.len() / width.max(1);
    let reach = (CORRIDOR_PLAN_CELLS * plan_cell / cell).max(CORRIDOR_MIN_CELLS);
    let r = reach.ceil() as i64;
    let mut out = Vec::new();
    let mut mark = |x: f32, z: f32| {
        let (cx, cz) = (x.floor() as i64, z.floor() as i64);
        for j in (cz - r).max(0)..=(cz + r).min(depth as i64 - 1) {
            for i in (cx - r).max(0)..=(cx + r).min(width as i64 - 1) {
                let (dx, dz) = (i as f32 + 0.5 - x, j as f32 + 0.5 - z);
                let c = j as usize * width + i as usize;
                if dx * dx + dz * dz <= reach * reach && !inside[c] {
                    inside[c] = true;
                    out.push(c);
                }
            }
        }
    };
    let points: Vec<[f32; 2]> = route.iter().map(|p| p.map(|v| v / cell)).collect();
    if let [only] = points[..] {
        mark(only[0], only[1]);
    }
    for seg in points.windows(2) {
        let (a, b) = (seg[0], seg[1]);
        let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        let steps = ((len / 0.5).ceil() as usize).max(1);
        for k in 0..=steps {
            let t = k as f32 / steps as f32;
            mark(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default world over `side` cells of `cell` metres with settlements on hexagons of
    /// 32 m: a plan on cells of 8 m.
    fn world(side: u32, cell: f32) -> GeneratorParams {
        let mut p = GeneratorParams {
            width: side,
            depth: side,
            cell_size: cell,
            ..Default::default()
        };
        p.settlements.enabled = true;
        p.settlements.hex_radius = 32.0;
        p
    }

    #[test]
    fn two_samplings_of_one_world_have_one_plans_map() {
        let (a, b) = (
            plan_params(&world(64, 4.0)).unwrap(),
            plan_params(&world(256, 1.0)).unwrap(),
        );
        assert_eq!(a, b, "the same plan's map");
        assert_eq!((a.width, a.cell_size), (32, 8.0));
    }

    #[test]
    fn a_map_on_the_plans_cells_or_without_settlements_is_its_own_plan() {
        assert!(plan_params(&world(16, 8.0)).is_none(), "its own cells");
        let mut off = world(128, 1.0);
        off.settlements.enabled = false;
        assert!(plan_params(&off).is_none(), "settlements off");
        // Hexagons widened to three cells of 16 m: they depend on the map's cells.
        assert!(plan_params(&world(8, 16.0)).is_none(), "widened hexagons");
        // A map that does not fall on whole plan cells is covered by them.
        assert_eq!(plan_params(&world(100, 1.0)).unwrap().width, 13);
    }

    #[test]
    fn a_corridor_follows_the_planned_route() {
        // 1 m cells, plan cells of 8 m: 4 m each side of the route.
        let mut inside = vec![false; 32 * 32];
        let cells = route_corridor(&[[2.0, 10.0], [20.0, 10.0]], 1.0, 8.0, 32, &mut inside);
        let on = |x: usize, z: usize| inside[z * 32 + x];
        assert_eq!(inside.iter().filter(|&&c| c).count(), cells.len());
        assert!(cells.iter().all(|&c| inside[c]));
        assert!(on(16, 10) && on(16, 13) && on(16, 6));
        assert!(!on(16, 14) && !on(16, 5));
        assert!(
            on(23, 10) && !on(25, 10),
            "four metres beyond the route's end"
        );
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), cells.len(), "each cell once");
        // On 4 m cells under plan cells of 4 m the corridor is still a cell each way: the route
        // runs along the middle of row 2.
        let mut coarse = vec![false; 8 * 8];
        route_corridor(&[[2.0, 10.0], [30.0, 10.0]], 4.0, 4.0, 8, &mut coarse);
        let rows: Vec<bool> = (0..5).map(|z| coarse[z * 8 + 4]).collect();
        assert_eq!(rows, [false, true, true, true, false]);
    }
}
