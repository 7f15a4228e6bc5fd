//! The hash suite against the committed golden file `tests/golden/hashes.txt`: a change of any
//! generated terrain or mesh fails here, case by case, until the golden file is updated on purpose.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// One case of the golden file: grid hash, mesh hash, vertex count, climate hash.
type Entry = (String, String, String, String);

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/hashes.txt")
}

/// The cases of a golden-format text, in order, with comments and blank lines skipped.
fn parse(text: &str, what: &str) -> Vec<(String, Entry)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 5, "{what}: malformed line {l:?}");
            for hash in [f[1], f[2], f[4]] {
                assert!(
                    hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()),
                    "{what}: {hash:?} is not a 64-bit hex hash in {l:?}"
                );
            }
            (
                f[0].to_owned(),
                (f[1].into(), f[2].into(), f[3].into(), f[4].into()),
            )
        })
        .collect()
}

#[test]
fn the_hash_suite_matches_the_golden_file() {
    let golden_text = std::fs::read_to_string(golden_path()).expect("tests/golden/hashes.txt");
    let golden = parse(&golden_text, "golden file");
    assert!(golden.len() >= 10, "the golden file lists too few cases");
    let out = Command::new(env!("CARGO_BIN_EXE_donjourno"))
        .args(["hash", "--suite", "--golden"])
        .output()
        .expect("binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    let current: BTreeMap<String, Entry> = parse(&printed, "suite").into_iter().collect();
    let expected: BTreeMap<String, Entry> = golden.iter().cloned().collect();
    assert_eq!(expected.len(), golden.len(), "a case is listed twice");

    let mut problems = Vec::new();
    for (case, want) in &expected {
        match current.get(case) {
            None => problems.push(format!("{case}: in the golden file, not in the suite")),
            Some(got) if got != want => problems.push(format!(
                "{case}: golden grid {} mesh {} ({} vertices) climate {}, now grid {} mesh {} ({} \
                 vertices) climate {}",
                want.0, want.1, want.2, want.3, got.0, got.1, got.2, got.3
            )),
            Some(_) => {}
        }
    }
    for case in current.keys().filter(|c| !expected.contains_key(*c)) {
        problems.push(format!("{case}: in the suite, not in the golden file"));
    }
    assert!(
        problems.is_empty(),
        "the terrain output changed:\n  {}\nIf this is on purpose, regenerate the golden file \
         (see its header) and say in the commit which cases changed and why.",
        problems.join("\n  ")
    );
    // The file is exactly what `--golden` prints: header and order included.
    assert_eq!(
        printed.trim_end(),
        golden_text.trim_end(),
        "same hashes, but the golden file is not the suite's own output"
    );
}
