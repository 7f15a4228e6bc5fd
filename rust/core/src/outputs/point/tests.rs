use super::*;
use crate::data::water::WaterKind;
use crate::outputs::mesh::deck::DeckSegment;
use crate::outputs::mesh::surface_height;
use crate::outputs::mesh::water_surface::water_height;

/// Level of the lake of [`bowl`], height units.
const LEVEL: f32 = 0.3;

/// A 12×10 bowl (heights rising with the square of the distance from its middle) holding a lake
/// at [`LEVEL`] on the cells below it, with grass around and a tree on one bank.
fn bowl() -> Grid {
    let mut g = Grid::new(12, 10);
    for z in 0..10 {
        for x in 0..12 {
            let (dx, dz) = (x as f32 - 5.5, z as f32 - 4.5);
            let i = g.index(x, z);
            g.height[i] = 0.1 + 0.02 * (dx * dx + dz * dz);
            if g.height[i] < LEVEL {
                g.terrain[i] = Terrain::Water;
                g.water[i] = WaterKind::Lake;
                g.water_level[i] = LEVEL;
            }
        }
    }
    let tree = g.index(2, 4);
    g.terrain[tree] = Terrain::Tree;
    g
}

fn params(subdivisions: u32) -> MeshParams {
    MeshParams {
        subdivisions,
        cell_size: 2.0,
        roughness_strength: 0.0,
        ..Default::default()
    }
}

/// Points every `step` world units over the map and a little beyond it.
fn samples(grid: &Grid, p: &MeshParams, step: f32) -> Vec<(f32, f32)> {
    let (w, d) = (
        grid.width() as f32 * p.cell_size,
        grid.depth() as f32 * p.cell_size,
    );
    let n = |len: f32| ((len + 2.0) / step) as usize;
    (0..=n(d))
        .flat_map(|j| (0..=n(w)).map(move |i| (i as f32 * step - 1.0, j as f32 * step - 1.0)))
        .collect()
}

#[test]
fn off_the_terrain_and_for_points_that_are_not_numbers_nothing_is_there() {
    let g = bowl();
    let p = params(2);
    let probe = Probe::new(&g, &p);
    let (w, d) = (24.0, 20.0);
    for (x, z) in [
        (-0.01, 5.0),
        (5.0, -0.01),
        (w + 0.01, 5.0),
        (5.0, d + 0.01),
        (f32::NAN, 5.0),
        (5.0, f32::NAN),
        (f32::INFINITY, 5.0),
        (5.0, f32::NEG_INFINITY),
        (f32::MAX, f32::MAX),
    ] {
        assert_eq!(probe.at(x, z), Point::OFF, "at ({x}, {z})");
        assert_eq!(probe.water(x, z), None);
        assert_eq!(probe.ground(x, z), None);
        assert_eq!(probe.cell(x, z), None);
    }
    // The far edges belong to the last cells, where the mesh is drawn.
    let corner = probe.at(w, d);
    assert_eq!(corner.cell, Some((11, 9)));
    assert_eq!(corner.ground, surface_height(&g, &p, w, d));
    assert!(corner.ground.is_some());
    assert_eq!(probe.at(0.0, 0.0).cell, Some((0, 0)));
    // Invalid settings or an empty grid: off everywhere.
    let bad = MeshParams {
        cell_size: 0.0,
        ..p
    };
    assert_eq!(Probe::new(&g, &bad).at(5.0, 5.0), Point::OFF);
    let empty = Grid::new(0, 0);
    assert_eq!(Probe::new(&empty, &p).at(0.0, 0.0), Point::OFF);
}

