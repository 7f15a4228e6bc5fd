//! Hostile input: a fuzzer in the manner of `cargo fuzz`, on stable Rust and bounded, so that it
//! runs in every `cargo test` (and so in `make test`). Each target starts from its corpus in
//! `rust/core/tests/fuzz/<target>/` (files in the repository), feeds every file and a fixed
//! number of mutants of them (bits flipped, bytes replaced, inserted, deleted, repeated, spliced
//! from another file, words of the format inserted) to the code under test, and checks what
//! comes back: never a panic, and every answer that is not an error holds what its type
//! promises (see each target). The targets:
//!
//! - `params`: the parameters' JSON ([`GeneratorParams::from_json`], and serde's reader), their
//!   validation and, at small sizes, their generation;
//! - `layout`: the designer's layout JSON ([`layout::from_json`]: stamps, paths, sites) and
//!   generation with it;
//! - `png`, `r16`, `exr`: the heightmap decoders, and the image height model over what they read;
//! - `table`: every declared parameter set at random (inside its range, at its ends, just past
//!   them, NaN and infinities, any choice), several at once, then validated and generated at a
//!   small size: generation fails exactly when validation does.
//!
//! The mutants come from a seeded generator: a run is the same on every machine, and a failure
//! prints the target, the mutant's number and its bytes (and writes them to
//! `target/fuzz-failures/`): fix the cause and add the file to the target's corpus, where every
//! later run replays it. `DONJOURNO_FUZZ_ROUNDS=N` (a whole number, at least 1) runs N times the
//! mutants, from other seeds, for a longer search; a value below 1 is refused.

use donjourno::data::heightmap::{decode, encode, image_heights, Format, Heightmap};
use donjourno::params::layout::{self, Layout};
use donjourno::params::limits::{MAX_PATHS, MAX_SITES, MAX_STAMPS};
use donjourno::params::table::{Kind, Param, Value};
use donjourno::params::{Declared, GENERATOR};
use donjourno::stages::settlements::plan::plan_params;
use donjourno::{
    generate, ExternalInputs, GenerateError, GenerateOptions, GeneratorParams, HeightModel,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;

/// Mutants per target and round (each corpus file is also run as it is).
const MUTANTS: usize = 1500;
/// The most cells of a map the targets generate (its settlement plan's map included).
const SMALL_MAP: u64 = 24 * 24;
/// The most erosion droplets of a map the targets generate (the default density gives about
/// 2,300 on 24² cells).
const SMALL_DROPLETS: u32 = 20_000;

/// The corpus folder of a target.
fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz")
        .join(target)
}

/// Every file of a target's corpus, in name order.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let out: Vec<_> = files
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(p).unwrap())
        })
        .collect();
    assert!(
        out.len() >= 3,
        "the corpus {} has {} files",
        dir.display(),
        out.len()
    );
    out
}

/// How many rounds of mutants to run: `DONJOURNO_FUZZ_ROUNDS`, 1 when unset.
fn rounds() -> u64 {
    match std::env::var("DONJOURNO_FUZZ_ROUNDS") {
        Err(_) => 1,
        Ok(v) => match v.parse::<u64>() {
            Ok(n) if n >= 1 => n,
            _ => panic!("DONJOURNO_FUZZ_ROUNDS={v:?}: a whole number of rounds, at least 1"),
        },
    }
}

/// What one input came to, for the floors each target asserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Refused with an error value.
    Refused,
    /// Accepted, and what it promises holds.
    Accepted,
    /// Accepted and generated (its map checked too).
    Generated,
}

/// The counts of each outcome over a target's run.
#[derive(Debug, Default)]
struct Tally {
    refused: usize,
    accepted: usize,
    generated: usize,
}

/// How a target changes its inputs: byte-level changes with `words`, tokens of the format to
/// insert, and `fix`, which repairs a mutant's checksums (so that the mutants reach past them);
/// and, for a structured format, `structured`, which changes the document itself (two mutants
/// in three, when it can read the input).
struct Mutator {
    words: &'static [&'static [u8]],
    fix: fn(&mut [u8]),
    structured: Option<Structured>,
}

/// A change to a structured document: the mutant, or `None` when the input cannot be read.
type Structured = fn(&mut Pcg64, &[u8]) -> Option<Vec<u8>>;

