//! Central places: habitability gathered on hexagons, each hexagon ranked by the habitability of
//! its neighbourhood, the places of each tier (city, town, village) taken best first with the
//! tier's spacing, and populations by rank (Zipf's law).

use super::hexgrid::{Hex, HexGrid};
use super::{Settlement, Tier};
use crate::data::grid::Grid;
use crate::params::SettlementParams;
use std::cmp::Ordering;

/// Hexagons around a central place of each tier (village, town, city) within which no other place
/// of its tier or a larger one stands.
pub const TIER_RADIUS: [i32; 3] = [1, 2, 4];
/// Least mean habitability of a hexagon that holds a settlement.
pub const MIN_MEAN: f32 = 0.02;
/// Site radius of each tier (village, town, city) as a share of the hexagon radius.
pub const SITE_SHARE: [f32; 3] = [0.2, 0.3, 0.45];
/// Least share of a hexagon's area that lies on the map for it to hold a settlement: a hexagon
/// cut by the map's edge is judged on the few cells it keeps, which a finer or coarser sampling
/// changes, and a town there would be cut by the edge too.
pub const MIN_INSIDE: f32 = 0.5;
/// Hexagons around a hexagon whose land counts in its rank for each tier (village, town, city): a
/// place with habitable land around it outranks a lone good spot, a city draws on a wider
/// hinterland than a town or a village, and the wider the land judged, the less the rank changes
/// with the sampling.
pub const TIER_NEIGHBOURHOOD: [i32; 3] = [1, 1, 2];
/// Least score of a settlement's cell, as a share of the best cell's score in its hexagon: ground
/// a settlement can stand on, not a scrap of it. The hexagon was chosen for the habitable land
/// around it; the settlement stands where its [`site_point`] falls, or on the nearest such cell.
pub const SITE_SCORE: f32 = 0.05;
/// Farthest a hexagon's site point lies from its centre, as a share of the hexagon radius (see
/// [`site_point`]).
pub const SITE_POINT_SHARE: f32 = 0.5;
/// Smallest hexagon radius, in cells of the map: a hexagon holds at least a few cells, and the
/// hexagons over a map stay fewer than its cells.
pub const MIN_HEX_CELLS: f32 = 3.0;

/// The hexagon radius of `params` in metres on cells of `cell_size` metres: the parameter, at
/// least [`MIN_HEX_CELLS`] cells.
pub fn hex_radius(params: &SettlementParams, cell_size: f32) -> f32 {
    params.hex_radius.max(MIN_HEX_CELLS * cell_size)
}

/// The point of hexagon `h` (of `grid`, cell units) its settlement stands nearest: a point drawn
/// from the seed and the hexagon's coordinates, uniform over the disc of [`SITE_POINT_SHARE`]
/// hexagon radii around its centre. It is the same point in metres on every cell size, where the
/// centre of the hexagon's habitable land moves with the sampling of its rivers and slopes; and
/// the drawn offset keeps the settlements from standing on a regular lattice.
pub fn site_point(grid: HexGrid, h: Hex, seed: u64) -> [f32; 2] {
    use crate::algorithms::seed::{derive, mix64, unit};
    let key = derive(seed, "site point") ^ mix64(h.q as u32 as u64 | (h.r as u32 as u64) << 32);
    let bits = mix64(key);
    let (angle, along) = (unit(bits, 0) * std::f32::consts::TAU, unit(bits, 32).sqrt());
    let reach = along * SITE_POINT_SHARE * grid.size;
    let [x, z] = grid.centre(h);
    [x + reach * libm::cosf(angle), z + reach * libm::sinf(angle)]
}

/// One hexagon's habitability.
#[derive(Clone, Copy, Debug, Default)]
struct HexScore {
    /// Sum of its cells' scores.
    sum: f32,
    /// Its cells.
    cells: u32,
    /// Its most habitable cell and that cell's score.
    best: Option<(u32, f32)>,
    /// The cell its settlement stands on (see [`HexMap::sites`]).
    site: Option<u32>,
}

impl HexScore {
    fn mean(&self) -> f32 {
        if self.cells == 0 {
            0.0
        } else {
            self.sum / self.cells as f32
        }
    }
}

