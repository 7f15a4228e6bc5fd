//! The meshes of settlements, in the terrain mesh's space: the roads between them and the streets
//! inside them as ribbons over the surface ([`super::ribbon`]), and the buildings split into walls
//! (with their facade coordinates, for a window shader) and roofs.

use super::deck::{profile_above, Profile};
use super::ribbon::{draw, ribbon, RibbonStyle};
use super::water_surface::water_height;
use super::{surface_height_valid, Mesh};
use crate::data::grid::Grid;
use crate::params::MeshParams;
use crate::stages::settlements::Road;
use crate::stages::towns::blocks::{MAJOR_HALF_WIDTH, MINOR_HALF_WIDTH};
use crate::stages::towns::{buildings_mesh, Town};

/// Ribbons lie this many world units above the surface.
pub const ROAD_LIFT: f32 = 0.03;
/// A bridge deck keeps this many cells of clearance over the ground below it.
pub const BRIDGE_CLEARANCE: f32 = 0.6;
/// A bridge deck's side walls are this many cells deep.
pub const BRIDGE_DECK: f32 = 0.3;
/// Colour of the roads between settlements (sRGB).
pub const ROAD_COLOR: [f32; 4] = [0.47, 0.41, 0.33, 1.0];
/// Colour of the streets inside towns (sRGB).
pub const STREET_COLOR: [f32; 4] = [0.40, 0.39, 0.38, 1.0];
/// Colour of bridges (sRGB).
pub const BRIDGE_COLOR: [f32; 4] = [0.50, 0.44, 0.36, 1.0];
/// Facade coordinates of the triangles that take no windows (roofs and gables).
pub const NO_FACADE: [f32; 2] = [-1.0, -1.0];
/// Walls are the triangles whose normal leans less than this from the horizontal (its `y`).
const WALL_NORMAL_Y: f32 = 0.05;

/// A road between settlements: a polyline in cell coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoadLine<'a> {
    /// Points `[x, z]` in cell coordinates.
    pub points: &'a [[f32; 2]],
    /// Per segment (from point `i` to `i + 1`), whether it is a bridge.
    pub bridge: &'a [bool],
    /// Width across, in cells.
    pub width: f32,
}

/// The meshes of the settlements of a map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettlementMeshes {
    /// Roads, streets and bridges.
    pub roads: Mesh,
    /// Building walls.
    pub walls: Mesh,
    /// Per wall vertex, `[along the facade, above the building's foot]` in world units.
    pub facade: Vec<[f32; 2]>,
    /// Roofs and gables.
    pub roofs: Mesh,
}

impl SettlementMeshes {
    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.roads.vertex_count() == 0
            && self.walls.vertex_count() == 0
            && self.roofs.vertex_count() == 0
    }
}

/// Per segment of `road` (from point `i` to `i + 1`), whether it is a bridge: either end lies
/// on a bridge cell.
pub fn segment_bridges(road: &Road) -> Vec<bool> {
    road.bridge.windows(2).map(|w| w[0] || w[1]).collect()
}

/// The meshes of the settlements a grid holds (its roads and its towns), on its surface as
/// [`super::build_mesh`] draws it with `params`; empty when the grid has none.
pub fn grid_settlement_meshes(grid: &Grid, params: &MeshParams) -> SettlementMeshes {
    let bridges: Vec<Vec<bool>> = grid.roads().iter().map(segment_bridges).collect();
    let roads: Vec<RoadLine> = grid
        .roads()
        .iter()
        .zip(&bridges)
        .map(|(r, bridge)| RoadLine {
            points: &r.points,
            bridge,
            width: r.width,
        })
        .collect();
    settlement_meshes(grid, params, &roads, grid.towns())
}

/// The profiles of the grid's roads that cross a bridge, as their ribbons are laid
/// ([`road_profile`]), each with its road's width in world units.
pub fn grid_bridge_profiles(grid: &Grid, params: &MeshParams) -> Vec<(Profile, f32)> {
    (grid.roads().iter())
        .filter(|r| r.bridge.contains(&true))
        .map(|r| {
            let bridge = segment_bridges(r);
            let line = RoadLine {
                points: &r.points,
                bridge: &bridge,
                width: r.width,
            };
            (
                road_profile(grid, params, &line),
                r.width * params.cell_size,
            )
        })
        .collect()
}

