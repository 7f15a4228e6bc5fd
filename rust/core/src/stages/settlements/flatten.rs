//! The height override: level ground under settlement sites and road beds, blended back into the
//! terrain at their edges. Water cells are never touched (a bridge leaves its river as it is).
//!
//! **Sites** are levelled first, to the height of the settlement's cell over its site radius, so
//! the roads are routed over the levelled ground.
//!
//! **Road beds**: the roads are routed over the ground smoothed by a small box filter
//! ([`Ground`](super::roads::RoadGround)); each centre cell (a road's land cell) is cut or filled to
//! that smoothed height, so along the road the grade is what the router allowed, and every dry
//! cell within half the road width of a centre cell takes exactly the height of the nearest one
//! (ties: the lower cell index). Beyond the bed the ground blends back over another road width.
//!
//! **Tolerance across a road**: a bed cell is level with the road point nearest to it, exactly;
//! against any other point of the same road within half a width of it, it differs by at most the
//! road's rise between the two points, `max_road_grade` × their distance along the road. Where the
//! road runs straight across its width (the two points at most a road width apart along it), that
//! is at most `max_road_grade × settlements_road_bed_width` metres. Where two roads, or two legs of a
//! road winding up a slope, come within a road width of each other, each bed cell follows the
//! nearer one.

use super::roads::Road;
use super::Settlement;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;

/// The blend band of a site, as a share of its radius (at least [`MIN_SITE_BLEND`]).
pub const SITE_BLEND_SHARE: f32 = 0.75;
/// Narrowest blend band of a site, metres.
pub const MIN_SITE_BLEND: f32 = 2.0;

/// `0..=1` rising smoothly from `t = 0` to `t = 1`.
fn smoothstep(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Every cell whose centre lies within `reach` cells of point `p`, with its distance, row by row.
fn disc(grid: &Grid, p: [f32; 2], reach: f32) -> impl Iterator<Item = (usize, f32)> + '_ {
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    let lo = |v: f32| ((v - reach - 0.5).floor() as i64).max(0);
    let hi = |v: f32, n: i64| ((v + reach - 0.5).ceil() as i64).min(n - 1);
    let (x0, x1, z0, z1) = (lo(p[0]), hi(p[0], w), lo(p[1]), hi(p[1], d));
    (z0..=z1).flat_map(move |z| {
        (x0..=x1).filter_map(move |x| {
            let (dx, dz) = (x as f32 + 0.5 - p[0], z as f32 + 0.5 - p[1]);
            let dist = (dx * dx + dz * dz).sqrt();
            (dist <= reach).then(|| ((z * w + x) as usize, dist))
        })
    })
}

/// The blend band, in cells, of a site of radius `radius` cells on cells of `cell_size` metres.
pub fn site_blend(radius: f32, cell_size: f32) -> f32 {
    (radius * SITE_BLEND_SHARE).max(MIN_SITE_BLEND / cell_size)
}

/// Levels each site to the height of its settlement's cell over its radius and blends it back
/// over [`site_blend`] (cells of `cell_size` metres); returns the dry cells within each radius
/// (the site cells).
pub fn sites(grid: &mut Grid, sites: &[Settlement], cell_size: f32) -> Vec<bool> {
    let mut site = vec![false; grid.len()];
    for s in sites {
        let target = grid.height[s.cell as usize];
        let blend = site_blend(s.radius, cell_size);
        let cells: Vec<(usize, f32)> = disc(grid, s.position, s.radius + blend).collect();
        for (i, dist) in cells {
            if grid.water[i] != WaterKind::Dry {
                continue;
            }
            let w = if dist <= s.radius {
                site[i] = true;
                1.0
            } else {
                smoothstep((s.radius + blend - dist) / blend)
            };
            grid.height[i] += (target - grid.height[i]) * w;
        }
    }
    site
}

/// The nearest land centre cell of every cell within `reach` of one: `(distance², centre)`,
/// `(∞, u32::MAX)` elsewhere.
fn nearest_centres(grid: &Grid, centres: &[usize], reach: f32) -> Vec<(f32, u32)> {
    let mut near = vec![(f32::INFINITY, u32::MAX); grid.len()];
    for &c in centres {
        let (x, z) = grid.xz(c);
        for (i, dist) in disc(grid, [x as f32 + 0.5, z as f32 + 0.5], reach) {
            let d2 = dist * dist;
            if d2 < near[i].0 {
                near[i] = (d2, c as u32);
            }
        }
    }
    near
}

/// The land cells of the roads, each once, ascending.
pub fn centre_cells(grid: &Grid, roads: &[Road]) -> Vec<usize> {
    let mut cells: Vec<usize> = roads
        .iter()
        .flat_map(|r| r.cells.iter().map(|&c| c as usize))
        .filter(|&c| grid.water[c] == WaterKind::Dry)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Levels the bed of every road, `width` cells wide (the centre cells always), to the road height (`road`, per cell: the
/// routed ground) of its nearest centre cell and blends the ground back over another `width`;
/// returns the bed cells (the centre cells included).
pub fn roads(grid: &mut Grid, roads: &[Road], road: &[f32], width: f32) -> Vec<bool> {
    let half = width * 0.5;
    let reach = half + width;
    let centres = centre_cells(grid, roads);
    let near = nearest_centres(grid, &centres, reach);
    let mut bed = vec![false; grid.len()];
    let base = grid.height.clone();
    for (i, &(d2, c)) in near.iter().enumerate() {
        if c == u32::MAX || grid.water[i] != WaterKind::Dry {
            continue;
        }
        let dist = d2.sqrt();
        let target = road[c as usize];
        grid.height[i] = if dist <= half {
            // Exactly the road's height (a blend at weight 1 may round).
            bed[i] = true;
            target
        } else {
            base[i] + (target - base[i]) * smoothstep((reach - dist) / width)
        };
    }
    bed
}

/// Fills in each road's heights from the routed ground: the levelled ground on land (the bed
/// levelling sets the centre cells to it), the deck on a bridge.
pub fn road_heights(ground: &super::roads::RoadGround, road: &mut Road) {
    road.heights = road
        .cells
        .iter()
        .map(|&c| ground.height[c as usize])
        .collect();
}
