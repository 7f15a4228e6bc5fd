//! Roads between settlements: a minimum spanning tree over the settlements that a road can join
//! (one tree per land component), plus the shortest extra links where the tree makes a long
//! detour, both decided on the centres of the settlements' hexagons. Each link is a least-cost
//! path ([`astar`]) that prefers cells already on a road, so links merge into one network, routed
//! over blocks of about 4 m first on finer cells ([`lattice`]) and pulled straight between the
//! points where it has to turn ([`straighten`]); the output keeps each cell once, as polylines
//! that end on a settlement or on another road.

pub mod astar;
pub mod follow;
pub mod ground;
pub mod heights;
pub mod lattice;
pub mod network;
pub mod straighten;

pub use ground::{Footing, RoadGround};
pub use network::RoadNetwork;

use super::hexgrid::{Hex, HexGrid};
use super::Settlement;
use lattice::{Lattice, Links};

/// A link is added beyond the tree only where the way between its ends along the links already
/// made is longer than this many times the straight line (both between hexagon centres).
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

/// One link between two settlements the network was built from: the hexagons they stand in and
/// the cells of its route, as it was routed (parts of it may run along roads made before).
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// The hexagon of the settlement it starts from.
    pub from: Hex,
    /// The hexagon of the settlement it ends at.
    pub to: Hex,
    /// The cells of its route (`z * width + x`), from one end to the other.
    pub cells: Vec<u32>,
}

impl Link {
    fn new(from: Hex, to: Hex, path: &[usize]) -> Self {
        Link {
            from,
            to,
            cells: path.iter().map(|&c| c as u32).collect(),
        }
    }
}

/// The hexagon of `hexes` each settlement stands in.
fn site_hexes(sites: &[Settlement], hexes: HexGrid) -> Vec<Hex> {
    sites
        .iter()
        .map(|s| hexes.hex_of(s.position[0], s.position[1]))
        .collect()
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

/// Every pair of settlements on one component, nearest first by the centres of their hexagons
/// `hex` (ties by the hexagons, then by ids), so the order is the same at every cell size
/// wherever the settlements stand in the same hexagons.
fn pairs(sites: &[Settlement], component: &[u32], hex: &[Hex]) -> Vec<(usize, usize)> {
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
    out.sort_by_key(|&(a, b)| (hex[a].centre_distance2(hex[b]), hex[a], hex[b], a, b));
    out
}

/// The length of the shortest way from settlement `from` to `to` along `links`, each as long as
/// the straight line between the centres of its ends' hexagons `hex` (in hexagon radii over √3);
/// infinite where the links do not join them.
fn way_along(links: &[(usize, usize)], hex: &[Hex], from: usize, to: usize) -> f64 {
    let mut best = vec![f64::INFINITY; hex.len()];
    let mut done = vec![false; hex.len()];
    best[from] = 0.0;
    while let Some(a) = (0..hex.len())
        .filter(|&i| !done[i] && best[i].is_finite())
        .min_by(|&i, &j| best[i].total_cmp(&best[j]).then(i.cmp(&j)))
    {
        if a == to {
            break;
        }
        done[a] = true;
        for &(p, q) in links {
            let b = match (p == a, q == a) {
                (true, _) => q,
                (_, true) => p,
                _ => continue,
            };
            let d = best[a] + (hex[a].centre_distance2(hex[b]) as f64).sqrt();
            if d < best[b] {
                best[b] = d;
            }
        }
    }
    best[to]
}

/// The roads being built: the cell mask, the steps already drawn, the polylines and the router
/// of new links.
struct Builder<'a> {
    ground: &'a RoadGround,
    on_road: Vec<bool>,
    steps: std::collections::BTreeSet<(usize, usize)>,
    roads: Vec<Road>,
    links: Links<'a>,
}

impl<'a> Builder<'a> {
    /// A builder over `ground`, routed over `lattice` where there is one, the town `streets`
    /// counting as road, with the designer's `drawn` roads laid first.
    fn new(
        ground: &'a RoadGround,
        lattice: Option<&'a Lattice>,
        streets: &[bool],
        drawn: &[Vec<usize>],
    ) -> Self {
        let mut builder = Builder {
            ground,
            on_road: streets.to_vec(),
            steps: Default::default(),
            roads: Vec::new(),
            links: Links::new(ground, lattice, streets),
        };
        for run in drawn {
            builder.add(run);
        }
        builder
    }

    /// The road from cell `from` to cell `to` ([`Links::link`]), drawn; its cells, or `None`
    /// when there is none.
    fn link(&mut self, from: usize, to: usize) -> Option<Vec<usize>> {
        let path = self.links.link(from, to, &self.on_road)?;
        self.add(&path);
        Some(path)
    }