/// Runs `check` on every corpus file of `target` and on `MUTANTS` mutants of them a round;
/// panics, naming the input, when a check fails or panics.
fn fuzz(target: &str, mutator: Mutator, check: impl Fn(&[u8]) -> Result<Outcome, String>) -> Tally {
    let seeds = corpus(target);
    let mut tally = Tally::default();
    let mut run = |label: String, input: &[u8]| {
        let result = catch_unwind(AssertUnwindSafe(|| check(input)));
        let problem = match result {
            Ok(Ok(outcome)) => {
                match outcome {
                    Outcome::Refused => tally.refused += 1,
                    Outcome::Accepted => tally.accepted += 1,
                    Outcome::Generated => {
                        tally.accepted += 1;
                        tally.generated += 1;
                    }
                }
                return;
            }
            Ok(Err(problem)) => problem,
            Err(panic) => format!(
                "panicked: {}",
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            ),
        };
        let saved = save_failure(target, &label, input);
        panic!(
            "fuzz target {target}, {label}: {problem}\ninput ({} bytes, saved as {saved}): {:?}",
            input.len(),
            String::from_utf8_lossy(input)
        );
    };
    for (name, bytes) in &seeds {
        run(format!("corpus file {name}"), bytes);
    }
    let rounds = rounds();
    for round in 0..rounds {
        let mut rng = Pcg64::seed_from_u64(0x5EED_F022 ^ (round << 32) ^ hash(target));
        for k in 0..MUTANTS {
            let seed = &seeds[rng.random_range(0..seeds.len())].1;
            let structured = mutator
                .structured
                .filter(|_| rng.random_bool(2.0 / 3.0))
                .and_then(|change| change(&mut rng, seed));
            let input = match structured {
                Some(input) => input,
                None => {
                    let mut input = seed.clone();
                    for _ in 0..rng.random_range(1..=4) {
                        mutate(&mut rng, &mut input, &seeds, mutator.words);
                    }
                    if rng.random_bool(0.75) {
                        (mutator.fix)(&mut input);
                    }
                    input
                }
            };
            run(format!("round {round}, mutant {k}"), &input);
        }
    }
    let total = seeds.len() + MUTANTS * rounds as usize;
    assert_eq!(tally.refused + tally.accepted, total, "{target}: {tally:?}");
    eprintln!("fuzz {target}: {total} inputs, {tally:?}");
    tally
}

/// A small stable hash of a name (each target its own stream of mutants).
fn hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Writes a failing input to `target/fuzz-failures/`; returns where (or why not).
fn save_failure(target: &str, label: &str, input: &[u8]) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-failures");
    let name = format!(
        "{target}-{}",
        label.replace([' ', ','], "-").replace("--", "-")
    );
    let path = dir.join(name);
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, input)) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("not saved: {e}"),
    }
}

/// Numbers at the edges of the integer types, written into binary inputs.
const EDGES: [u32; 9] = [
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0xffff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
];

/// One random change to `input`.
fn mutate(rng: &mut Pcg64, input: &mut Vec<u8>, seeds: &[(String, Vec<u8>)], words: &[&[u8]]) {
    let len = input.len();
    let at = |rng: &mut Pcg64| rng.random_range(0..=len);
    match rng.random_range(0..9) {
        0 if len > 0 => {
            let i = rng.random_range(0..len);
            input[i] ^= 1 << rng.random_range(0..8);
        }
        1 if len > 0 => {
            let i = rng.random_range(0..len);
            input[i] = rng.random();
        }
        2 => {
            let i = at(rng);
            let n = rng.random_range(1..=8);
            let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            input.splice(i..i, bytes);
        }
        3 if len > 0 => {
            let i = rng.random_range(0..len);
            let n = rng.random_range(1..=(len - i).min(16));
            input.drain(i..i + n);
        }
        4 if len > 0 => {
            let i = rng.random_range(0..len);
            let n = rng.random_range(1..=(len - i).min(32));
            let copy = input[i..i + n].to_vec();
            let j = at(rng);
            input.splice(j..j, copy);
        }
        5 if len >= 4 => {
            let v = EDGES[rng.random_range(0..EDGES.len())];
            let bytes = if rng.random_bool(0.5) {
                v.to_be_bytes()
            } else {
                v.to_le_bytes()
            };
            let width = if rng.random_bool(0.5) { 4 } else { 2 };
            let i = rng.random_range(0..=len - width);
            let from = if width == 4 { 0 } else { 2 };
            input[i..i + width].copy_from_slice(&bytes[from..from + width]);
        }
        6 => {
            let other = &seeds[rng.random_range(0..seeds.len())].1;
            if !other.is_empty() {
                let a = rng.random_range(0..other.len());
                let b = rng.random_range(a..=other.len());
                let i = at(rng);
                let j = rng.random_range(i..=len);
                input.splice(i..j, other[a..b].iter().copied());
            }
        }
        7 if !words.is_empty() => {
            let word = words[rng.random_range(0..words.len())];
            let i = at(rng);
            if rng.random_bool(0.5) || len == 0 {
                input.splice(i..i, word.iter().copied());
            } else {
                let j = (i + word.len()).min(len);
                input.splice(i..j, word.iter().copied());
            }
        }
        _ => {
            // Truncate.
            let i = at(rng);
            input.truncate(i);
        }
    }
}