/// The hexagons over a map, stored densely over their axial bounding box.
struct HexMap {
    /// Cells in a whole hexagon.
    full: f32,
    /// Each tier's rank key of every hexagon: the mean habitability of it and the hexagons within
    /// the tier's [`TIER_NEIGHBOURHOOD`] (see [`HexMap::rank`]).
    key: Vec<Vec<f32>>,
    q0: i32,
    r0: i32,
    columns: i32,
    rows: i32,
    hexes: Vec<HexScore>,
}

impl HexMap {
    /// Gathers the cell scores of a `width × depth` map (row order, so the sums are the same on
    /// every thread count).
    fn gather(grid: HexGrid, width: usize, depth: usize, scores: &[f32], seed: u64) -> Self {
        let corners = [
            (0.0, 0.0),
            (width as f32, 0.0),
            (0.0, depth as f32),
            (width as f32, depth as f32),
        ];
        let hexes: Vec<Hex> = corners.iter().map(|&(x, z)| grid.hex_of(x, z)).collect();
        let q0 = hexes.iter().map(|h| h.q).min().unwrap_or(0) - 1;
        let r0 = hexes.iter().map(|h| h.r).min().unwrap_or(0) - 1;
        let columns = hexes.iter().map(|h| h.q).max().unwrap_or(0) + 2 - q0;
        let rows = hexes.iter().map(|h| h.r).max().unwrap_or(0) + 2 - r0;
        let mut map = HexMap {
            full: 1.5 * 3f32.sqrt() * grid.size * grid.size,
            key: Vec::new(),
            q0,
            r0,
            columns,
            rows,
            hexes: vec![HexScore::default(); (columns * rows) as usize],
        };
        for z in 0..depth {
            for x in 0..width {
                let i = z * width + x;
                let h = grid.hex_of(x as f32 + 0.5, z as f32 + 0.5);
                let Some(k) = map.slot(h) else { continue };
                let s = &mut map.hexes[k];
                s.sum += scores[i];
                s.cells += 1;
                if scores[i] > 0.0 && s.best.is_none_or(|(_, b)| scores[i] > b) {
                    s.best = Some((i as u32, scores[i]));
                }
            }
        }
        map.sites(grid, width, depth, scores, seed);
        map.key = TIER_NEIGHBOURHOOD
            .iter()
            .map(|&radius| map.neighbourhood_means(radius))
            .collect();
        map
    }

    /// Sets each hexagon's site: of its cells scoring at least [`SITE_SCORE`] of its best, the one
    /// nearest its [`site_point`] (ties: the lower cell). The point is the same in metres on
    /// every cell size, where the single best cell can jump across the hexagon when the map is
    /// sampled more or less finely.
    fn sites(&mut self, grid: HexGrid, width: usize, depth: usize, scores: &[f32], seed: u64) {
        let mut nearest: Vec<Option<(f64, u32)>> = vec![None; self.hexes.len()];
        let points: Vec<[f64; 2]> = (0..self.hexes.len())
            .map(|k| site_point(grid, self.hex(k), seed).map(f64::from))
            .collect();
        for z in 0..depth {
            for x in 0..width {
                let i = z * width + x;
                let Some(k) = self.slot(grid.hex_of(x as f32 + 0.5, z as f32 + 0.5)) else {
                    continue;
                };
                let s = &self.hexes[k];
                let Some((_, best)) = s.best else { continue };
                if scores[i] < SITE_SCORE * best {
                    continue;
                }
                let [cx, cz] = points[k];
                let d = (x as f64 + 0.5 - cx).powi(2) + (z as f64 + 0.5 - cz).powi(2);
                if nearest[k].is_none_or(|(old, _)| d < old) {
                    nearest[k] = Some((d, i as u32));
                }
            }
        }
        for (h, n) in self.hexes.iter_mut().zip(nearest) {
            h.site = n.map(|(_, i)| i);
        }
    }

    /// The mean habitability of every hexagon and the hexagons within `radius` of it, the land
    /// off the map counted as uninhabitable: a neighbourhood cut by the map's edge is not judged
    /// on the part that is left.
    fn neighbourhood_means(&self, radius: i32) -> Vec<f32> {
        let area = (3 * radius * (radius + 1) + 1) as f32 * self.full;
        (0..self.hexes.len())
            .map(|k| {
                let sum: f32 = self
                    .hex(k)
                    .within(radius)
                    .filter_map(|h| self.slot(h))
                    .map(|n| self.hexes[n].sum)
                    .sum();
                sum / area
            })
            .collect()
    }

