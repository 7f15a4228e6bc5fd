//! A small text map of a town, for failing-test messages: `~` water, `#` major street, `+` minor
//! street, `T`/`h`/`s` buildings (tower, house, shed), `.` lot, `:` block, space elsewhere.

use super::geom::{contains, to_segment};
use super::{v2, Ground, Style, Town, TownSite};
use glam::Vec2;

/// Characters per cell side is one; the map covers the town's square at `scale` cells per
/// character.
pub fn ascii_map(site: &TownSite, ground: &dyn Ground, town: &Town, scale: f32) -> String {
    let r = site.radius + 2.0;
    let origin = v2(site.centre) - Vec2::splat(r);
    let n = (2.0 * r / scale).ceil() as usize;
    let mut out = String::with_capacity(n * (n + 1));
    for j in 0..n {
        for i in 0..n {
            let p = origin + Vec2::new(i as f32 + 0.5, j as f32 + 0.5) * scale;
            out.push(glyph(ground, town, p, scale));
        }
        out.push('\n');
    }
    out
}

fn glyph(ground: &dyn Ground, town: &Town, p: Vec2, scale: f32) -> char {
    let ring = |poly: &[[f32; 2]]| poly.iter().map(|&q| v2(q)).collect::<Vec<_>>();
    for major in [true, false] {
        let near = town
            .graph
            .edges
            .iter()
            .filter(|e| e.major == major)
            .any(|e| {
                let (a, b) = (
                    v2(town.graph.nodes[e.a as usize]),
                    v2(town.graph.nodes[e.b as usize]),
                );
                to_segment(p, a, b).0 < 0.5 * scale
            });
        if near {
            return if major { '#' } else { '+' };
        }
    }
    if ground.in_bounds(p.x, p.y) && ground.is_water(p.x, p.y) {
        return '~';
    }
    if let Some(b) = town
        .buildings
        .iter()
        .find(|b| contains(&ring(&b.footprint), p))
    {
        return match b.style {
            Style::Tower => 'T',
            Style::House => 'h',
            Style::Shed => 's',
        };
    }
    if town.lots.iter().any(|l| contains(&ring(&l.polygon), p)) {
        return '.';
    }
    if town.blocks.iter().any(|b| contains(&ring(&b.polygon), p)) {
        return ':';
    }
    ' '
}