/// JSON tokens: numbers past every type's range, the values JSON has not got, other types.
const JSON_WORDS: &[&[u8]] = &[
    b"NaN",
    b"-1e39",
    b"1e39",
    b"1e308",
    b"-0",
    b"-1",
    b"0",
    b"0.5",
    b"4096",
    b"4097",
    b"4294967295",
    b"4294967296",
    b"18446744073709551616",
    b"-9223372036854775809",
    b"1.0000001",
    b"null",
    b"true",
    b"\"\"",
    b"\"x\"",
    b"[]",
    b"{}",
    b"[[[[[[[[",
    b"{\"a\":",
    b"\"\\u0000\"",
    b"\"\\ud800\"",
    b",",
    b":",
    b"\"seed\": 1,",
    b"\"width\": 3,",
    b"\"height_model\": \"image\",",
    b"\"world_mode\": \"infinite\",",
    b"\"cell_size\": 1e-30,",
    b"\"kind\": \"road\",",
    b"\"points\": [[0, 0]],",
    b"\"points\": [[1e38, -1e38], [1e38, 1e38]],",
    b"\"position\": [1e38, 0],",
    b"\"radius\": 100000,",
    b"\"scale\": [100, 0.01],",
    b"\"tier\": \"city\",",
];

/// Leaves a mutant as it is.
fn no_fix(_: &mut [u8]) {}

/// Keys the JSON mutator adds: every declared parameter's path and old name, and the layout's.
fn json_keys() -> Vec<String> {
    let mut keys: Vec<String> = GENERATOR.iter().map(|p| p.path()).collect();
    keys.extend(GENERATOR.iter().map(|p| p.name().to_owned()));
    for k in [
        "stamps",
        "paths",
        "sites",
        "kind",
        "position",
        "points",
        "radius",
        "height",
        "width",
        "falloff",
        "blend",
        "strength",
        "scale",
        "rotation_degrees",
        "tier",
        "name",
        "erosion.droplets",
        "terrain.droplets",
    ] {
        keys.push(k.to_owned());
    }
    keys
}

/// A JSON value of any type, mostly numbers near and past the declared ranges.
fn random_json(rng: &mut Pcg64) -> serde_json::Value {
    use serde_json::{json, Value};
    match rng.random_range(0..14) {
        0 => Value::Null,
        1 => Value::Bool(rng.random()),
        2 => json!(rng.random_range(-3i64..300)),
        3 => json!(rng.random::<u64>()),
        4 => json!(-rng.random_range(0.0f64..1e6)),
        5 => json!(10f64.powi(rng.random_range(-40..40))),
        6 => json!([1e39, -1e39, 3.4e38, 1e-45, -0.0][rng.random_range(0..5)]),
        7 => json!(
            [
                "",
                "x",
                "image",
                "infinite",
                "road",
                "city",
                "crater",
                "max",
                "dome",
                "subdivision",
                "continents",
                "relief"
            ][rng.random_range(0..12)]
        ),
        8 => json!([
            rng.random_range(-1e3f64..1e3),
            rng.random_range(-1e3f64..1e3)
        ]),
        9 => json!([[0, 0], [rng.random_range(-100.0f64..100.0), 5]]),
        10 => json!({}),
        11 => json!([]),
        _ => json!(rng.random_range(-2.0f64..5.0)),
    }
}

