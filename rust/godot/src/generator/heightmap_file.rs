//! The image model's heightmap file as the generator holds it: the bytes read when
//! [member DonjournoGenerator.image_file] is set, decoded by whoever generates (a worker).

use donjourno::data::heightmap::{self, Format};
use donjourno::ExternalInputs;
use godot::classes::FileAccess;
use std::sync::Arc;

/// A heightmap file read into memory.
#[derive(Debug)]
pub struct HeightmapFile {
    /// The path it was read from.
    pub path: String,
    /// Its format, from the extension.
    pub format: Format,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// [`heightmap::content_key`] of the bytes.
    pub key: u64,
}

impl HeightmapFile {
    /// Reads `path` (`res://`, `user://` or absolute).
    pub fn read(path: &str) -> Result<HeightmapFile, String> {
        let format = Format::from_path(path).map_err(|e| e.to_string())?;
        if !FileAccess::file_exists(path) {
            return Err(format!("image_file {path} does not exist"));
        }
        let bytes = FileAccess::get_file_as_bytes(path).to_vec();
        if bytes.is_empty() {
            return Err(format!(
                "cannot read image_file {path}: {:?}",
                FileAccess::get_open_error()
            ));
        }
        let key = heightmap::content_key(&bytes);
        Ok(HeightmapFile {
            path: path.to_owned(),
            format,
            bytes,
            key,
        })
    }

    /// The generation's inputs: the decoded heightmap (the slow part, for a worker).
    pub fn inputs(&self) -> Result<ExternalInputs, String> {
        let map = heightmap::decode(&self.bytes, self.format)
            .map_err(|e| format!("image_file {}: {e}", self.path))?;
        Ok(ExternalInputs {
            heightmap: Some(Arc::new(map)),
            ..Default::default()
        })
    }
}

/// The inputs of a generation that reads `file` (none: default inputs).
pub fn inputs_of(file: Option<&HeightmapFile>) -> Result<ExternalInputs, String> {
    file.map_or_else(|| Ok(ExternalInputs::default()), HeightmapFile::inputs)
}