    fn slot(&self, h: Hex) -> Option<usize> {
        let (c, r) = (h.q - self.q0, h.r - self.r0);
        (c >= 0 && r >= 0 && c < self.columns && r < self.rows)
            .then(|| (r * self.columns + c) as usize)
    }

    fn hex(&self, k: usize) -> Hex {
        let k = k as i32;
        Hex {
            q: self.q0 + k % self.columns,
            r: self.r0 + k / self.columns,
        }
    }

    /// Whether hexagon `k` can hold a settlement: at least [`MIN_INSIDE`] of it on the map, a
    /// cell that scores, and a mean of at least [`MIN_MEAN`].
    fn eligible(&self, k: usize) -> bool {
        let s = &self.hexes[k];
        s.best.is_some() && s.mean() >= MIN_MEAN && s.cells as f32 >= MIN_INSIDE * self.full
    }

    /// Order of two hexagons for a tier: the more habitable neighbourhood first, then the lower
    /// slot.
    fn rank(&self, tier: Tier, a: usize, b: usize) -> Ordering {
        let key = &self.key[tier as usize];
        key[b].total_cmp(&key[a]).then(a.cmp(&b))
    }
}

/// A settlement the designer pinned: its cell, tier and name (empty: one from the seed).
#[derive(Clone, Debug, PartialEq)]
pub struct Pinned {
    /// Its cell (`z * width + x`).
    pub cell: u32,
    /// Its tier.
    pub tier: Tier,
    /// Its name; empty for one drawn from the seed.
    pub name: String,
}

/// One chosen place: its hexagon, its tier and, when pinned, which of the pinned sites it is.
#[derive(Clone, Copy, Debug)]
struct Choice {
    hex: usize,
    tier: Tier,
    pinned: Option<usize>,
}

/// The chosen places, larger tiers first: the pinned ones, then cities, towns and villages up
/// to the count (the pinned ones included). Each tier takes the eligible hexagons best first,
/// skipping any within its radius ([`TIER_RADIUS`]) of a place already chosen of its tier or a
/// larger one, or next to any place.
fn choose(map: &HexMap, params: &SettlementParams, pinned: &[Choice]) -> Vec<Choice> {
    let count = params.count as usize;
    let mut chosen: Vec<Choice> = pinned.to_vec();
    let caps = [count, params.towns as usize, params.cities as usize];
    let eligible: Vec<usize> = (0..map.hexes.len()).filter(|&k| map.eligible(k)).collect();
    for tier in [Tier::City, Tier::Town, Tier::Village] {
        let mut order = eligible.clone();
        order.sort_by(|&a, &b| map.rank(tier, a, b));
        let mut taken = 0;
        let radius = TIER_RADIUS[tier as usize];
        for &k in &order {
            if chosen.len() >= count || taken >= caps[tier as usize] {
                break;
            }
            let h = map.hex(k);
            let free = chosen.iter().all(|c| {
                let d = map.hex(c.hex).distance(h);
                d >= 2 && (c.tier < tier || d > radius)
            });
            if free {
                chosen.push(Choice {
                    hex: k,
                    tier,
                    pinned: None,
                });
                taken += 1;
            }
        }
    }
    // Larger tiers first (a stable sort: without pinned places the order is already so).
    chosen.sort_by_key(|c| std::cmp::Reverse(c.tier));
    chosen
}

/// The chosen places of a plan ([`super::plan`]): the pinned ones, then each planned hexagon
/// on the map with its tier, unless a pinned place holds it; larger tiers first, in the plan's
/// order within a tier.
fn follow(map: &HexMap, planned: &[(Hex, Tier)], pinned: &[Choice]) -> Vec<Choice> {
    let mut chosen: Vec<Choice> = pinned.to_vec();
    for &(h, tier) in planned {
        let Some(hex) = map.slot(h) else { continue };
        if chosen.iter().all(|c| c.hex != hex) {
            chosen.push(Choice {
                hex,
                tier,
                pinned: None,
            });
        }
    }
    chosen.sort_by_key(|c| std::cmp::Reverse(c.tier));
    chosen
}

