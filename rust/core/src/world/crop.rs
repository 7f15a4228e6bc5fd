//! Cutting a window out of a grid: the tile out of its apron-wrapped map.

use crate::data::grid::Grid;

/// The rows `z0..z0 + d` of a plane `width` wide, cut to columns `x0..x0 + w` (an empty plane
/// stays empty).
fn cut<T: Copy>(plane: &[T], width: usize, (x0, z0, w, d): (usize, usize, usize, usize)) -> Vec<T> {
    if plane.is_empty() {
        return Vec::new();
    }
    (z0..z0 + d)
        .flat_map(|z| plane[z * width + x0..z * width + x0 + w].iter().copied())
        .collect()
}

/// The `w × d` cells of `grid` from `(x0, z0)` on, every per-cell plane cut to them; the lake
/// list and the scatter, which are not per cell, are left empty. `None` when the window does not
/// lie on the grid.
pub fn window(grid: &Grid, x0: usize, z0: usize, w: usize, d: usize) -> Option<Grid> {
    if x0 + w > grid.width() || z0 + d > grid.depth() {
        return None;
    }
    let (width, r) = (grid.width(), (x0, z0, w, d));
    let mut out = Grid::new(w, d);
    out.height = cut(&grid.height, width, r);
    out.roughness = cut(&grid.roughness, width, r);
    out.forest_mask = cut(&grid.forest_mask, width, r);
    out.terrain = cut(&grid.terrain, width, r);
    out.color = cut(&grid.color, width, r);
    out.pool = cut(&grid.pool, width, r);
    out.water_level = cut(&grid.water_level, width, r);
    out.water = cut(&grid.water, width, r);
    out.river_width = cut(&grid.river_width, width, r);
    out.lake = cut(&grid.lake, width, r);
    out.temperature = cut(&grid.temperature, width, r);
    out.moisture = cut(&grid.moisture, width, r);
    out.sea_level = grid.sea_level;
    *out.biome_mut() = cut(grid.biome(), width, r);
    *out.biome_weights_mut() = cut(grid.biome_weights(), width, r);
    Some(out)
}
