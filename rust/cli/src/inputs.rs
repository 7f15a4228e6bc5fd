//! The files a generation reads besides its parameters: the image model's heightmap and the
//! designer's layout (stamps, paths and sites).

use donjourno::data::heightmap::{self, Format};
use donjourno::params::layout;
use donjourno::ExternalInputs;
use std::path::Path;
use std::sync::Arc;

/// Reads the heightmap (decoded) and the layout (checked); errors name the file.
pub fn read(heightmap: Option<&Path>, stamps: Option<&Path>) -> Result<ExternalInputs, String> {
    let mut inputs = ExternalInputs::default();
    if let Some(path) = heightmap {
        let shown = path.display();
        let format = Format::from_path(&path.to_string_lossy()).map_err(|e| e.to_string())?;
        let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
        let map = heightmap::decode(&bytes, format).map_err(|e| format!("{shown}: {e}"))?;
        inputs.heightmap = Some(Arc::new(map));
    }
    if let Some(path) = stamps {
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        let read = layout::from_json(&text).map_err(|e| format!("{shown}: {e}"))?;
        (inputs.stamps, inputs.paths, inputs.sites) = (read.stamps, read.paths, read.sites);
    }
    Ok(inputs)
}
