//! The invariants every grown town must keep, as checks that describe the first violation.

use super::geom::{
    boundary_distance, contains, covers, crossing, is_simple, signed_area, to_segment,
};
use super::{v2, Ground, Town, TownSite};
use glam::Vec2;

/// A check's verdict: `Err` names the first violation.
pub type Verdict = Result<(), String>;

/// An outline as plane vectors.
pub fn ring(poly: &[[f32; 2]]) -> Vec<Vec2> {
    poly.iter().map(|&p| v2(p)).collect()
}

/// Streets stay on dry land inside the map and the radius, and under the grade limit.
pub fn streets_on_land(site: &TownSite, ground: &dyn Ground, town: &Town) -> Verdict {
    for (i, e) in town.graph.edges.iter().enumerate() {
        let (a, b) = town.graph.segment_of(e);
        for k in 0..=40 {
            let p = a.lerp(b, k as f32 / 40.0);
            if !ground.in_bounds(p.x, p.y) || ground.is_water(p.x, p.y) {
                return Err(format!("edge {i} is wet or off the map at {p}"));
            }
            if p.distance(v2(site.centre)) > site.radius + 1e-3 {
                return Err(format!("edge {i} leaves the radius at {p}"));
            }
        }
        let rise = (ground.height(a.x, a.y) - ground.height(b.x, b.y)).abs();
        let grade = rise * site.vertical_scale / a.distance(b);
        if grade > site.max_grade + 1e-4 {
            return Err(format!("edge {i} climbs {grade}"));
        }
    }
    Ok(())
}

/// No two edges cross or repeat, no edge is tiny, and no node lies on an edge it does not end.
pub fn planar(town: &Town) -> Verdict {
    let g = &town.graph;
    for (i, e) in g.edges.iter().enumerate() {
        let (a, b) = g.segment_of(e);
        if a.distance(b) < 0.1 {
            return Err(format!("edge {i} is {} long", a.distance(b)));
        }
        for (j, f) in g.edges.iter().enumerate().skip(i + 1) {
            let (c, d) = g.segment_of(f);
            let shared = [f.a, f.b].iter().filter(|n| [e.a, e.b].contains(n)).count();
            if shared == 2 {
                return Err(format!("edges {i} and {j} repeat"));
            }
            if shared == 1 {
                // Edges that share a node meet there; they overlap only when they fold back.
                let at = if [f.a, f.b].contains(&e.a) { e.a } else { e.b };
                let (p, u, v) = (g.pos(at), g.pos(e.other(at)), g.pos(f.other(at)));
                if (u - p).normalize_or_zero().dot((v - p).normalize_or_zero()) > 0.999 {
                    return Err(format!("edges {i} and {j} overlap at node {at}"));
                }
            } else if crossing(a, b, c, d).is_some() {
                return Err(format!("edges {i} and {j} cross"));
            }
        }
        for n in 0..g.nodes.len() as u32 {
            if n != e.a && n != e.b && to_segment(g.pos(n), a, b).0 < 1e-3 {
                return Err(format!("node {n} lies on edge {i}"));
            }
        }
    }
    Ok(())
}

/// Blocks are simple, counter-clockwise and dry.
pub fn blocks_simple(ground: &dyn Ground, town: &Town) -> Verdict {
    for (i, b) in town.blocks.iter().enumerate() {
        let poly = ring(&b.polygon);
        if signed_area(&poly) <= 0.0 || !is_simple(&poly) {
            return Err(format!("block {i} is not a simple ring: {poly:?}"));
        }
        if poly.iter().any(|p| ground.is_water(p.x, p.y)) {
            return Err(format!("block {i} is wet"));
        }
    }
    Ok(())
}

/// Lots are simple, lie in their block, add up to it and each has an edge on its outline.
/// `cell_size` is the town's metres per cell.
pub fn lots_partition(town: &Town, cell_size: f32) -> Verdict {
    let mut area = vec![0.0f32; town.blocks.len()];
    for (i, lot) in town.lots.iter().enumerate() {
        let block = ring(&town.blocks[lot.block as usize].polygon);
        let poly = ring(&lot.polygon);
        if !is_simple(&poly) || signed_area(&poly) <= 0.0 {
            return Err(format!("lot {i} is degenerate"));
        }
        if !poly.iter().all(|&p| covers(&block, p, 1e-3)) {
            return Err(format!("lot {i} leaves its block"));
        }
        let frontage: f32 = (0..poly.len())
            .map(|k| (poly[k], poly[(k + 1) % poly.len()]))
            .filter(|&(p, q)| boundary_distance(&block, (p + q) * 0.5) < 1e-3)
            .map(|(p, q)| p.distance(q))
            .sum();
        if frontage * cell_size < super::split::MIN_FRONTAGE - 1e-3 {
            return Err(format!("lot {i} fronts {frontage} cells of street"));
        }
        area[lot.block as usize] += signed_area(&poly);
    }
    for (b, block) in town.blocks.iter().enumerate() {
        let whole = signed_area(&ring(&block.polygon));
        if (area[b] - whole).abs() > 1e-3 * whole {
            return Err(format!("block {b}: its lots cover {} of {whole}", area[b]));
        }
    }
    Ok(())
}

/// Footprints are simple, inside their lots (no crossing edges), and sit at or below the
/// ground under them.
pub fn buildings_inside(ground: &dyn Ground, town: &Town) -> Verdict {
    for (i, b) in town.buildings.iter().enumerate() {
        let lot = ring(&town.lots[b.lot as usize].polygon);
        let fp = ring(&b.footprint);
        if !is_simple(&fp) || signed_area(&fp) <= 0.0 {
            return Err(format!("building {i} is degenerate"));
        }
        if !fp.iter().all(|&p| contains(&lot, p)) {
            return Err(format!("building {i} leaves its lot"));
        }
        for k in 0..fp.len() {
            for m in 0..lot.len() {
                let (a, c) = (fp[k], lot[m]);
                if crossing(a, fp[(k + 1) % fp.len()], c, lot[(m + 1) % lot.len()]).is_some() {
                    return Err(format!("building {i} crosses its lot's edge"));
                }
            }
        }
        if !(b.height > 0.0 && b.roof >= 0.0) {
            return Err(format!(
                "building {i} is {} tall, roof {}",
                b.height, b.roof
            ));
        }
        let lowest = fp
            .iter()
            .map(|p| ground.height(p.x, p.y))
            .fold(f32::INFINITY, f32::min);
        if b.base > lowest + 1e-6 {
            return Err(format!("building {i} floats"));
        }
    }
    Ok(())
}

/// Every check at once.
pub fn all(site: &TownSite, ground: &dyn Ground, town: &Town) -> Verdict {
    streets_on_land(site, ground, town)?;
    planar(town)?;
    blocks_simple(ground, town)?;
    lots_partition(town, site.cell_size)?;
    buildings_inside(ground, town)
}
