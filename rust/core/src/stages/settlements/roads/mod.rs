//! Roads between settlements: a minimum spanning tree over the settlements that a road can join
//! (one tree per land component), plus the shortest extra links where the tree makes a long
//! detour. Each link is a least-cost path ([`astar`]) that prefers cells already on a road, so
//! links merge into one network, pulled straight between the points where it has to turn
//! ([`straighten`]); the output keeps each cell once, as polylines that end on a
//! settlement or on another road.

pub mod astar;
pub mod ground;
pub mod network;
pub mod straighten;

pub use ground::{Footing, RoadGround};
pub use network::RoadNetwork;

use super::Settlement;
use astar::Router;

/// A link is added beyond the tree only where the network's way between its ends is longer than
/// this many times the straight line.
pub const DETOUR_RATIO: f32 = 1.5;
/// Each settlement's nearest settlements considered for an extra link.
pub const EXTRA_NEIGHBOURS: usize = 4;

/// One road: a polyline through cell centres, in cell units (`x` along the width, `z` along the
/// depth; cell `(i, j)` covers `[i, i + 1) × [j, j + 1)`, so its centre is `(i + 0.5, j + 0.5)`).
#[derive(Clone, Debug, PartialEq)]
pub struct Road {
    /// The points, one per cell, neighbours on the grid.
    pub points: Vec<[f32; 2]>,
    /// The cell of each point (`z * width + x`).
    pub cells: Vec<u32>,
    /// The road's height at each point, height units: the (flattened) ground, or on a bridge the
    /// deck, running straight from bank to bank.
    pub heights: Vec<f32>,
    /// Whether each point lies on a bridge (over a river cell).
    pub bridge: Vec<bool>,
    /// Width across, cells: the bed levelled under the road and its ribbon
    /// (`settlements_road_bed_width` over the cell size).
    pub width: f32,
}

impl Road {
    /// A road through `cells` of a map `width` cells wide, its heights and width to be filled in.
    fn new(cells: &[usize], width: usize, ground: &RoadGround) -> Self {
        Road {
            points: cells
                .iter()
                .map(|&c| [(c % width) as f32 + 0.5, (c / width) as f32 + 0.5])
                .collect(),
            cells: cells.iter().map(|&c| c as u32).collect(),
            heights: vec![0.0; cells.len()],
            bridge: cells
                .iter()
                .map(|&c| ground.footing[c] == Footing::River)
                .collect(),
            width: 1.0,
        }
    }

    /// Length in cells.
    pub fn length(&self) -> f32 {
        self.points
            .windows(2)
            .map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt())
            .sum()
    }
}

/// Union-find over settlement ids.
struct Sets(Vec<usize>);

impl Sets {
    fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a.max(b)] = a.min(b);
    }
}

/// Squared straight-line distance between two settlements, cells².
fn distance2(a: &Settlement, b: &Settlement) -> f32 {
    (a.position[0] - b.position[0]).powi(2) + (a.position[1] - b.position[1]).powi(2)
}

/// Every pair of settlements on one component, nearest first (ties by ids).
fn pairs(sites: &[Settlement], component: &[u32]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for a in 0..sites.len() {
        for b in a + 1..sites.len() {
            let (ca, cb) = (
                component[sites[a].cell as usize],
                component[sites[b].cell as usize],
            );
            if ca != u32::MAX && ca == cb {
                out.push((a, b));
            }
        }
    }
    out.sort_by(|&(a, b), &(c, d)| {
        distance2(&sites[a], &sites[b])
            .total_cmp(&distance2(&sites[c], &sites[d]))
            .then((a, b).cmp(&(c, d)))
    });
    out
}

/// The roads being built: the cell mask, the links already drawn and the polylines.
struct Builder<'a> {
    ground: &'a RoadGround,
    on_road: Vec<bool>,
    links: std::collections::BTreeSet<(usize, usize)>,
    roads: Vec<Road>,
}

