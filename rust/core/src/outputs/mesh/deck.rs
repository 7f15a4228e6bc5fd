//! The height of a ribbon along its line, bridge decks included: one rule, read by the ribbon
//! meshes ([`super::ribbon`]) and by the navigation mesh's bridges
//! ([`crate::outputs::navigation::decks`]), so an agent walks where the deck is drawn.
//!
//! The polyline is resampled every `step` ([`profile`]). At each sample the ribbon lies level
//! across its width at the highest of the surface heights under its centre and its two edges,
//! plus [`RibbonStyle::lift`]; off bridges, never below a floor taken at the same three points (a
//! road's: the water drawn over its ground, [`profile_above`]). A run of samples marked as a bridge is a straight deck from the
//! last sample before it to the first sample after it, kept at least [`RibbonStyle::clearance`]
//! above the surface ([`deck_heights`]).
//!
//! The decks of a map as they are drawn, segment by segment ([`Decks`]), are what an agent walks
//! on over a river and what the point queries call a bridge
//! ([`crate::outputs::point`]).

use super::ribbon::RibbonStyle;
use super::settlement::{road_profile, segment_bridges, RoadLine};
use super::water_surface::water_height;
use crate::data::grid::Grid;
use crate::params::MeshParams;

/// A ribbon's line resampled, with its height at every sample: what its mesh is drawn from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// Sample positions `[x, z]`.
    pub at: Vec<[f32; 2]>,
    /// Whether each sample lies on a bridge span.
    pub bridge: Vec<bool>,
    /// Unit vector across the ribbon at each sample, pointing to its left.
    pub across: Vec<[f32; 2]>,
    /// Height of the ribbon's top at each sample: the deck's on a bridge.
    pub height: Vec<f32>,
}

impl Profile {
    /// Number of samples.
    pub fn len(&self) -> usize {
        self.at.len()
    }

    /// Whether there is no sample.
    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// Whether the segment from sample `i` to sample `i + 1` is part of a bridge (drawn as a deck
    /// with side walls): either end lies on a bridge span.
    pub fn is_span(&self, i: usize) -> bool {
        self.bridge[i] || self.bridge[i + 1]
    }
}

/// The samples of `points`, at most `step` apart, and whether each lies on a bridge span.
/// `bridge[i]` marks segment `i` (from point `i` to point `i + 1`) as a bridge; a sample strictly
/// inside a bridge segment, or at a point between two bridge segments, is on the bridge.
fn resample(points: &[[f32; 2]], bridge: &[bool], step: f32) -> (Vec<[f32; 2]>, Vec<bool>) {
    let on_bridge = |i: usize| bridge.get(i).copied().unwrap_or(false);
    let mut out: Vec<([f32; 2], bool)> = Vec::new();
    for (i, pair) in points.windows(2).enumerate() {
        let [a, b] = [pair[0], pair[1]];
        let length = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        let pieces = ((length / step).ceil() as usize).max(1);
        let start_on_bridge = i > 0 && on_bridge(i - 1) && on_bridge(i);
        for k in 0..pieces {
            let t = k as f32 / pieces as f32;
            let at = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            out.push((
                at,
                if k == 0 {
                    start_on_bridge
                } else {
                    on_bridge(i)
                },
            ));
        }
    }
    if let Some(&last) = points.last() {
        out.push((last, false));
    }
    out.dedup_by(|b, a| a.0 == b.0);
    out.into_iter().unzip()
}

/// Unit vectors across the ribbon at each sample (pointing to its left), from the direction of
/// the polyline through the neighbouring samples.
fn across(at: &[[f32; 2]]) -> Vec<[f32; 2]> {
    (0..at.len())
        .map(|i| {
            let prev = at[i.saturating_sub(1)];
            let next = at[(i + 1).min(at.len() - 1)];
            let (dx, dz) = (next[0] - prev[0], next[1] - prev[1]);
            let len = (dx * dx + dz * dz).sqrt().max(f32::EPSILON);
            [-dz / len, dx / len]
        })
        .collect()
}

/// The deck rule: from `ground` (the highest surface point across the ribbon at each sample) and
/// the samples' bridge flags, the ribbon's height at each sample. Level with the ground plus the
/// lift off bridges; on a bridge span, the straight line between the span's two ends (the last
/// sample before it and the first after it), never closer to the ground than the clearance.
pub fn deck_heights(ground: &[f32], bridge: &[bool], style: &RibbonStyle) -> Vec<f32> {
    let n = ground.len();
    let mut deck: Vec<f32> = ground.iter().map(|g| g + style.lift).collect();
    let mut i = 0;
    while i < n {
        if !bridge[i] {
            i += 1;
            continue;
        }
        let start = i.saturating_sub(1);
        let mut end = i;
        while end < n && bridge[end] {
            end += 1;
        }
        let end = end.min(n - 1);
        let (y0, y1) = (deck[start], deck[end]);
        for k in start + 1..end {
            let t = (k - start) as f32 / (end - start) as f32;
            deck[k] = (y0 + (y1 - y0) * t).max(ground[k] + style.clearance);
        }
        i = end + 1;
    }
    deck
}