/// How a ribbon `width` cells wide in `color` looks on a map of cells `cell_size` wide.
fn style(cell_size: f32, width: f32, color: [f32; 4]) -> RibbonStyle {
    RibbonStyle {
        width: width * cell_size,
        lift: ROAD_LIFT,
        clearance: BRIDGE_CLEARANCE * cell_size,
        deck: BRIDGE_DECK * cell_size,
        color,
        bridge_color: BRIDGE_COLOR,
    }
}

/// The points of a line in cell units, in world units.
fn to_world(points: &[[f32; 2]], cell_size: f32) -> Vec<[f32; 2]> {
    points
        .iter()
        .map(|[x, z]| [x * cell_size, z * cell_size])
        .collect()
}

/// The longest distance between two samples of a ribbon: the mesh's micro-quad size.
fn ribbon_step(params: &MeshParams) -> f32 {
    params.cell_size / params.subdivisions.max(1) as f32
}

/// The ribbon profile of `road` on `grid`'s surface as [`super::build_mesh`] draws it with
/// `params`: its line smoothed ([`smooth`]), in world units, with the heights of the deck rule
/// ([`super::deck`]), off its bridges never below the water drawn over the ground
/// ([`water_height`]), so the road and its bridges' ends stay out of the river beside them. The
/// road's ribbon is drawn from it, and its bridges' navigation decks are laid on it.
pub fn road_profile(grid: &Grid, params: &MeshParams, road: &RoadLine) -> Profile {
    let cs = params.cell_size;
    let (points, bridge) = smooth(road.points, road.bridge);
    let s = style(cs, road.width, ROAD_COLOR);
    profile_above(
        &to_world(&points, cs),
        &bridge,
        &s,
        ribbon_step(params),
        surface(grid, params),
        |x, z| water_height(grid, params, x, z).unwrap_or(f32::NEG_INFINITY),
    )
}

/// The surface height of `grid` drawn with `params` at a point, clamped onto the map (0 for
/// invalid settings, checked once rather than at every point).
fn surface<'a>(grid: &'a Grid, params: &'a MeshParams) -> impl Fn(f32, f32) -> f32 + 'a {
    let cs = params.cell_size;
    let (w, d) = (grid.width() as f32 * cs, grid.depth() as f32 * cs);
    let valid = params.validate().is_ok();
    move |x: f32, z: f32| match valid {
        true => surface_height_valid(grid, params, x.clamp(0.0, w), z.clamp(0.0, d)).unwrap_or(0.0),
        false => 0.0,
    }
}

/// The meshes of `roads` and `towns` on `grid`'s surface as [`super::build_mesh`] draws it with
/// `params`.
pub fn settlement_meshes(
    grid: &Grid,
    params: &MeshParams,
    roads: &[RoadLine],
    towns: &[Town],
) -> SettlementMeshes {
    let mut out = SettlementMeshes::default();
    let cs = params.cell_size;
    for road in roads {
        let s = style(cs, road.width, ROAD_COLOR);
        draw(&road_profile(grid, params, road), &s, &mut out.roads);
    }
    for town in towns {
        for street in &town.streets {
            let half = if street.major {
                MAJOR_HALF_WIDTH
            } else {
                MINOR_HALF_WIDTH
            };
            // Street half widths are in metres.
            let s = style(cs, 2.0 * half / cs, STREET_COLOR);
            ribbon(
                &to_world(&street.points, cs),
                &[],
                &s,
                ribbon_step(params),
                surface(grid, params),
                &mut out.roads,
            );
        }
        for b in &town.buildings {
            let mesh = buildings_mesh(std::slice::from_ref(b), cs, params.height_scale);
            let foot = b.base * params.height_scale;
            let top = (b.base + b.height) * params.height_scale;
            split_walls(&mesh, foot, top, &mut out);
        }
    }
    out
}

/// One pass of corner cutting (Chaikin): each segment keeps its middle half, and the corners
/// between segments are cut; the ends stay. A cut corner is a bridge when both segments are.
pub fn smooth(points: &[[f32; 2]], bridge: &[bool]) -> (Vec<[f32; 2]>, Vec<bool>) {
    if points.len() < 3 {
        return (points.to_vec(), bridge.to_vec());
    }
    let flag = |i: usize| bridge.get(i).copied().unwrap_or(false);
    let lerp =
        |a: [f32; 2], b: [f32; 2], t: f32| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    let last = points.len() - 2;
    let mut out = vec![points[0]];
    let mut flags = Vec::new();
    for (i, pair) in points.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if i > 0 {
            out.push(lerp(a, b, 0.25));
            flags.push(flag(i - 1) && flag(i));
        }
        flags.push(flag(i));
        out.push(if i < last { lerp(a, b, 0.75) } else { b });
    }
    (out, flags)
}

