//! How a map splits into chunks and which camera distances draw each level of detail (see
//! [`chunks`](super::chunks), which builds the meshes).

use crate::params::mesh::MAX_LOD_LEVELS;
use crate::params::MeshParams;

/// One chunk: cells `x0..x1` × `z0..z1` of the map, at column `column` and row `row`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chunk {
    /// Column of the chunk (along x).
    pub column: usize,
    /// Row of the chunk (along z).
    pub row: usize,
    /// First cell along x.
    pub x0: usize,
    /// One past the last cell along x.
    pub x1: usize,
    /// First cell along z.
    pub z0: usize,
    /// One past the last cell along z.
    pub z1: usize,
}

/// How a `width × depth` map splits into chunks and how many levels each chunk has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkLayout {
    /// Map width in cells.
    pub width: usize,
    /// Map depth in cells.
    pub depth: usize,
    /// Chunk side in cells.
    pub size: usize,
    /// Levels of detail per chunk (at least 1).
    pub levels: u32,
    /// Sub-vertices per cell side.
    pub subdivisions: usize,
}

impl ChunkLayout {
    /// The layout of a `width × depth` map with `params`. The level count is
    /// [`MeshParams::lod_levels`], lowered so that the coarsest level still has a quad every
    /// half chunk.
    pub fn new(width: usize, depth: usize, params: &MeshParams) -> Self {
        let size = params.chunk_size.max(1) as usize;
        let n = params.subdivisions.max(1) as usize;
        let lattice = size * n;
        let mut levels = params.lod_levels.clamp(1, MAX_LOD_LEVELS);
        while levels > 1 && (1usize << (levels - 1)) * 2 > lattice {
            levels -= 1;
        }
        ChunkLayout {
            width,
            depth,
            size,
            levels,
            subdivisions: n,
        }
    }

    /// Whether the map needs more than one chunk; a map that fits in one chunk is drawn as one
    /// mesh by [`build_mesh`](super::build_mesh).
    pub fn is_chunked(&self) -> bool {
        self.width > self.size || self.depth > self.size
    }

    /// Chunk columns and rows.
    pub fn grid_size(&self) -> (usize, usize) {
        (
            self.width.div_ceil(self.size),
            self.depth.div_ceil(self.size),
        )
    }

    /// The chunk at `(column, row)`, if the map has it.
    pub fn chunk(&self, column: usize, row: usize) -> Option<Chunk> {
        let (columns, rows) = self.grid_size();
        (column < columns && row < rows).then(|| Chunk {
            column,
            row,
            x0: column * self.size,
            x1: ((column + 1) * self.size).min(self.width),
            z0: row * self.size,
            z1: ((row + 1) * self.size).min(self.depth),
        })
    }

    /// The index in [`ChunkLayout::chunks`] of the chunk holding the point `(x, z)`, in cells;
    /// points off the map go to the nearest chunk.
    pub fn index_at(&self, x: f32, z: f32) -> usize {
        let (columns, rows) = self.grid_size();
        let cell = |v: f32, n: usize| ((v.max(0.0) as usize) / self.size).min(n.max(1) - 1);
        cell(z, rows) * columns + cell(x, columns)
    }

    /// Every chunk, row by row.
    pub fn chunks(&self) -> Vec<Chunk> {
        let (columns, rows) = self.grid_size();
        (0..rows)
            .flat_map(|row| (0..columns).filter_map(move |column| self.chunk(column, row)))
            .collect()
    }
}

/// The distances from the camera, in world units, between which level `level` of `levels` is
/// drawn: `(begin, end)`, where an `end` of 0 means no end (the coarsest level).
pub fn lod_range(level: u32, levels: u32, lod_distance: f32) -> (f32, f32) {
    let at = |l: u32| lod_distance * (1u32 << l.min(31)) as f32 / 2.0;
    let begin = if level == 0 { 0.0 } else { at(level) };
    let end = if level + 1 >= levels {
        0.0
    } else {
        at(level + 1)
    };
    (begin, end)
}
