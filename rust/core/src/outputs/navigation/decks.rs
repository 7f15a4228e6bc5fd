//! Bridges in the navigation mesh: where a road crosses a river its deck is walkable, at the
//! deck's height, though the river under it is not.
//!
//! * **Where.** The decks are the bridge segments of the roads' ribbon profiles, with their
//!   approaches over the water beyond the bridge cells ([`Decks::of`])
//!   ([`road_profile`](crate::outputs::mesh::settlement::road_profile), heights by the deck rule of
//!   [`crate::outputs::mesh::deck`]), so the walkable deck is the one drawn. A lattice quad is on a deck
//!   when its four corners (so all of it) lie within half the road's width of one deck segment's
//!   centre line, where [`Decks::height_at`] and the point queries find the deck, or its cell is
//!   a bridge cell ([`LandUse::Bridge`]); never on a building.
//! * **Height.** Every corner of a deck quad takes the deck's height at the nearest point of the
//!   nearest deck segment's centre line (the first of equally near segments); the corners it
//!   shares with ground quads move with it, so deck and ground meet on the same vertices.
//! * **Slope.** A deck quad is walkable however steep: the deck is built for the road's
//!   traffic, though over a narrow stream it climbs to its clearance more steeply than
//!   the agent's slope limit allows on open ground.
//! * **Agent radius.** A deck is kept whole (its parapets hold agents on it), and so are the dry
//!   road quads within the agent radius (plus one quad) of a deck's edge: the bridge's ends meet
//!   the road on both banks, though the river runs within the radius beside them. A road quad
//!   over which water shows is never walkable, beside a bridge or not.
//!
//! Every test is a function of a quad's or corner's position on the map, so neighbouring regions
//! agree on the decks along their common edge.

use super::lattice::{Lattice, QuadRect};
use crate::data::grid::Grid;
pub use crate::outputs::mesh::deck::{DeckSegment, Decks};
use crate::stages::settlements::LandUse;

/// The deck quads of a rectangle of the lattice, and the quads the agent radius leaves whole,
/// both `width × depth` row by row (both empty when no deck comes near).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeckQuads {
    /// Quads on a deck.
    pub deck: Vec<bool>,
    /// Quads kept whole by the erosion: the decks and the road quads within the agent radius
    /// (plus one quad) of them.
    pub whole: Vec<bool>,
}

/// The deck quads of `rect` (see the module's notes), with the corner heights `heights`
/// ([`corner_heights`](super::lattice::corner_heights) of `rect`) of their corners set to the
/// deck's. `built` marks the cells with buildings; `radius` is the agent radius, world units.
pub fn lay(
    decks: &Decks,
    grid: &Grid,
    built: &[bool],
    lat: &Lattice,
    rect: QuadRect,
    radius: f32,
    heights: &mut [f32],
) -> DeckQuads {
    let (w, d, step) = (rect.width(), rect.depth(), lat.step);
    let reach = |s: &DeckSegment| s.half_width + radius.max(0.0) + step;
    let area = [
        rect.x0 as f32 * step,
        rect.z0 as f32 * step,
        rect.x1 as f32 * step,
        rect.z1 as f32 * step,
    ];
    let near = |s: &&DeckSegment| {
        let b = s.bounds(reach(s));
        b[0] <= area[2] && b[2] >= area[0] && b[1] <= area[3] && b[3] >= area[1]
    };
    if !decks.segments.iter().any(|s| near(&s)) {
        return DeckQuads::default();
    }
    let (mut on_deck, mut by_deck) = (vec![false; w * d], vec![false; w * d]);
    for s in decks.segments.iter().filter(near) {
        let b = s.bounds(reach(s));
        let first = |lo: f32, start: usize| ((lo / step).floor().max(0.0) as usize).max(start);
        let last = |hi: f32, end: usize| ((hi / step).ceil().max(0.0) as usize).min(end);
        for z in first(b[1], rect.z0)..last(b[3], rect.z1) {
            for x in first(b[0], rect.x0)..last(b[2], rect.x1) {
                let centre = [(x as f32 + 0.5) * step, (z as f32 + 0.5) * step];
                let (dist, _) = s.nearest(centre);
                let i = (z - rect.z0) * w + (x - rect.x0);
                let corner = |dx: usize, dz: usize| {
                    let p = [(x + dx) as f32 * step, (z + dz) as f32 * step];
                    s.nearest(p).0 <= s.half_width
                };
                // The whole quad lies on the deck (a segment's reach is convex) when its corners do.
                on_deck[i] |= dist <= s.half_width
                    && corner(0, 0)
                    && corner(1, 0)
                    && corner(0, 1)
                    && corner(1, 1);
                by_deck[i] |= dist <= reach(s);
            }
        }
    }
    let k = lat.per_cell;
    let land_use = |x: usize, z: usize| {
        let c = grid.index((rect.x0 + x) / k, (rect.z0 + z) / k);
        let free = !built.get(c).copied().unwrap_or(false);
        (grid.land_use().get(c).copied().unwrap_or_default(), free)
    };
    let mut out = DeckQuads {
        deck: vec![false; w * d],
        whole: vec![false; w * d],
    };
    for z in 0..d {
        for x in 0..w {
            let i = z * w + x;
            let (usage, free) = land_use(x, z);
            out.deck[i] = free && (on_deck[i] || usage == LandUse::Bridge);
            out.whole[i] = out.deck[i] || (by_deck[i] && usage.is_road());
        }
    }
    raise(decks, &out.deck, lat, rect, heights);
    out
}

/// Sets the corner heights of the quads `deck` marks (of `rect`) to the deck's height there.
fn raise(decks: &Decks, deck: &[bool], lat: &Lattice, rect: QuadRect, heights: &mut [f32]) {
    let (w, d) = (rect.width(), rect.depth());
    let columns = w + 1;
    let mut done = vec![false; columns * (d + 1)];
    for z in 0..d {
        for x in (0..w).filter(|&x| deck[z * w + x]) {
            for (cx, cz) in [(x, z), (x + 1, z), (x, z + 1), (x + 1, z + 1)] {
                let slot = cz * columns + cx;
                if done[slot] {
                    continue;
                }
                done[slot] = true;
                let p = [
                    (rect.x0 + cx) as f32 * lat.step,
                    (rect.z0 + cz) as f32 * lat.step,
                ];
                if let Some((_, h)) = decks.nearest(p) {
                    heights[slot] = h;
                }
            }
        }
    }
}