/// Sorts the triangles of one building into walls (with their facade coordinates) and roofs.
fn split_walls(mesh: &Mesh, foot: f32, top: f32, out: &mut SettlementMeshes) {
    for t in 0..mesh.triangle_count() {
        let range = 3 * t..3 * t + 3;
        let n = mesh.normals[3 * t];
        let corners = &mesh.positions[range.clone()];
        let wall = n[1].abs() < WALL_NORMAL_Y && corners.iter().all(|p| p[1] <= top + 1e-4);
        let target = if wall { &mut out.walls } else { &mut out.roofs };
        target.positions.extend_from_slice(corners);
        target
            .normals
            .extend_from_slice(&mesh.normals[range.clone()]);
        target.colors.extend_from_slice(&mesh.colors[range]);
        if wall {
            // Along the facade: the horizontal direction across the normal.
            let len = (n[0] * n[0] + n[2] * n[2]).sqrt().max(f32::EPSILON);
            let along = [-n[2] / len, n[0] / len];
            out.facade.extend(
                corners
                    .iter()
                    .map(|p| [p[0] * along[0] + p[2] * along[1], p[1] - foot]),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::towns::{grow_town, TownSite};

    fn flat_grid(side: usize, height: f32) -> Grid {
        let mut g = Grid::new(side, side);
        g.height.iter_mut().for_each(|h| *h = height);
        g
    }

    #[test]
    fn roads_and_towns_lie_on_the_surface_with_walls_apart_from_roofs() {
        let grid = flat_grid(64, 0.5);
        let params = MeshParams {
            roughness_strength: 0.0,
            ..MeshParams::default()
        };
        // On 8 m cells: a town 144 m across its radius.
        let town = grow_town(
            &TownSite::new([32.0, 32.0], 18.0, 0.9, 3).with_cell_size(8.0),
            &grid,
        );
        assert!(!town.buildings.is_empty());
        let line = [[2.0, 2.0], [30.0, 10.0], [60.0, 60.0]];
        let roads = [RoadLine {
            points: &line,
            bridge: &[false, false],
            width: 1.5,
        }];
        let m = settlement_meshes(&grid, &params, &roads, std::slice::from_ref(&town));
        assert!(!m.is_empty());
        let ground = 0.5 * params.height_scale;
        for p in &m.roads.positions {
            assert!((p[1] - (ground + ROAD_LIFT)).abs() < 1e-3, "{p:?}");
        }
        assert_eq!(m.facade.len(), m.walls.vertex_count());
        assert!(m.walls.vertex_count() > 0 && m.roofs.vertex_count() > 0);
        for (n, f) in m.walls.normals.iter().zip(&m.facade) {
            assert!(n[1].abs() < WALL_NORMAL_Y);
            assert!(f[1] >= -1e-3, "facades start at the foot: {f:?}");
        }
        for n in &m.roofs.normals {
            assert!(n[1] > -WALL_NORMAL_Y, "no roof faces down");
        }
    }

    #[test]
    fn smoothing_cuts_corners_and_keeps_ends_and_bridges() {
        let points = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [8.0, 4.0]];
        let (p, b) = smooth(&points, &[false, true, false]);
        assert_eq!(p.len() - 1, b.len(), "one flag per segment");
        assert_eq!(p[0], points[0]);
        assert_eq!(*p.last().unwrap(), points[3]);
        assert!(
            !p.contains(&[4.0, 0.0]) && !p.contains(&[4.0, 4.0]),
            "corners cut: {p:?}"
        );
        // The middle half of the bridge segment is still a bridge; the cut corners are not.
        let bridge_mid: Vec<_> = p
            .windows(2)
            .zip(&b)
            .filter(|(_, f)| **f)
            .map(|(s, _)| s.to_vec())
            .collect();
        assert_eq!(bridge_mid, vec![vec![[4.0, 1.0], [4.0, 3.0]]]);
        let (short, _) = smooth(&points[..2], &[true]);
        assert_eq!(short, points[..2].to_vec());
    }

    #[test]
    fn nothing_to_draw_without_roads_or_towns() {
        let grid = flat_grid(8, 0.2);
        let m = settlement_meshes(&grid, &MeshParams::default(), &[], &[]);
        assert!(m.is_empty());
    }
}