/// Every value under `v` (itself included), depth first, as mutable references' paths.
fn json_paths(v: &serde_json::Value, at: Vec<usize>, out: &mut Vec<Vec<usize>>) {
    use serde_json::Value;
    out.push(at.clone());
    let children: Vec<&Value> = match v {
        Value::Object(map) => map.values().collect(),
        Value::Array(list) => list.iter().collect(),
        _ => return,
    };
    for (k, c) in children.into_iter().enumerate() {
        let mut next = at.clone();
        next.push(k);
        json_paths(c, next, out);
    }
}

/// The value at `path` (child indices) under `v`.
fn json_at<'a>(v: &'a mut serde_json::Value, path: &[usize]) -> &'a mut serde_json::Value {
    use serde_json::Value;
    match path.split_first() {
        None => v,
        Some((&k, rest)) => match v {
            Value::Object(map) => json_at(map.values_mut().nth(k).unwrap(), rest),
            Value::Array(list) => json_at(&mut list[k], rest),
            _ => unreachable!("paths lead through objects and arrays"),
        },
    }
}

/// One to three changes to a JSON document: a value replaced by another of any type or a number
/// scaled, negated or pushed past the float range; a key removed, renamed or added (a declared
/// one, or the document's own again under another object); a list's item repeated many times
/// (past the limits), removed or duplicated. `None` when the input is not JSON.
fn mutate_json(rng: &mut Pcg64, input: &[u8]) -> Option<Vec<u8>> {
    use serde_json::Value;
    let mut doc: Value = serde_json::from_slice(input).ok()?;
    let keys = json_keys();
    for _ in 0..rng.random_range(1..=3) {
        let mut paths = Vec::new();
        json_paths(&doc, Vec::new(), &mut paths);
        let path = paths[rng.random_range(0..paths.len())].clone();
        let target = json_at(&mut doc, &path);
        match (rng.random_range(0..8), &mut *target) {
            (0..=2, _) if !path.is_empty() => *target = random_json(rng),
            (3, Value::Number(n)) => {
                let x = n.as_f64().unwrap_or(0.0);
                let y = [
                    x * 2.0,
                    x * 0.5,
                    -x,
                    x + 1e-7,
                    x * 1e30,
                    x - 1.0,
                    x.round() + 1.0,
                ][rng.random_range(0..7)];
                *target = serde_json::json!(y);
            }
            (4, Value::Object(map)) if !map.is_empty() => {
                let k = map
                    .keys()
                    .nth(rng.random_range(0..map.len()))
                    .unwrap()
                    .clone();
                let value = map.remove(&k).unwrap();
                if rng.random_bool(0.5) {
                    let renamed = keys[rng.random_range(0..keys.len())].clone();
                    map.insert(renamed, value);
                }
            }
            (5, Value::Object(map)) => {
                let key = keys[rng.random_range(0..keys.len())].clone();
                // A dotted path as nested objects, sometimes.
                let value = random_json(rng);
                match key.split_once('.').filter(|_| rng.random_bool(0.5)) {
                    Some((group, leaf)) => {
                        let mut inner = serde_json::Map::new();
                        inner.insert(leaf.to_owned(), value);
                        map.insert(group.to_owned(), Value::Object(inner));
                    }
                    None => {
                        map.insert(key, value);
                    }
                }
            }
            (6, Value::Array(list)) if !list.is_empty() => {
                let item = list[rng.random_range(0..list.len())].clone();
                let times = [1, 2, 10, 255, 257, 1025][rng.random_range(0..6)];
                list.extend(std::iter::repeat_n(item, times));
            }
            (7, Value::Array(list)) if !list.is_empty() => {
                list.remove(rng.random_range(0..list.len()));
            }
            _ => {}
        }
    }
    serde_json::to_vec(&doc).ok()
}

/// The JSON targets' mutator.
const JSON_MUTATOR: Mutator = Mutator {
    words: JSON_WORDS,
    fix: no_fix,
    structured: Some(mutate_json),
};

/// The parameters' JSON: read, checked, written back, generated.
#[test]
fn fuzz_params_json() {
    let tally = fuzz("params", JSON_MUTATOR, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let read = GeneratorParams::from_json(&text);
        // serde's reader reads the same document the same way.
        if serde_json::from_str::<serde_json::Value>(&text).is_ok() {
            let serde = serde_json::from_str::<GeneratorParams>(&text);
            if serde.as_ref().ok() != read.as_ref().ok() {
                return Err(format!(
                    "from_json gives {read:?} but serde gives {:?}",
                    serde.map_err(|e| e.to_string())
                ));
            }
        }
        let p = match read {
            Err(e) if e.to_string().is_empty() => return Err("an error without a message".into()),
            Err(_) => return Ok(Outcome::Refused),
            Ok(p) => p,
        };
        check_params(p)
    });
    assert!(
        tally.refused >= 300 && tally.accepted >= 150 && tally.generated >= 40,
        "the mutants must reach both answers and generation: {tally:?}"
    );
}