#[test]
fn water_shows_exactly_where_the_water_mesh_lies_above_the_ground() {
    let g = bowl();
    for sub in [1, 2, 3] {
        let p = params(sub);
        let probe = Probe::new(&g, &p);
        let (mut wet, mut dry_on_water_cell, mut wet_on_dry_cell) = (0, 0, 0);
        for (x, z) in samples(&g, &p, 0.07) {
            let at = probe.at(x, z);
            assert_eq!(at, Probe::new(&g, &p).at(x, z), "a fresh probe agrees");
            let Some((cx, cz)) = at.cell else {
                assert_eq!(at, Point::OFF);
                continue;
            };
            let ground = at.ground.expect("ground on the terrain");
            assert_eq!(Some(ground), surface_height(&g, &p, x, z));
            let cell_water = g.is_water(cx, cz);
            match at.water {
                Some(level) => {
                    wet += 1;
                    assert!(level.is_finite() && level - ground > WET_DEPTH, "{x} {z}");
                    assert_eq!(
                        water_height(&g, &p, x, z),
                        Some(level),
                        "the water mesh's level"
                    );
                    assert_eq!(at.terrain, Some(Terrain::Water));
                    wet_on_dry_cell += usize::from(!cell_water);
                }
                None => {
                    assert_ne!(at.terrain, Some(Terrain::Water), "{x} {z}");
                    if let Some(level) = water_height(&g, &p, x, z) {
                        assert!(level - ground <= WET_DEPTH, "dry only at the shoreline");
                    }
                    if cell_water {
                        dry_on_water_cell += 1;
                        assert_eq!(at.terrain, Some(bank_class(&g, cx, cz)));
                    } else {
                        assert_eq!(at.terrain, Some(g.terrain[g.index(cx, cz)]));
                    }
                }
            }
            assert!(!at.road && at.deck.is_none(), "no road on the map");
        }
        assert!(wet > 1000, "the lake is sampled ({wet} points)");
        assert!(
            dry_on_water_cell > 20,
            "the ground of water cells rises out of the lake at its shore ({dry_on_water_cell})"
        );
        assert!(
            wet_on_dry_cell > 20,
            "the lake reaches over dry cells up to the shoreline ({wet_on_dry_cell})"
        );
    }
}

#[test]
fn a_bank_takes_the_class_most_of_its_dry_neighbours_have() {
    let mut g = Grid::new(3, 3);
    let centre = g.index(1, 1);
    g.terrain[centre] = Terrain::Water;
    assert_eq!(bank_class(&g, 1, 1), Terrain::Grass);
    for (x, z) in [(0, 0), (1, 0), (2, 0)] {
        let i = g.index(x, z);
        g.terrain[i] = Terrain::Mountain;
    }
    for (x, z) in [(0, 1), (2, 1), (0, 2), (1, 2)] {
        let i = g.index(x, z);
        g.terrain[i] = Terrain::Water;
    }
    // Three mountains, one grass (2, 2).
    assert_eq!(bank_class(&g, 1, 1), Terrain::Mountain);
    let i = g.index(0, 0);
    g.terrain[i] = Terrain::Tree;
    let i = g.index(1, 0);
    g.terrain[i] = Terrain::Tree;
    // Two trees before one mountain and one grass.
    assert_eq!(bank_class(&g, 1, 1), Terrain::Tree);
    g.terrain.fill(Terrain::Water);
    assert_eq!(bank_class(&g, 1, 1), Terrain::Grass, "an islet");
    // Equally many: the first in row order.
    let mut g = Grid::new(3, 1);
    g.terrain = vec![Terrain::Mountain, Terrain::Water, Terrain::Tree];
    assert_eq!(bank_class(&g, 1, 0), Terrain::Mountain);
}

#[test]
fn a_deck_is_road_and_stands_over_the_water() {
    let g = bowl();
    let p = params(2);
    // A deck across the lake along z = 9 m, 3 m wide, at 0.5 above the water.
    let deck_height = LEVEL * p.height_scale + 0.5;
    let decks = Decks {
        segments: vec![DeckSegment {
            a: [2.0, 9.0],
            b: [22.0, 9.0],
            heights: [deck_height; 2],
            half_width: 1.5,
        }],
    };
    let probe = Probe::new(&g, &p).with_decks(&decks);
    let on = probe.at(11.0, 9.5);
    assert!(on.is_water(), "water under the deck");
    assert!(on.road, "the deck is road");
    assert_eq!(on.deck, Some(deck_height));
    assert!(on.deck.unwrap() > on.water.unwrap());
    let beside = probe.at(11.0, 11.0);
    assert!(beside.is_water() && !beside.road && beside.deck.is_none());
    // Without decks the same point is water and no road.
    let plain = Probe::new(&g, &p).at(11.0, 9.5);
    assert!(plain.is_water() && !plain.road && plain.deck.is_none());
}