impl Builder<'_> {
    /// Adds a path: its runs of steps not yet drawn become polylines, so every step of the path
    /// is a step of exactly one road.
    fn add(&mut self, path: &[usize]) {
        let mut start: Option<usize> = None;
        for k in 0..path.len().saturating_sub(1) {
            let link = (path[k].min(path[k + 1]), path[k].max(path[k + 1]));
            let new = self.links.insert(link);
            match (new, start) {
                (true, None) => start = Some(k),
                (false, Some(s)) => {
                    self.push(&path[s..=k]);
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            self.push(&path[s..]);
        }
        for &c in path {
            self.on_road[c] = true;
        }
    }

    fn push(&mut self, cells: &[usize]) {
        if cells.len() >= 2 {
            self.roads
                .push(Road::new(cells, self.ground.width, self.ground));
        }
    }
}

/// The roads joining `sites` over `ground`: the designer's `drawn` roads (runs of neighbouring
/// cells) first, then Kruskal's minimum spanning tree over the pairs a road can join, nearest
/// first, then a link from each drawn road that the network does not reach to the settlement
/// nearest its ends, then up to `extra` links between near neighbours whose way through the
/// network is over [`DETOUR_RATIO`] times the straight line, shortest first.
///
/// `streets` marks the cells of town streets: roads run along them at the cost of a road.
pub fn build(
    ground: &RoadGround,
    sites: &[Settlement],
    streets: &[bool],
    extra: usize,
    drawn: &[Vec<usize>],
) -> Vec<Road> {
    let component = ground.components();
    let candidates = pairs(sites, &component);
    let mut builder = Builder {
        ground,
        on_road: streets.to_vec(),
        links: Default::default(),
        roads: Vec::new(),
    };
    for run in drawn {
        builder.add(run);
    }
    let mut router = Router::new(ground);
    let mut sets = Sets((0..sites.len()).collect());
    let mut tree = Vec::new();
    for &(a, b) in &candidates {
        if sets.find(a) == sets.find(b) {
            continue;
        }
        let (from, to) = (sites[a].cell as usize, sites[b].cell as usize);
        if let Some(path) = router.route(from, to, &builder.on_road) {
            builder.add(&router.straighten(&path, &builder.on_road));
            sets.union(a, b);
            tree.push((a, b));
        }
    }
    for run in drawn {
        join(&mut builder, &mut router, run, sites, &component);
    }
    let mut added = 0;
    for (a, b) in near_pairs(sites, &candidates) {
        if added >= extra {
            break;
        }
        if tree.contains(&(a, b)) {
            continue;
        }
        let straight = distance2(&sites[a], &sites[b]).sqrt();
        let (from, to) = (sites[a].cell as usize, sites[b].cell as usize);
        let via = network::grid_distance(ground, &builder.on_road, from, to);
        if via.is_none_or(|d| d > DETOUR_RATIO * straight) {
            if let Some(path) = router.route(from, to, &builder.on_road) {
                builder.add(&router.straighten(&path, &builder.on_road));
                added += 1;
            }
        }
    }
    builder.roads
}

/// Joins a drawn road to the network: unless the road cells already lead from one of its ends
/// to a settlement, a link from the end nearer a settlement on its land to that settlement.
fn join(
    builder: &mut Builder,
    router: &mut Router,
    run: &[usize],
    sites: &[Settlement],
    component: &[u32],
) {
    let w = builder.ground.width;
    let cell_of = |c: usize| [(c % w) as f32 + 0.5, (c / w) as f32 + 0.5];
    let ends = [run[0], run[run.len() - 1]];
    let nearest = ends
        .iter()
        .flat_map(|&end| {
            sites
                .iter()
                .filter(move |s| {
                    component[end] != u32::MAX && component[s.cell as usize] == component[end]
                })
                .map(move |s| {
                    let [x, z] = cell_of(end);
                    let d2 = (s.position[0] - x).powi(2) + (s.position[1] - z).powi(2);
                    (d2, end, s.cell as usize)
                })
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    let Some((_, end, site)) = nearest else {
        return;
    };
    if network::grid_distance(builder.ground, &builder.on_road, end, site).is_some() {
        return;
    }
    if let Some(path) = router.route(end, site, &builder.on_road) {
        builder.add(&router.straighten(&path, &builder.on_road));
    }
}

/// The candidate pairs in which one end is among the other's [`EXTRA_NEIGHBOURS`] nearest,
/// keeping the candidates' order (nearest first).
fn near_pairs(sites: &[Settlement], candidates: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut seen = vec![0usize; sites.len()];
    candidates
        .iter()
        .copied()
        .filter(|&(a, b)| {
            let near = seen[a] < EXTRA_NEIGHBOURS || seen[b] < EXTRA_NEIGHBOURS;
            seen[a] += 1;
            seen[b] += 1;
            near
        })
        .collect()
}
