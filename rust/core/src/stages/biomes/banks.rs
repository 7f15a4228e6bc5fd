//! Wetter banks (the world design's river valleys): the ground along rivers and lakes is wetter
//! and greener. River valleys are not biomes of their own but the biome they cross with a
//! moisture bonus near the water; the biomes read the bonus with the climate's moisture.
//!
//! A river's banks reach a fixed distance from its edge (half its width from the channel's
//! cells); a brook's reach a few of its widths only, and the narrowest brooks wet none, so the
//! brooks that lace a map do not wet all of it. Lakes keep their wet sand and the wetland
//! override, but no bonus: a lake's shore is where the finer lattice finds more small lakes than
//! the coarser, and a bonus around each would make the biomes depend on the cell size. Every
//! reach is in metres, so the same river wets the same ground at every cell size.

use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::stages::biomes::classify::ramp;
use rayon::prelude::*;

/// Moisture added on the banks (moisture runs 0–1).
pub const BANK_MOISTURE: f32 = 0.12;
/// Metres a bank reaches from a river's edge…
pub const BANK_REACH: f32 = 30.0;
/// …and at most this many of the river's widths…
pub const BANK_WIDTHS: f32 = 5.0;
/// …from rivers at least this many metres wide (drawn on cells of up to 4 m).
pub const MIN_BANK_RIVER: f32 = 2.0;
/// The bonus fades out over the last this many metres of a bank's reach.
pub const BANK_FADE: f32 = 20.0;

/// Metres a bank reaches from cell `i`, or `None` when the cell is no river at least
/// [`MIN_BANK_RIVER`] wide.
fn reach(grid: &Grid, i: usize) -> Option<f32> {
    let w = grid.river_width[i];
    (grid.water[i] == WaterKind::River && w >= MIN_BANK_RIVER)
        .then(|| BANK_REACH.min(BANK_WIDTHS * w) + 0.5 * w)
}

/// The moisture bonus of every cell: [`BANK_MOISTURE`] where a bank's reach left (its reach less
/// the distance to its river, metres) is at least [`BANK_FADE`], easing to 0 where it runs out.
/// The reach left is the most of any river cell's, by a chamfer transform
/// ([`crate::algorithms::chamfer::relax`]) on cells of `cell_size` metres.
pub fn bank_moisture(grid: &Grid, cell_size: f32) -> Vec<f32> {
    let width = grid.width();
    let start: Vec<f32> = (0..grid.len())
        .into_par_iter()
        .with_min_len(crate::algorithms::threads::min_cells())
        .map(|i| reach(grid, i).map_or(f32::INFINITY, |r| -r / cell_size))
        .collect();
    let mut left = crate::algorithms::chamfer::relax(width, start);
    (left
        .par_iter_mut()
        .with_min_len(crate::algorithms::threads::min_cells()))
    .for_each(|v| {
        let metres = -*v * cell_size;
        *v = BANK_MOISTURE * ramp(0.0, BANK_FADE, metres);
    });
    left
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w × d` dry grid with a river of `width` metres along column `x`.
    fn river(w: usize, d: usize, x: usize, width: f32) -> Grid {
        let mut g = Grid::new(w, d);
        for z in 0..d {
            let i = g.index(x, z);
            g.water[i] = WaterKind::River;
            g.river_width[i] = width;
        }
        g
    }

    #[test]
    fn banks_are_wetter_near_the_river_and_dry_beyond_its_reach() {
        // A 12 m river on 1 m cells: 30 m of bank beyond its half width, full up to 16 m from
        // the channel's cells, none from 36 m on.
        let g = river(80, 4, 10, 12.0);
        let bonus = bank_moisture(&g, 1.0);
        let at = |x: usize| bonus[g.index(x, 2)];
        assert_eq!(at(10), BANK_MOISTURE);
        assert_eq!(at(26), BANK_MOISTURE);
        assert!(at(36) > 0.0 && at(36) < BANK_MOISTURE, "fading: {}", at(36));
        assert_eq!(at(46), 0.0);
        assert!(
            (11..70).all(|x| at(x) <= at(x - 1)),
            "falls away from the river"
        );
    }

    #[test]
    fn a_wider_river_wets_a_wider_strip() {
        let narrow = bank_moisture(&river(200, 3, 5, 2.0), 1.0);
        let wide = bank_moisture(&river(200, 3, 5, 60.0), 1.0);
        let wet = |b: &[f32]| b.iter().filter(|&&v| v > 0.0).count();
        // A brook of 2 m wets 11 m either side, a 60 m river 60 m; a 1 m brook none.
        assert_eq!(wet(&narrow), 3 * 16);
        assert_eq!(wet(&wide), 3 * 65);
        assert_eq!(wet(&bank_moisture(&river(200, 3, 5, 1.0), 1.0)), 0);
    }

    #[test]
    fn the_banks_are_in_metres_at_every_cell_size() {
        // The same 4 m river and 60 m of land at 1 m and at 4 m cells: the same bonus at the same
        // distances in metres.
        let fine = bank_moisture(&river(64, 2, 0, 4.0), 1.0);
        let coarse = bank_moisture(&river(16, 2, 0, 4.0), 4.0);
        for (k, &c) in coarse.iter().take(16).enumerate() {
            let f = fine[4 * k];
            assert!((f - c).abs() < 1e-6, "{} m: {f} against {c}", 4 * k);
        }
    }

    #[test]
    fn the_sea_and_lakes_wet_no_bank() {
        let mut g = Grid::new(20, 2);
        for z in 0..2 {
            let i = g.index(0, z);
            g.water[i] = WaterKind::Sea;
            let j = g.index(10, z);
            g.water[j] = WaterKind::Lake;
        }
        assert!(bank_moisture(&g, 1.0).iter().all(|&v| v == 0.0));
    }
}