/// What every parameter set read or made must hold: validation names a declared parameter
/// when it refuses; a valid set writes JSON that reads back to it; at a small size, generation
/// succeeds exactly when validation does, with finite heights.
fn check_params(p: GeneratorParams) -> Result<Outcome, String> {
    match p.validate() {
        Err(e) => {
            let named =
                GENERATOR.iter().any(|d| e.field.contains(d.name())) || e.field == "world_mode";
            if !named || e.expected.is_empty() {
                return Err(format!("validation's error names no parameter: {e}"));
            }
            match generate(&p, Default::default()) {
                Err(GenerateError::Param(g)) if g == e => Ok(Outcome::Refused),
                other => Err(format!(
                    "validation refuses ({e}) but generation gives {:?}",
                    other.map(|_| ())
                )),
            }
        }
        Ok(()) => {
            let back = GeneratorParams::from_json(&p.to_json());
            if back.as_ref() != Ok(&p) {
                return Err(format!("written and read back: {back:?}, not {p:?}"));
            }
            Ok(generate_small(p, ExternalInputs::default())?)
        }
    }
}

/// Generates `p` shrunk to a small map (at most [`SMALL_MAP`] cells, its settlement plan's too)
/// when it is still valid so; `Accepted` without generating when it is not small.
fn generate_small(mut p: GeneratorParams, inputs: ExternalInputs) -> Result<Outcome, String> {
    p.width = p.width.min(24);
    p.depth = p.depth.min(24);
    p.tile_size = p.tile_size.min(24);
    if p.validate().is_err() {
        return Ok(Outcome::Accepted);
    }
    let cells = |q: &GeneratorParams| u64::from(q.width) * u64::from(q.depth);
    if plan_params(&p).is_some_and(|q| cells(&q) > SMALL_MAP) {
        return Ok(Outcome::Accepted);
    }
    // The work, not only the size: a density of a million droplets a cell is valid, and asks
    // for the most droplets (20 million) on any map.
    if p.terrain.droplet_count(cells(&p) as usize) > SMALL_DROPLETS {
        return Ok(Outcome::Accepted);
    }
    let missing = p.height_model == HeightModel::Image && inputs.heightmap.is_none();
    let options = GenerateOptions {
        inputs,
        ..Default::default()
    };
    if missing {
        // The image model reads a file that validation does not see: its absence is the
        // generation's error, by name.
        return match generate(&p, options) {
            Err(e) if e.to_string().contains("no heightmap") => Ok(Outcome::Accepted),
            other => Err(format!(
                "the image model without a heightmap gives {:?}",
                other.map(|_| ())
            )),
        };
    }
    match generate(&p, options) {
        Ok((grid, _)) => {
            if grid.len() as u64 != cells(&p) {
                return Err(format!(
                    "{} cells for a {}×{} map",
                    grid.len(),
                    p.width,
                    p.depth
                ));
            }
            if let Some(h) = grid.height.iter().find(|h| !h.is_finite()) {
                return Err(format!("a height of {h}"));
            }
            if let Some(h) = grid.water_level.iter().find(|h| !h.is_finite()) {
                return Err(format!("a water level of {h}"));
            }
            Ok(Outcome::Generated)
        }
        Err(e) => Err(format!("valid parameters but generation fails: {e}")),
    }
}

/// The designer's layout JSON: read, limited, checked, written back, generated with.
#[test]
fn fuzz_layout_json() {
    let tally = fuzz("layout", JSON_MUTATOR, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let layout = match layout::from_json(&text) {
            Err(e) if e.to_string().is_empty() => return Err("an error without a message".into()),
            Err(_) => return Ok(Outcome::Refused),
            Ok(layout) => layout,
        };
        check_layout(&layout)?;
        let back = layout::from_json(&layout::to_json(&layout)).map_err(|e| e.to_string())?;
        if back != layout {
            return Err(format!("written and read back: {back:?}"));
        }
        let mut p = GeneratorParams {
            width: 24,
            depth: 24,
            ..Default::default()
        };
        p.settlements.enabled = true;
        p.set_droplet_count(200);
        let inputs = ExternalInputs {
            stamps: layout.stamps,
            paths: layout.paths,
            sites: layout.sites,
            ..Default::default()
        };
        generate_small(p, inputs)
    });
    assert!(
        tally.refused >= 300 && tally.generated >= 100,
        "the mutants must reach both answers and generation: {tally:?}"
    );
}

