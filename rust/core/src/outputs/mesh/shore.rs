//! Shore colours ([`MeshParams::shore_colors`]): the terrain of a water cell that rises above the
//! water surface takes the colour of the dry ground around the cell.
//!
//! The terrain mesh colours each cell flat, and a water cell's colour (the original design's table) is the
//! water's blue. The water surface ([`crate::outputs::mesh::water_surface`]) ends where the terrain meets it, inside
//! the cells, so the corners of the shore's water cells rise out of the water: without shore
//! colours they show as blue teeth along every shoreline. With them, a triangle of a water cell
//! with a vertex above the water level (the level of the water mesh's vertex there) is drawn in
//! the cell's bank colour, the mean colour of its dry neighbours; the triangles under the water
//! keep the water colour.

use super::HeightSource;
use crate::data::grid::{Grid, Rgb, Terrain};
use crate::outputs::mesh::water_surface::Levels;
use crate::params::MeshParams;
use std::sync::Arc;

/// What the shore colours need of a grid: the water level at every lattice vertex (the bank
/// colour of a water cell is worked out when one of its triangles rises above the water).
pub(crate) struct Shore {
    levels: Arc<Levels>,
}

impl Shore {
    /// The shore of `grid`, or `None` when `params` asks for no shore colours or the grid has no
    /// water cell.
    pub(crate) fn new(grid: &Grid, ground: &HeightSource, params: &MeshParams) -> Option<Shore> {
        if !params.shore_colors || !grid.terrain.contains(&Terrain::Water) {
            return None;
        }
        Some(Shore {
            levels: Arc::new(Levels::new(grid, ground, params)),
        })
    }

    /// The water level at every lattice vertex, shared.
    pub(crate) fn levels(&self) -> Arc<Levels> {
        Arc::clone(&self.levels)
    }

    /// The colour of a triangle of cell `(x, z)`, whose own colour is `rgb`, with vertices at
    /// lattice points `lattice` and heights `heights` (world units, `y_scale` per height unit).
    pub(crate) fn color(
        &self,
        grid: &Grid,
        (x, z): (usize, usize),
        rgb: Rgb,
        lattice: [(usize, usize); 3],
        heights: [f32; 3],
        y_scale: f32,
    ) -> Rgb {
        if grid.terrain[grid.index(x, z)] != Terrain::Water {
            return rgb;
        }
        let above = lattice
            .iter()
            .zip(heights)
            .any(|(&(gx, gz), h)| h > self.levels.at(gx, gz) * y_scale);
        match above {
            true => bank_color(grid, x, z).unwrap_or(rgb),
            false => rgb,
        }
    }
}

/// The bank colour of cell `(x, z)`: for a water cell with dry cells among its 8 neighbours, the
/// mean of their colours (rounded); `None` for dry cells and water cells surrounded by water.
fn bank_color(grid: &Grid, x: usize, z: usize) -> Option<Rgb> {
    if grid.terrain[grid.index(x, z)] != Terrain::Water {
        return None;
    }
    let (w, d) = (grid.width(), grid.depth());
    let (mut sum, mut n) = ([0u32; 3], 0u32);
    for nz in z.saturating_sub(1)..(z + 2).min(d) {
        for nx in x.saturating_sub(1)..(x + 2).min(w) {
            let j = grid.index(nx, nz);
            if grid.terrain[j] != Terrain::Water {
                for (s, c) in sum.iter_mut().zip(grid.color[j]) {
                    *s += u32::from(c);
                }
                n += 1;
            }
        }
    }
    (n > 0).then(|| sum.map(|s| ((s + n / 2) / n) as u8))
}

#[cfg(test)]
mod tests {
    use crate::data::grid::Terrain;
    use crate::outputs::mesh::build_mesh;
    use crate::outputs::mesh::water_surface::water_height;
    use crate::params::MeshParams;

    /// The defect shore colours remove: with them, no terrain triangle drawn in a water cell's
    /// own colour rises above the water surface (every vertex of such a triangle lies under the
    /// water mesh, within its rounding allowance); without them, many do on this map.
    #[test]
    fn no_water_coloured_terrain_rises_above_the_water() {
        let params = crate::params::GeneratorParams {
            seed: 42,
            ..Default::default()
        };
        let (grid, _) = crate::stages::generate::generate(&params, Default::default()).unwrap();
        let mut mesh_params = params.mesh_params(MeshParams {
            subdivisions: 2,
            ..Default::default()
        });
        let count = |mesh_params: &MeshParams| {
            let mesh = build_mesh(&grid, mesh_params).unwrap();
            let mut teeth = 0;
            for (tri, colors) in mesh.positions.chunks(3).zip(mesh.colors.chunks(3)) {
                let centre = |k: usize| (tri[0][k] + tri[1][k] + tri[2][k]) / 3.0;
                let cell = |v: f32| (v / mesh_params.cell_size) as usize;
                let i = grid.index(cell(centre(0)), cell(centre(2)));
                let own = grid.color[i].map(|c| f32::from(c) / 255.0);
                if grid.terrain[i] != Terrain::Water || colors[0][..3] != own {
                    continue;
                }
                let dry = tri.iter().any(|p| {
                    water_height(&grid, mesh_params, p[0], p[2]).is_none_or(|y| y < p[1] - 1e-3)
                });
                teeth += usize::from(dry);
            }
            teeth
        };
        mesh_params.shore_colors = false;
        assert!(count(&mesh_params) > 100, "the map has no shore to test");
        mesh_params.shore_colors = true;
        assert_eq!(count(&mesh_params), 0);
    }
}