/// The profile of the ribbon along `points` (see the module's notes): `bridge[i]` marks segment
/// `i` as a bridge, `surface(x, z)` is the terrain height under a point, `step` the longest
/// distance between two samples (a non-positive step takes the ribbon's width, at least 1).
pub fn profile(
    points: &[[f32; 2]],
    bridge: &[bool],
    style: &RibbonStyle,
    step: f32,
    surface: impl Fn(f32, f32) -> f32,
) -> Profile {
    profile_above(points, bridge, style, step, surface, |_, _| {
        f32::NEG_INFINITY
    })
}

/// [`profile`] with a floor: off bridges, the ground of each sample is at least the highest of
/// `floor` under its centre and its two edges. A road takes the water drawn over the ground as its
/// floor: where a river is carved below the land beside it, the drawn ground between the cells'
/// centres dips under the river's surface, and the road (so a deck's end) stays on top of the
/// water instead.
pub fn profile_above(
    points: &[[f32; 2]],
    bridge: &[bool],
    style: &RibbonStyle,
    step: f32,
    surface: impl Fn(f32, f32) -> f32,
    floor: impl Fn(f32, f32) -> f32,
) -> Profile {
    let step = if step > 0.0 {
        step
    } else {
        style.width.max(1.0)
    };
    let (at, bridge) = resample(points, bridge, step);
    let sides = across(&at);
    let half = style.width * 0.5;
    let highest = |f: &dyn Fn(f32, f32) -> f32, [x, z]: [f32; 2], side: [f32; 2]| {
        let edge = |sign: f32| f(x + side[0] * half * sign, z + side[1] * half * sign);
        f(x, z).max(edge(1.0)).max(edge(-1.0))
    };
    let ground: Vec<f32> = (at.iter().zip(&sides).zip(&bridge))
        .map(|((&p, &side), &on_bridge)| {
            let g = highest(&surface, p, side);
            if on_bridge {
                g
            } else {
                g.max(highest(&floor, p, side))
            }
        })
        .collect();
    let height = deck_heights(&ground, &bridge, style);
    Profile {
        at,
        bridge,
        across: sides,
        height,
    }
}

/// One straight piece of a bridge deck, world units: the centre line of a bridge segment of a
/// road's ribbon profile, the deck's heights at its two ends and half the road's width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeckSegment {
    /// Start of the centre line, `[x, z]`.
    pub a: [f32; 2],
    /// End of the centre line, `[x, z]`.
    pub b: [f32; 2],
    /// The deck's height at `a` and at `b`.
    pub heights: [f32; 2],
    /// Half the deck's width.
    pub half_width: f32,
}

impl DeckSegment {
    /// The distance from `p` to the centre line, and the deck's height at the centre line's
    /// point nearest `p` (interpolated between the ends).
    pub fn nearest(&self, p: [f32; 2]) -> (f32, f32) {
        let (dx, dz) = (self.b[0] - self.a[0], self.b[1] - self.a[1]);
        let len2 = dx * dx + dz * dz;
        let t = if len2 > 0.0 {
            (((p[0] - self.a[0]) * dx + (p[1] - self.a[1]) * dz) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (qx, qz) = (self.a[0] + dx * t, self.a[1] + dz * t);
        let distance = ((p[0] - qx).powi(2) + (p[1] - qz).powi(2)).sqrt();
        let [h0, h1] = self.heights;
        (distance, h0 + (h1 - h0) * t)
    }

    /// The rectangle `[x0, z0, x1, z1]` around the centre line, grown by `reach`.
    pub(crate) fn bounds(&self, reach: f32) -> [f32; 4] {
        [
            self.a[0].min(self.b[0]) - reach,
            self.a[1].min(self.b[1]) - reach,
            self.a[0].max(self.b[0]) + reach,
            self.a[1].max(self.b[1]) + reach,
        ]
    }
}

/// The bridge decks of a map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decks {
    /// Every deck segment, road by road and along each road.
    pub segments: Vec<DeckSegment>,
}

impl Decks {
    /// The decks of `grid`'s roads, as their ribbons are drawn with `mesh`: each bridge's spans,
    /// and the ribbon's segments over water (one of whose ends the water surface reaches), which
    /// the ribbon is drawn above ([`profile_above`]): a bridge's approaches where the river's
    /// margin spreads over the banks beyond its cells, and a road's causeways.
    pub fn of(grid: &Grid, mesh: &MeshParams) -> Self {
        let mut segments = Vec::new();
        for road in grid.roads() {
            let bridge = segment_bridges(road);
            let line = RoadLine {
                points: &road.points,
                bridge: &bridge,
                width: road.width,
            };
            let p = road_profile(grid, mesh, &line);
            let wet = |i: usize| water_height(grid, mesh, p.at[i][0], p.at[i][1]).is_some();
            for i in
                (0..p.len().saturating_sub(1)).filter(|&i| p.is_span(i) || wet(i) || wet(i + 1))
            {
                segments.push(DeckSegment {
                    a: p.at[i],
                    b: p.at[i + 1],
                    heights: [p.height[i], p.height[i + 1]],
                    half_width: road.width * mesh.cell_size * 0.5,
                });
            }
        }
        Decks { segments }
    }