/// What an accepted layout holds: lists within their limits, every item valid.
fn check_layout(layout: &Layout) -> Result<(), String> {
    let (s, p, t) = (layout.stamps.len(), layout.paths.len(), layout.sites.len());
    if s > MAX_STAMPS || p > MAX_PATHS || t > MAX_SITES {
        return Err(format!("{s} stamps, {p} paths, {t} sites accepted"));
    }
    layout
        .validate()
        .map_err(|e| format!("accepted but invalid: {e}"))
}

/// Recomputes the CRC of every whole chunk of a PNG (a mutant's bytes reach the decoder's
/// checks of the header and the image, not only its checksum).
fn fix_png(bytes: &mut [u8]) {
    let mut at = 8;
    while at + 12 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let end = at + 8 + len;
        if end + 4 > bytes.len() {
            return;
        }
        let crc = crc32(&bytes[at + 4..end]);
        bytes[end..end + 4].copy_from_slice(&crc.to_be_bytes());
        at = end + 4;
    }
}

/// The CRC-32 of PNG chunks (ISO 3309).
fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                0xedb8_8320 ^ (crc >> 1)
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// What a decoded heightmap must hold, and the image height model over it: as many samples as
/// its size says, finite (normalised to 0–1 when not metres), encoded and decoded again to the
/// same size, and a map generated from it with finite heights from 0 up.
fn check_heightmap(map: &Heightmap, format: Format) -> Result<Outcome, String> {
    if map.values.len() != map.width * map.depth {
        return Err(format!(
            "{} samples for {} × {}",
            map.values.len(),
            map.width,
            map.depth
        ));
    }
    let bad = |v: &f32| !v.is_finite() || (!map.metres && !(0.0..=1.0).contains(v));
    if let Some(v) = map.values.iter().find(|v| bad(v)) {
        return Err(format!("a sample of {v}"));
    }
    if map.width > 0 && map.depth > 0 && map.values.len() <= 1 << 16 {
        let again = encode(map, format).and_then(|b| decode(&b, format));
        match again {
            Ok(m) if (m.width, m.depth) == (map.width, map.depth) => {}
            Ok(m) => return Err(format!("encoded and decoded: {} × {}", m.width, m.depth)),
            // R16 holds square maps only.
            Err(_) if format == Format::R16 && map.width != map.depth => {}
            Err(e) => return Err(format!("encoded and decoded: {e}")),
        }
    }
    let heights = image_heights(map, 13, 11, 1.5, 2.0, false);
    if let Some(h) = heights.iter().find(|h| !(h.is_finite() && **h >= 0.0)) {
        return Err(format!("the image model makes a height of {h}"));
    }
    let mut p = GeneratorParams {
        width: 16,
        depth: 12,
        height_model: HeightModel::Image,
        ..Default::default()
    };
    p.set_droplet_count(100);
    let inputs = ExternalInputs {
        heightmap: Some(Arc::new(map.clone())),
        ..Default::default()
    };
    generate_small(p, inputs)
}

/// A heightmap decoder's target.
fn fuzz_decoder(target: &str, format: Format, mutator: Mutator) -> Tally {
    fuzz(target, mutator, |bytes| match decode(bytes, format) {
        Err(e) if e.to_string().is_empty() => Err("an error without a message".into()),
        Err(_) => Ok(Outcome::Refused),
        Ok(map) => check_heightmap(&map, format),
    })
}

#[test]
fn fuzz_png_heightmaps() {
    let mutator = Mutator {
        words: &[
            b"IHDR",
            b"IDAT",
            b"IEND",
            b"PLTE",
            b"tRNS",
            b"\x00\x00\x00\x00",
        ],
        fix: fix_png,
        structured: None,
    };
    let tally = fuzz_decoder("png", Format::Png16, mutator);
    assert!(
        tally.refused >= 300 && tally.generated >= 60,
        "the mutants must reach both answers: {tally:?}"
    );
}

