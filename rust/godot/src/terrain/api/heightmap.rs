//! Heightmap export ([method DonjournoTerrain.export_heightmap]): the heights of the terrain shown
//! as a 16-bit PNG, an EXR or a raw R16 file, with a JSON description beside it.

use crate::terrain::DonjournoTerrain;
use donjourno::data::heightmap::{self, Format};
use godot::classes::file_access::ModeFlags;
use godot::classes::FileAccess;
use godot::global::Error;
use godot::prelude::*;

/// Writes `bytes` to `path` (any Godot path: `res://`, `user://` or absolute).
fn write_file(path: &str, bytes: &[u8]) -> Result<(), String> {
    let Some(mut file) = FileAccess::open(path, ModeFlags::WRITE) else {
        return Err(format!(
            "cannot write {path}: {:?}",
            FileAccess::get_open_error()
        ));
    };
    file.store_buffer(&PackedByteArray::from(bytes));
    file.close();
    Ok(())
}

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Writes the heights of the terrain shown to `path`, in the format of its extension:
    /// `.png` (16-bit greyscale) or `.r16` (raw, square maps only) hold 0 to
    /// [member DonjournoGenerator.peak_height] as 0 to 65535; `.exr` holds metres as 32-bit
    /// floats. A file `path + ".json"` beside it gives the size, the cell size and the height
    /// range in metres (Terrain3D's importer takes `height_max_m − height_min_m` as its scale and
    /// `height_min_m` as its offset). Returns `OK`, `ERR_UNCONFIGURED` when no terrain is shown,
    /// `ERR_FILE_UNRECOGNIZED` for another extension or `ERR_CANT_CREATE` when writing fails.
    #[func]
    pub fn export_heightmap(&self, path: GString) -> Error {
        let path = path.to_string();
        let Some(shown) = self.shown.as_ref() else {
            godot_error!("DonjournoTerrain.export_heightmap(): no terrain shown; regenerate first");
            return Error::ERR_UNCONFIGURED;
        };
        let format = match Format::from_path(&path) {
            Ok(f) => f,
            Err(e) => {
                godot_error!("DonjournoTerrain.export_heightmap(): {e}");
                return Error::ERR_FILE_UNRECOGNIZED;
            }
        };
        let params = &shown.inputs.params;
        let (map, range) = heightmap::export(
            &shown.grid,
            format,
            params.terrain.peak_height,
            params.height_scale,
        );
        let meta = heightmap::metadata_json(&map, format, range, params.cell_size);
        let written = heightmap::encode(&map, format)
            .map_err(|e| e.to_string())
            .and_then(|bytes| write_file(&path, &bytes))
            .and_then(|()| write_file(&format!("{path}.json"), meta.as_bytes()));
        match written {
            Ok(()) => Error::OK,
            Err(message) => {
                godot_error!("DonjournoTerrain.export_heightmap(): {message}");
                Error::ERR_CANT_CREATE
            }
        }
    }
}
