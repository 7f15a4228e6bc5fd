//! Roads that follow a settlement plan ([`crate::stages::settlements::plan`]): the plan's links,
//! in its order, each routed on the map's own cells within a corridor along the plan's route.

use super::lattice::Lattice;
use super::{join, pairs, site_hexes, Builder, Link, Road, RoadGround, Sets};
use crate::stages::settlements::hexgrid::{Hex, HexGrid};
use crate::stages::settlements::plan::{self, PlannedLink};
use crate::stages::settlements::Settlement;

/// The roads joining `sites` over `ground` as the plan's `links` join them:
///
/// 1. the designer's `drawn` roads;
/// 2. each planned link between two settlements of the map (found by their hexagons of
///    `hexes`), from one settlement's cell to the other's, or where the map's ground does not
///    join them, from the cell within a hexagon radius of one end, nearest it, that joins the
///    other ([`reachable_ends`]); routed within the link's corridor
///    ([`plan::route_corridor`]) where that joins its ends, else on the whole map at
///    [`plan::OFF_CORRIDOR_COST`] times the cost off the corridor;
/// 3. the links the map's ground needs beyond the plan's: between the nearest settlements that
///    land joins and the links made do not, as [`super::build`] joins them;
/// 4. a link from each drawn road that the network does not reach to the settlement nearest its
///    ends.
///
/// `streets` marks the cells of town streets; `cell` and `plan_cell` are the map's and the plan's
/// cell sizes in metres.
#[allow(clippy::too_many_arguments)]
pub fn build(
    ground: &RoadGround,
    sites: &[Settlement],
    hexes: HexGrid,
    streets: &[bool],
    drawn: &[Vec<usize>],
    links: &[PlannedLink],
    cell: f32,
    plan_cell: f32,
) -> (Vec<Road>, Vec<Link>) {
    let component = ground.components();
    let hex = site_hexes(sites, hexes);
    let lattice = Lattice::of(ground);
    let mut builder = Builder::new(ground, lattice.as_ref(), streets, drawn);
    let ends = plan::CORRIDOR_END_PLAN_CELLS * plan_cell / cell;
    let mut inside = vec![false; ground.width * ground.depth];
    let mut sets = Sets((0..sites.len()).collect());
    let mut made = Vec::new();
    for link in links {
        let find = |h: Hex| hex.iter().position(|&x| x == h);
        let (Some(a), Some(b)) = (find(link.from), find(link.to)) else {
            continue;
        };
        let (from, to) = (sites[a].cell as usize, sites[b].cell as usize);
        let Some((from, to)) = reachable_ends(ground, &component, from, to, hexes.size) else {
            continue;
        };
        let marked = plan::route_corridor(&link.route, cell, plan_cell, ground.width, &mut inside);
        let path = along_corridor(&mut builder, from, to, |c| {
            inside[c] || within(ground.width, c, from, ends) || within(ground.width, c, to, ends)
        });
        for &c in &marked {
            inside[c] = false;
        }
        if let Some(path) = path {
            builder.add(&path);
            if component[sites[a].cell as usize] == component[sites[b].cell as usize] {
                sets.union(a, b);
            }
            made.push(Link::new(hex[a], hex[b], &path));
        }
    }
    for (a, b) in pairs(sites, &component, &hex) {
        if sets.find(a) == sets.find(b) {
            continue;
        }
        let (from, to) = (sites[a].cell as usize, sites[b].cell as usize);
        if let Some(path) = builder.link(from, to) {
            sets.union(a, b);
            made.push(Link::new(hex[a], hex[b], &path));
        }
    }
    for run in drawn {
        join(&mut builder, run, sites, &component);
    }
    (builder.roads, made)
}

/// The route from `from` to `to` on the cells `along` holds for, or where those do not join
/// them, on the whole map at [`plan::OFF_CORRIDOR_COST`] times the cost off them.
fn along_corridor(
    builder: &mut Builder,
    from: usize,
    to: usize,
    along: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let road = &builder.on_road;
    builder
        .links
        .link_weighted(from, to, road, |c| along(c).then_some(1.0))
        .or_else(|| {
            let off = plan::OFF_CORRIDOR_COST;
            builder
                .links
                .link_weighted(from, to, road, |c| Some(if along(c) { 1.0 } else { off }))
        })
}

/// Whether cell `c` lies within `reach` cells of cell `end` on a map `width` cells wide.
fn within(width: usize, c: usize, end: usize, reach: f32) -> bool {
    let dx = (c % width) as f32 - (end % width) as f32;
    let dz = (c / width) as f32 - (end / width) as f32;
    dx * dx + dz * dz <= reach * reach
}

/// The ends of a planned link on the map's ground: `from` and `to` where a road can join them
/// (one `component`); else the cell within `reach` cells of `from` nearest it that joins `to`, or
/// failing that the cell within `reach` of `to` nearest it that joins `from` (ties: the lower
/// cell). A settlement the plan's cells reached may stand on a rise or a spit of land that the
/// map's finer ground cuts off: the road then ends at its foot. `None` when neither joins.
pub fn reachable_ends(
    ground: &RoadGround,
    component: &[u32],
    from: usize,
    to: usize,
    reach: f32,
) -> Option<(usize, usize)> {
    let (cf, ct) = (component[from], component[to]);
    if cf == u32::MAX || ct == u32::MAX {
        return None;
    }
    if cf == ct {
        return Some((from, to));
    }
    let nearest = |end: usize, label: u32| {
        let (w, d) = (ground.width as i64, ground.depth as i64);
        let (x, z) = ((end % ground.width) as i64, (end / ground.width) as i64);
        let r = reach.ceil() as i64;
        let mut best: Option<(i64, usize)> = None;
        for j in (z - r).max(0)..=(z + r).min(d - 1) {
            for i in (x - r).max(0)..=(x + r).min(w - 1) {
                let c = (j * w + i) as usize;
                let d2 = (i - x).pow(2) + (j - z).pow(2);
                if component[c] == label
                    && d2 as f32 <= reach * reach
                    && best.is_none_or(|(b, _)| d2 < b)
                {
                    best = Some((d2, c));
                }
            }
        }
        best.map(|(_, c)| c)
    };
    nearest(from, ct)
        .map(|c| (c, to))
        .or_else(|| nearest(to, cf).map(|c| (from, c)))
}