#[test]
fn fuzz_r16_heightmaps() {
    let mutator = Mutator {
        words: &[b"\xff\xff", b"\x00\x00"],
        fix: no_fix,
        structured: None,
    };
    let tally = fuzz_decoder("r16", Format::R16, mutator);
    assert!(
        tally.refused >= 300 && tally.generated >= 200,
        "the mutants must reach both answers: {tally:?}"
    );
}

#[test]
fn fuzz_exr_heightmaps() {
    let mutator = Mutator {
        words: &[
            b"channels\x00chlist\x00",
            b"compression\x00compression\x00",
            b"dataWindow\x00box2i\x00",
            b"Y\x00",
            b"R\x00",
            b"\x00\x00\x80\x7f",
            b"\x00\x00\xc0\x7f",
        ],
        fix: no_fix,
        structured: None,
    };
    let tally = fuzz_decoder("exr", Format::Exr, mutator);
    assert!(
        tally.refused >= 300 && tally.generated >= 20,
        "the mutants must reach both answers: {tally:?}"
    );
}

/// A value for a declared parameter: inside its range, at or just past its ends, NaN or an
/// infinity (floats), any choice or one past them.
fn random_value(rng: &mut Pcg64, param: &Param<GeneratorParams>) -> Value {
    let range = param.range();
    let (lo, hi) = range.map_or((0.0, 1e6), |r| (r.lo, r.hi));
    let number = match rng.random_range(0..8) {
        0 => lo,
        1 => hi,
        2 => lo - (hi - lo).abs().max(1.0) * 0.01,
        3 => hi + (hi - lo).abs().max(1.0) * 0.01,
        4 => -1.0,
        _ => lo + (hi - lo) * rng.random::<f64>(),
    };
    match param.kind() {
        Kind::Bool => Value::Bool(rng.random()),
        Kind::U32 => Value::U32(number.clamp(0.0, f64::from(u32::MAX)) as u32),
        Kind::U64 => Value::U64(rng.random()),
        Kind::F32 => Value::F32(match rng.random_range(0..12) {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => f32::NEG_INFINITY,
            _ => number as f32,
        }),
        Kind::Choice(names) => Value::Choice(rng.random_range(0..=names.len())),
    }
}

/// Every declared parameter perturbed at random, one to six at once, over a small valid base
/// (each height model, each world mode): validation and generation agree.
#[test]
fn fuzz_every_declared_parameter() {
    let mut rng = Pcg64::seed_from_u64(0xDEC1_A2ED);
    let (mut valid, mut invalid, mut generated) = (0usize, 0usize, 0usize);
    let mut touched = vec![0usize; GENERATOR.len()];
    let cases = MUTANTS as u64 * rounds();
    for case in 0..cases {
        let mut p = GeneratorParams {
            seed: rng.random(),
            width: rng.random_range(1..=24),
            depth: rng.random_range(1..=24),
            height_model: [
                HeightModel::Pool,
                HeightModel::Subdivision,
                HeightModel::Continents,
            ][rng.random_range(0..3)],
            ..Default::default()
        };
        p.set_droplet_count(rng.random_range(0..300));
        p.settlements.enabled = rng.random_bool(0.5);
        for _ in 0..rng.random_range(1..=6) {
            let k = rng.random_range(0..GENERATOR.len());
            let param = &GENERATOR[k];
            let value = random_value(&mut rng, param);
            if param.set(&mut p, value).is_ok() {
                touched[k] += 1;
            }
        }
        let result = catch_unwind(AssertUnwindSafe(|| check_params(p)));
        match result {
            Ok(Ok(Outcome::Refused)) => invalid += 1,
            Ok(Ok(Outcome::Accepted)) => valid += 1,
            Ok(Ok(Outcome::Generated)) => {
                valid += 1;
                generated += 1;
            }
            Ok(Err(problem)) => panic!("case {case}: {problem}\n{p:?}"),
            Err(_) => panic!("case {case} panicked\n{p:?}"),
        }
    }
    eprintln!(
        "fuzz table: {cases} cases, {valid} valid ({generated} generated), {invalid} invalid"
    );
    let never: Vec<_> = (GENERATOR.iter().zip(&touched))
        .filter(|(_, &n)| n == 0)
        .map(|(d, _)| d.name())
        .collect();
    assert!(never.is_empty(), "parameters never perturbed: {never:?}");
    assert!(
        valid >= 200 && invalid >= 200 && generated >= 150,
        "both answers and generation: {valid} valid ({generated} generated), {invalid} invalid"
    );
}