/// The settlements of a map from its cell scores: the `pinned` ones on their cells with their
/// names, the others on each chosen hexagon's site (the good cell nearest its [`site_point`])
/// with names from the seed; larger tiers first, populations `largest_population / rank` in
/// that order. The hexagons and tiers are the `planned` ones when a plan is given
/// ([`super::plan`]), else the best hexagons of each tier in turn, spaced by [`TIER_RADIUS`]. Heights are left at 0 (see the layer). The hexagons are [`hex_radius`] metres
/// on cells of `cell_size` metres; site radii come out in cells, at least one.
pub fn place(
    grid: &Grid,
    params: &SettlementParams,
    scores: &[f32],
    seed: u64,
    cell_size: f32,
    pinned: &[Pinned],
    planned: Option<&[(Hex, Tier)]>,
) -> Vec<Settlement> {
    let radius = hex_radius(params, cell_size);
    let hexes = HexGrid {
        size: radius / cell_size,
    };
    let map = HexMap::gather(hexes, grid.width(), grid.depth(), scores, seed);
    let pins: Vec<Choice> = pinned
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let (x, z) = grid.xz(p.cell as usize);
            let hex = map.slot(hexes.hex_of(x as f32 + 0.5, z as f32 + 0.5))?;
            Some(Choice {
                hex,
                tier: p.tier,
                pinned: Some(i),
            })
        })
        .collect();
    let chosen = match planned {
        Some(planned) => follow(&map, planned, &pins),
        None => choose(&map, params, &pins),
    };
    let names = super::names::names(seed, chosen.len());
    chosen
        .iter()
        .zip(names)
        .enumerate()
        .filter_map(|(rank, (choice, drawn))| {
            let pin = choice.pinned.map(|i| &pinned[i]);
            let cell = match pin {
                Some(p) => p.cell,
                None => map.hexes[choice.hex].site?,
            };
            let name = match pin {
                Some(p) if !p.name.is_empty() => p.name.clone(),
                _ => drawn,
            };
            let (x, z) = grid.xz(cell as usize);
            let tier = choice.tier;
            Some(Settlement {
                id: rank as u32,
                cell,
                position: [x as f32 + 0.5, z as f32 + 0.5],
                height: 0.0,
                tier,
                population: (f64::from(params.largest_population) / (rank + 1) as f64).round()
                    as u32,
                name,
                radius: (radius * SITE_SHARE[tier as usize] / cell_size).max(1.0),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 60 × 60 map scored by distance to a few peaks.
    fn peaks(points: &[(f32, f32, f32)]) -> Vec<f32> {
        let mut s = vec![0.0f32; 60 * 60];
        for z in 0..60 {
            for x in 0..60 {
                s[z * 60 + x] = points
                    .iter()
                    .map(|&(px, pz, v)| {
                        v / (1.0 + 0.01 * ((x as f32 - px).powi(2) + (z as f32 - pz).powi(2)))
                    })
                    .fold(0.0, f32::max);
            }
        }
        s
    }

    #[test]
    fn cities_take_the_best_place_and_populations_follow_rank() {
        let scores = peaks(&[
            (10.0, 10.0, 0.6),
            (45.0, 40.0, 1.0),
            (15.0, 50.0, 0.8),
            (50.0, 8.0, 0.7),
            (30.0, 25.0, 0.5),
            (8.0, 30.0, 0.4),
        ]);
        let grid = Grid::new(60, 60);
        let params = SettlementParams {
            hex_radius: 5.0,
            count: 5,
            cities: 1,
            towns: 2,
            ..Default::default()
        };
        let s = place(&grid, &params, &scores, 3, 1.0, &[], None);
        assert_eq!(s.len(), 5);
        assert_eq!(s[0].tier, Tier::City);
        // The city stands on the most habitable land: in the hexagon of the best peak or one
        // beside it (neighbouring hexagon centres lie √3 radii apart), not by a lesser peak.
        let [x, z] = s[0].position;
        let from_peak = ((x - 45.5) * (x - 45.5) + (z - 40.5) * (z - 40.5)).sqrt();
        assert!(from_peak <= 3f32.sqrt() * 5.0, "{x} {z}");
        assert_eq!(s.iter().filter(|t| t.tier == Tier::City).count(), 1);
        assert!(s.iter().filter(|t| t.tier == Tier::Town).count() <= 2);
        assert!(
            s.windows(2).all(|w| w[0].tier >= w[1].tier),
            "larger tiers first"
        );
        assert_eq!(s[0].population, params.largest_population);
        assert_eq!(s[3].population, params.largest_population / 4);
        let hexes = HexGrid { size: 5.0 };
        for a in &s {
            for b in s.iter().filter(|b| b.id != a.id) {
                let (ha, hb) = (
                    hexes.hex_of(a.position[0], a.position[1]),
                    hexes.hex_of(b.position[0], b.position[1]),
                );
                assert!(
                    ha.distance(hb) >= 2,
                    "{} and {} are neighbours",
                    a.name,
                    b.name
                );
            }
        }
    }

    #[test]
    fn a_site_point_is_the_same_in_metres_on_every_cell_size() {
        // Hexagons of 32 m on cells of 4 m and of 1 m.
        let (coarse, fine) = (HexGrid { size: 8.0 }, HexGrid { size: 32.0 });
        let mut offsets = Vec::new();
        for q in -3..4 {
            for r in -3..4 {
                let h = Hex { q, r };
                let [cx, cz] = site_point(coarse, h, 7);
                let [fx, fz] = site_point(fine, h, 7);
                assert!((cx * 4.0 - fx).abs() < 1e-3 && (cz * 4.0 - fz).abs() < 1e-3);
                let [ox, oz] = fine.centre(h);
                let off = [fx - ox, fz - oz];
                assert!(off[0].hypot(off[1]) <= SITE_POINT_SHARE * 32.0 + 1e-3);
                assert_eq!(fine.hex_of(fx, fz), h, "inside its hexagon");
                offsets.push(off);
            }
        }
        // Drawn, not one offset for all: the settlements stand on no lattice.
        assert!(offsets.iter().any(|o| (o[0] - offsets[0][0]).abs() > 1.0));
        assert_ne!(
            site_point(fine, Hex { q: 1, r: 1 }, 7),
            site_point(fine, Hex { q: 1, r: 1 }, 8)
        );
    }

    #[test]
    fn a_settlement_stands_on_the_good_cell_nearest_its_site_point() {
        // One hexagon's worth of land, good everywhere but a strip through the site point.
        let grid = Grid::new(60, 60);
        let hexes = HexGrid { size: 20.0 };
        let params = SettlementParams {
            hex_radius: 20.0,
            count: 1,
            ..Default::default()
        };
        let mut scores = vec![1.0f32; 3600];
        let s = place(&grid, &params, &scores, 5, 1.0, &[], None);
        assert_eq!(s.len(), 1);
        let h = hexes.hex_of(s[0].position[0], s[0].position[1]);
        let [px, pz] = site_point(hexes, h, 5);
        let [x, z] = s[0].position;
        assert!(
            (x - px).abs() <= 0.5 && (z - pz).abs() <= 0.5,
            "on the point: {x} {z}"
        );
        // Columns around the point score nothing: the site moves to the nearest that scores.
        let column = px as usize;
        for zz in 0..60 {
            for xx in column.saturating_sub(2)..=column + 2 {
                scores[zz * 60 + xx] = 0.0;
            }
        }
        let moved = place(&grid, &params, &scores, 5, 1.0, &[], None);
        let [mx, mz] = moved[0].position;
        assert_eq!(hexes.hex_of(mx, mz), h);
        assert!((mz - pz).abs() <= 0.5, "{mx} {mz}");
        assert!(
            ((mx - px).abs() - 3.0).abs() <= 1.0,
            "beside the strip: {mx} against {px}"
        );
    }

    #[test]
    fn nothing_is_placed_where_nothing_scores() {
        let grid = Grid::new(60, 60);
        let s = place(
            &grid,
            &SettlementParams::default(),
            &vec![0.0; 3600],
            1,
            1.0,
            &[],
            None,
        );
        assert!(s.is_empty());
    }
}
