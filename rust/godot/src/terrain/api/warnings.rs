//! The terrain's configuration warnings (the yellow triangle in the scene dock), as plain Rust.

/// The warnings for a terrain with or without a generator and a baked mesh, after a rebuild
/// that failed with `last_error` (empty when the last rebuild succeeded).
pub fn configuration_warnings(
    has_generator: bool,
    has_baked_mesh: bool,
    last_error: &str,
) -> Vec<String> {
    let mut warnings = Vec::new();
    if !has_generator && !has_baked_mesh {
        warnings.push("Assign a DonjournoGenerator to \"generator\" to see a terrain.".to_owned());
    }
    if !last_error.is_empty() {
        warnings.push(format!("The last rebuild failed: {last_error}"));
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::configuration_warnings;

    #[test]
    fn a_terrain_without_generator_or_baked_mesh_asks_for_a_generator() {
        let w = configuration_warnings(false, false, "");
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("Assign a DonjournoGenerator"));
        assert!(configuration_warnings(false, true, "").is_empty());
        assert!(configuration_warnings(true, false, "").is_empty());
    }

    #[test]
    fn a_failed_rebuild_is_a_warning_naming_the_error_until_a_rebuild_succeeds() {
        let error = "coverage must be a number in [0, 1] (got 2)";
        let w = configuration_warnings(true, false, error);
        assert_eq!(w, [format!("The last rebuild failed: {error}")]);
        assert!(configuration_warnings(true, false, "").is_empty());
        assert_eq!(configuration_warnings(false, false, error).len(), 2);
    }
}