    /// Adds a path: its runs of steps not yet drawn become polylines, so every step of the path
    /// is a step of exactly one road.
    fn add(&mut self, path: &[usize]) {
        let mut start: Option<usize> = None;
        for k in 0..path.len().saturating_sub(1) {
            let link = (path[k].min(path[k + 1]), path[k].max(path[k + 1]));
            let new = self.steps.insert(link);
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
        self.links.mark(path);
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
/// nearest its ends, then up to `extra` links between near neighbours whose way along the links
/// already made is over [`DETOUR_RATIO`] times the straight line, shortest first.
///
/// Which settlements a link joins is decided on the centres of their hexagons of `hexes`, which
/// are the same on every cell size, rather than on where each stands in its hexagon, which moves
/// by a few metres with the sampling: two links of nearly the same length would otherwise trade
/// places between two resolutions of one world. `streets` marks the cells of town streets: roads
/// run along them at the cost of a road.
pub fn build(
    ground: &RoadGround,
    sites: &[Settlement],
    hexes: HexGrid,
    streets: &[bool],
    extra: usize,
    drawn: &[Vec<usize>],
) -> (Vec<Road>, Vec<Link>) {
    let component = ground.components();
    let hex = site_hexes(sites, hexes);
    let candidates = pairs(sites, &component, &hex);
    let lattice = Lattice::of(ground);
    let mut builder = Builder::new(ground, lattice.as_ref(), streets, drawn);
    let mut sets = Sets((0..sites.len()).collect());
    let mut joined = Vec::new();
    let mut made = Vec::new();
    for &(a, b) in &candidates {
        if sets.find(a) == sets.find(b) {
            continue;
        }
        let (from, to) = (sites[a].cell as usize, sites[b].cell as usize);
        if let Some(path) = builder.link(from, to) {
            sets.union(a, b);
            joined.push((a, b));
            made.push(Link::new(hex[a], hex[b], &path));
        }
    }
    for run in drawn {
        join(&mut builder, run, sites, &component);
    }
    let mut added = 0;
    for (a, b) in near_pairs(sites, &candidates) {
        if added >= extra {
            break;
        }
        if joined.contains(&(a, b)) {
            continue;
        }
        let straight = (hex[a].centre_distance2(hex[b]) as f64).sqrt();
        let (from, to) = (sites[a].cell as usize, sites[b].cell as usize);
        if way_along(&joined, &hex, a, b) <= f64::from(DETOUR_RATIO) * straight {
            continue;
        }
        if let Some(path) = builder.link(from, to) {
            joined.push((a, b));
            made.push(Link::new(hex[a], hex[b], &path));
            added += 1;
        }
    }
    (builder.roads, made)
}

/// Joins a drawn road to the network: unless the road cells already lead from one of its ends
/// to a settlement, a link from the end nearer a settlement on its land to that settlement.
fn join(builder: &mut Builder, run: &[usize], sites: &[Settlement], component: &[u32]) {
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
    builder.link(end, site);
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

#[cfg(test)]
mod tests {
    use super::super::Tier;
    use super::*;

    /// A settlement at `(x, z)` cells on a map 100 cells wide.
    fn site(id: u32, x: f32, z: f32) -> Settlement {
        Settlement {
            id,
            cell: z as u32 * 100 + x as u32,
            position: [x, z],
            height: 0.0,
            tier: Tier::Village,
            population: 100,
            name: format!("s{id}"),
            radius: 1.0,
        }
    }

    #[test]
    fn the_links_are_chosen_on_hexagon_centres_not_on_places_within_them() {
        let hexes = HexGrid { size: 10.0 };
        // Four settlements at the centres of hexagons, and each moved by a few cells within its
        // hexagon.
        let at = |q, r| hexes.centre(Hex { q, r });
        let centres = [at(1, 2), at(3, 1), at(4, 0), at(2, 4)];
        let exact: Vec<Settlement> = centres
            .iter()
            .enumerate()
            .map(|(i, c)| site(i as u32, c[0], c[1]))
            .collect();
        let jitter = [[3.0, -2.0], [-3.5, 1.0], [2.0, 3.0], [-1.0, -3.0]];
        let moved: Vec<Settlement> = centres
            .iter()
            .zip(jitter)
            .enumerate()
            .map(|(i, (c, j))| site(i as u32, c[0] + j[0], c[1] + j[1]))
            .collect();
        let component = vec![0u32; 100 * 100];
        let hex_of = |s: &[Settlement]| -> Vec<Hex> {
            s.iter()
                .map(|s| hexes.hex_of(s.position[0], s.position[1]))
                .collect()
        };
        assert_eq!(hex_of(&exact), hex_of(&moved), "each stays in its hexagon");
        let order = pairs(&exact, &component, &hex_of(&exact));
        assert_eq!(order.len(), 6);
        assert_eq!(order, pairs(&moved, &component, &hex_of(&moved)));
        // Nearest first: (3, 1) and (4, 0) are neighbours (distance² 1).
        assert_eq!(order[0], (1, 2));
        let d2: Vec<i64> = order
            .iter()
            .map(|&(a, b)| hex_of(&exact)[a].centre_distance2(hex_of(&exact)[b]))
            .collect();
        assert!(d2.windows(2).all(|w| w[0] <= w[1]), "{d2:?}");
    }

    #[test]
    fn the_way_along_the_links_adds_their_straight_lengths() {
        let hex = [
            Hex { q: 0, r: 0 },
            Hex { q: 1, r: 0 },
            Hex { q: 2, r: 0 },
            Hex { q: 0, r: 5 },
        ];
        assert_eq!(hex[0].centre_distance2(hex[2]), 4);
        assert_eq!(
            hex[1].centre_distance2(Hex { q: 0, r: 1 }),
            1,
            "a neighbour"
        );
        let links = [(0, 1), (1, 2)];
        assert_eq!(way_along(&links, &hex, 0, 2), 2.0);
        assert_eq!(way_along(&links, &hex, 2, 0), 2.0);
        assert_eq!(way_along(&links, &hex, 0, 0), 0.0);
        assert!(way_along(&links, &hex, 0, 3).is_infinite());
    }
}