    /// Whether there is no deck.
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The nearest segment's distance from `p` and deck height there (the first of equally near
    /// segments); `None` without decks.
    pub fn nearest(&self, p: [f32; 2]) -> Option<(f32, f32)> {
        let mut best: Option<(f32, f32)> = None;
        for s in &self.segments {
            let (d, h) = s.nearest(p);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, h));
            }
        }
        best
    }

    /// The deck's height at the point `(x, z)` when a deck covers it (within half its width of
    /// a deck segment's centre line), else `None`.
    pub fn height_at(&self, x: f32, z: f32) -> Option<f32> {
        let p = [x, z];
        let covered = self.segments.iter().any(|s| s.nearest(p).0 <= s.half_width);
        covered.then(|| self.nearest(p).map(|(_, h)| h)).flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_runs_straight_between_its_ends_and_keeps_its_clearance() {
        let style = RibbonStyle::default();
        let ground = [1.0, 1.0, 0.0, 1.9, 0.0, 2.0, 2.0];
        let bridge = [false, false, true, true, true, false, false];
        let deck = deck_heights(&ground, &bridge, &style);
        let (y0, y1) = (1.0 + style.lift, 2.0 + style.lift);
        assert_eq!(deck[1], y0);
        assert_eq!(deck[5], y1);
        assert!((deck[2] - (y0 + (y1 - y0) * 0.25)).abs() < 1e-6);
        assert_eq!(deck[3], 1.9 + style.clearance, "clearance over a rise");
        assert!((deck[4] - (y0 + (y1 - y0) * 0.75)).abs() < 1e-6);
    }

    #[test]
    fn off_bridges_the_ground_is_at_least_the_floor() {
        // Ground dipping to -1 under a river at x = 2..4 whose water is drawn at 0 from x = 1
        // to 5: the road on the banks lies on the water, and the deck between them above it.
        let line = [[0.0, 0.0], [2.0, 0.0], [4.0, 0.0], [6.0, 0.0]];
        let style = RibbonStyle::default();
        let surface = |x: f32, _: f32| -(2.0 - (x - 3.0).abs()).clamp(0.0, 1.0);
        let water = |x: f32, _: f32| {
            if (1.0..=5.0).contains(&x) {
                0.0
            } else {
                f32::NEG_INFINITY
            }
        };
        let bridge = [false, true, false];
        let p = profile_above(&line, &bridge, &style, 0.5, surface, water);
        let q = profile(&line, &bridge, &style, 0.5, surface);
        for i in 0..p.len() {
            let x = p.at[i][0];
            if !p.bridge[i] {
                assert_eq!(p.height[i], surface(x, 0.0).max(water(x, 0.0)) + style.lift);
            }
            assert!(p.height[i] >= q.height[i]);
            if (1.0..=5.0).contains(&x) {
                assert!(p.height[i] >= style.lift, "the road at {x} above the water");
            }
        }
        assert!(
            q.height.iter().any(|&h| h < 0.0),
            "without the floor, under the water"
        );
    }

    #[test]
    fn samples_are_at_most_a_step_apart_and_flag_the_bridge_segment() {
        let line = [[0.0, 0.0], [2.0, 0.0], [4.0, 0.0], [6.0, 0.0]];
        let p = profile(
            &line,
            &[false, true, false],
            &RibbonStyle::default(),
            0.5,
            |_, _| 0.0,
        );
        assert_eq!(p.len(), 13);
        let spans: Vec<usize> = (0..p.len() - 1).filter(|&i| p.is_span(i)).collect();
        assert_eq!(spans, (4..8).collect::<Vec<_>>(), "x from 2 to 4");
        assert!(p.across.iter().all(|a| *a == [0.0, 1.0]));
    }
}
