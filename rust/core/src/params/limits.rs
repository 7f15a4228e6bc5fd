//! How many stamps, paths and sites one map takes: each limit declared once, here, and checked by
//! [`check`] wherever a layout is read or used ([`super::layout::from_json`], [`crate::generate`],
//! the Godot terrain's children), with an error value that names the limit.
//!
//! Every stamp and path is laid over the cells of its footprint and every site joins the road
//! network, so a list without an end would hold a generation (or the editor) for as long as it
//! likes; these bounds are far above any hand-made layout.

use super::paths::Path;
use super::sites::Site;
use super::stamps::Stamp;
use thiserror::Error;

/// Most stamps on one map.
pub const MAX_STAMPS: usize = 1024;
/// Most drawn paths on one map.
pub const MAX_PATHS: usize = 256;
/// Most pinned sites on one map (the most settlements, `settlements_count`, is 256 too).
pub const MAX_SITES: usize = 256;

/// A list longer than its limit.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{got} {what} is more than the limit of {limit} ({name})")]
pub struct LimitError {
    /// What the list holds, plural: `stamps`, `paths`, `sites`.
    pub what: &'static str,
    /// The limit's name as declared here: `MAX_STAMPS`, `MAX_PATHS`, `MAX_SITES`.
    pub name: &'static str,
    /// The limit.
    pub limit: usize,
    /// How many the list holds.
    pub got: usize,
}

/// Checks the lengths of the stamp, path and site lists of one map against [`MAX_STAMPS`],
/// [`MAX_PATHS`] and [`MAX_SITES`], in that order.
pub fn check(stamps: &[Stamp], paths: &[Path], sites: &[Site]) -> Result<(), LimitError> {
    check_counts(stamps.len(), paths.len(), sites.len())
}

/// [`check`] for lists of `stamps`, `paths` and `sites` items.
pub fn check_counts(stamps: usize, paths: usize, sites: usize) -> Result<(), LimitError> {
    let lists = [
        ("stamps", "MAX_STAMPS", MAX_STAMPS, stamps),
        ("paths", "MAX_PATHS", MAX_PATHS, paths),
        ("sites", "MAX_SITES", MAX_SITES, sites),
    ];
    for (what, name, limit, got) in lists {
        if got > limit {
            return Err(LimitError {
                what,
                name,
                limit,
                got,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_list_is_checked_against_its_own_limit() {
        let path = Path {
            points: vec![[0.0, 0.0], [1.0, 1.0]],
            ..Default::default()
        };
        let stamps = vec![Stamp::default(); MAX_STAMPS];
        let paths = vec![path; MAX_PATHS];
        let sites = vec![Site::default(); MAX_SITES];
        assert_eq!(check(&stamps, &paths, &sites), Ok(()));
        let one_more = vec![Stamp::default(); MAX_STAMPS + 1];
        let e = check(&one_more, &paths, &sites).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1025 stamps is more than the limit of 1024 (MAX_STAMPS)"
        );
        let e = check(&stamps, &vec![paths[0].clone(); MAX_PATHS + 1], &sites).unwrap_err();
        assert_eq!((e.name, e.got), ("MAX_PATHS", MAX_PATHS + 1));
        let e = check(&[], &[], &vec![Site::default(); MAX_SITES + 7]).unwrap_err();
        assert_eq!(
            (e.what, e.limit, e.got),
            ("sites", MAX_SITES, MAX_SITES + 7)
        );
        assert_eq!(check_counts(MAX_STAMPS, MAX_PATHS, MAX_SITES), Ok(()));
        assert_eq!(
            check_counts(0, 0, MAX_SITES + 1).unwrap_err().name,
            "MAX_SITES"
        );
    }
}
