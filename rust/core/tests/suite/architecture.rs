//! The layering of `src/`, checked from the source text (see the crate documentation in
//! `lib.rs` for the rule).
//!
//! Every file under `src/` is a node; every path that names a module of the crate (`crate::…`,
//! `super::…`, `self::…`, or a child module the file declares) is an edge to the file of the
//! deepest module the path names. The test fails when
//!
//! - an edge goes up: a file imports from a layer above its own (`params` → `data` →
//!   `algorithms` → `stages` → `outputs` → `world` → `lib.rs`), or
//! - an import circle spans more than one folder: a strongly connected set of files that lie in
//!   two or more directories.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first. A file in `src/<layer>/…` may import from its own layer and the
/// layers before it; `lib.rs` (the root, `""`) sits above every layer.
const LAYERS: [&str; 7] = [
    "params",
    "data",
    "algorithms",
    "stages",
    "outputs",
    "world",
    "",
];

/// One source file.
struct File {
    /// Path relative to `src/`, with `/` separators.
    rel: String,
    /// Module path inside the crate (empty for `lib.rs`).
    module: Vec<String>,
    /// Source with comments, strings and character literals blanked out.
    code: String,
}

/// A way through the import graph: each edge with the file it leaves.
type Route = Vec<(usize, Edge)>;

/// An import of one file by another, with the line of its first occurrence.
#[derive(Clone)]
struct Edge {
    to: usize,
    line: usize,
    path: String,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source with comments, string literals and character literals replaced by spaces (line
/// breaks kept, so line numbers stay right).
fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < c.len() {
        let at = |i: usize, k: usize| c.get(i + k).copied().unwrap_or('\0');
        if c[i] == '/' && at(i, 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && at(i, 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i, 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && at(i, 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (at(i, 1) == '"' || at(i, 1) == '#')
            && (i == 0 || !is_ident(c[i - 1]))
        {
            // A raw string: r"…", r#"…"#, …
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= c.len() {
                    break;
                }
                if c[j] == '"' && (1..=hashes).all(|h| c.get(j + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &c[i..j.min(c.len())] {
                out.push(blank(ch));
            }
            i = j;
        } else if c[i] == '"' {
            out.push(' ');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c[i] == '\'' && at(i, 1) == '\\' {
            // An escaped character literal: '\n', '\'', '\u{…}'.
            let mut j = i + 2;
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            for _ in i..=j.min(c.len() - 1) {
                out.push(' ');
            }
            i = j + 1;
        } else if c[i] == '\'' && at(i, 2) == '\'' {
            out.push_str("   ");
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '_'
}

/// Reads an identifier starting at `i` (after whitespace), returning it and the index after it.
fn ident_at(c: &[char], mut i: usize) -> (String, usize) {
    while i < c.len() && c[i].is_whitespace() {
        i += 1;
    }
    let start = i;
    while i < c.len() && is_ident(c[i]) {
        i += 1;
    }
    (c[start..i].iter().collect(), i)
}

/// Whether `::` follows at `i` (after whitespace); returns the index after it.
fn colons_at(c: &[char], mut i: usize) -> Option<usize> {
    while i < c.len() && c[i].is_whitespace() {
        i += 1;
    }
    (c.get(i) == Some(&':') && c.get(i + 1) == Some(&':')).then_some(i + 2)
}

/// The module paths a path starting at `i` names, a `use` tree's braces expanded: every
/// alternative of `a::{b::C, d}` gives its own path.
fn paths_at(c: &[char], i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    let mut i = i;
    loop {
        let mut j = i;
        while j < c.len() && c[j].is_whitespace() {
            j += 1;
        }
        if c.get(j) == Some(&'{') {
            j += 1;
            loop {
                j = paths_at(c, j, &path, out);
                while j < c.len() && c[j].is_whitespace() {
                    j += 1;
                }
                match c.get(j) {
                    Some(',') => j += 1,
                    Some('}') => return j + 1,
                    _ => return j,
                }
                while j < c.len() && c[j].is_whitespace() {
                    j += 1;
                }
                if c.get(j) == Some(&'}') {
                    return j + 1;
                }
            }
        }
        let (name, after) = ident_at(c, i);
        if name.is_empty() {
            out.push(path);
            return after;
        }
        path.push(name);
        match colons_at(c, after) {
            Some(next) => i = next,
            None => {
                out.push(path);
                return after;
            }
        }
    }
}

/// The modules a file declares with `mod name;` (with their `#[path]`, if any).
fn declared_modules(code: &str, raw: &str) -> Vec<(String, Option<String>)> {
    let raw_lines: Vec<&str> = raw.lines().collect();
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub(super) "))
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        let Some(rest) = t.strip_prefix("mod ") else {
            continue;
        };
        let name: String = rest.chars().take_while(|&ch| is_ident(ch)).collect();
        if !rest[name.len()..].trim_start().starts_with(';') {
            continue;
        }
        let path = (0..n)
            .rev()
            .take_while(|&k| raw_lines[k].trim_start().starts_with("#["))
            .find_map(|k| {
                let attr = raw_lines[k].trim();
                let rest = attr.strip_prefix("#[path = \"")?;
                Some(rest[..rest.find('"')?].to_string())
            });
        out.push((name, path));
    }
    out
}

fn layer_of(rel: &str) -> &str {
    match rel.split_once('/') {
        Some((top, _)) => top,
        None => "",
    }
}

/// The folder of a file: its directory, or for a file `x.rs` whose submodules live in `x/`, that
/// folder (the file is the folder's `mod.rs` in the other spelling).
fn folder_of(rel: &str) -> String {
    let stem = rel.trim_end_matches(".rs");
    if src_dir().join(stem).is_dir() {
        return stem.to_string();
    }
    rel.rsplit_once('/').map_or("", |(dir, _)| dir).to_string()
}

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|&l| l == layer)
}

/// Reads `src/` into files and the import edges between them.
fn graph() -> (Vec<File>, Vec<Vec<Edge>>) {
    let src = src_dir();
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let mut files: Vec<File> = Vec::new();
    let mut raws = Vec::new();
    for path in &paths {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let stem = rel.trim_end_matches(".rs");
        let module: Vec<String> = if stem == "lib" {
            Vec::new()
        } else {
            let stem = stem.strip_suffix("/mod").unwrap_or(stem);
            stem.split('/').map(str::to_string).collect()
        };
        let raw = fs::read_to_string(path).unwrap();
        files.push(File {
            rel,
            module,
            code: strip(&raw),
        });
        raws.push(raw);
    }
    // Files brought in with `#[path]` take the module path of their declaration.
    let mut children: Vec<Vec<String>> = vec![Vec::new(); files.len()];
    for i in 0..files.len() {
        for (name, path) in declared_modules(&files[i].code, &raws[i]) {
            if let Some(path) = path {
                let dir = files[i].rel.rsplit_once('/').map_or("", |(dir, _)| dir);
                let rel = if dir.is_empty() {
                    path
                } else {
                    format!("{dir}/{path}")
                };
                let mut module = files[i].module.clone();
                module.push(name.clone());
                if let Some(f) = files.iter_mut().find(|f| f.rel == rel) {
                    f.module = module;
                }
            }
            children[i].push(name);
        }
    }
    let by_module: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut edges: Vec<Vec<Edge>> = vec![Vec::new(); files.len()];
    for (i, file) in files.iter().enumerate() {
        let c: Vec<char> = file.code.chars().collect();
        let mut line = 1;
        let mut seen = BTreeSet::new();
        // Inline modules (`mod tests { … }`) open at a brace depth; their paths count from them.
        let mut depth = 0usize;
        let mut inline: Vec<(String, usize)> = Vec::new();
        for k in 0..c.len() {
            match c[k] {
                '\n' => {
                    line += 1;
                    continue;
                }
                '{' => {
                    depth += 1;
                    continue;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if inline.last().is_some_and(|(_, d)| *d == depth) {
                        inline.pop();
                    }
                    continue;
                }
                _ => {}
            }
            if !(k == 0 || !(is_ident(c[k - 1]) || c[k - 1] == '$' || c[k - 1] == ':')) {
                continue;
            }
            let (word, after) = ident_at(&c, k);
            if word == "mod" {
                let (name, end) = ident_at(&c, after);
                let mut j = end;
                while j < c.len() && c[j].is_whitespace() {
                    j += 1;
                }
                if !name.is_empty() && c.get(j) == Some(&'{') {
                    inline.push((name, depth));
                }
                continue;
            }
            let module: Vec<String> = file
                .module
                .iter()
                .cloned()
                .chain(inline.iter().map(|(n, _)| n.clone()))
                .collect();
            let (word, after) = ident_at(&c, k);
            if word.is_empty() || after - k != word.len() {
                continue;
            }
            let Some(next) = colons_at(&c, after) else {
                continue;
            };
            let base: Vec<String> = match word.as_str() {
                "crate" => Vec::new(),
                "self" => module.clone(),
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                w if inline.is_empty() && children[i].iter().any(|m| m == w) => {
                    let mut m = module.clone();
                    m.push(w.to_string());
                    m
                }
                _ => continue,
            };
            let mut found = Vec::new();
            paths_at(&c, next, &[], &mut found);
            for tail in found {
                let mut base = base.clone();
                let mut tail = tail.as_slice();
                while tail.first().is_some_and(|s| s == "super") {
                    base.pop();
                    tail = &tail[1..];
                }
                let mut full = base.clone();
                full.extend(tail.iter().cloned());
                let to = (0..=full.len())
                    .rev()
                    .find_map(|n| by_module.get(&full[..n]))
                    .copied()
                    .expect("the root module exists");
                if to != i && seen.insert(to) {
                    edges[i].push(Edge {
                        to,
                        line,
                        path: format!("{word}::{}", tail.join("::")),
                    });
                }
            }
        }
    }
    (files, edges)
}

/// Strongly connected components (Tarjan), each a list of file indices.
fn components(edges: &[Vec<Edge>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a [Vec<Edge>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for e in s.edges[v].clone() {
            match s.index[e.to] {
                None => {
                    visit(s, e.to);
                    s.low[v] = s.low[v].min(s.low[e.to]);
                }
                Some(w) if s.on_stack[e.to] => s.low[v] = s.low[v].min(w),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(comp);
        }
    }
    let n = edges.len();
    let mut s = State {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

/// A shortest way from `from` to `to` inside `comp` (a circle when they are the same file), as
/// a list of edges, each with the file it leaves.
fn route(
    edges: &[Vec<Edge>],
    comp: &BTreeSet<usize>,
    from: usize,
    to: usize,
) -> Vec<(usize, Edge)> {
    let mut prev: BTreeMap<usize, (usize, Edge)> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        for e in &edges[v] {
            if !comp.contains(&e.to) {
                continue;
            }
            if e.to == to {
                let mut path = vec![(v, e.clone())];
                let mut w = v;
                while w != from {
                    let (p, pe) = prev[&w].clone();
                    path.push((p, pe));
                    w = p;
                }
                path.reverse();
                return path;
            }
            if e.to != from {
                if let std::collections::btree_map::Entry::Vacant(slot) = prev.entry(e.to) {
                    slot.insert((v, e.clone()));
                    queue.push_back(e.to);
                }
            }
        }
    }
    Vec::new()
}

/// Whether a circle stays inside one module: every file lies in the folder of one of them, a
/// folder's `mod.rs` (or `x.rs` for the folder `x/`), or below it. A module and its own
/// submodules may import each other (the module re-exports, the submodules read the module's
/// items); two modules side by side may not.
fn is_one_module(files: &[File], comp: &[usize], folders: &BTreeSet<String>) -> bool {
    comp.iter().any(|&v| {
        let own = folder_of(&files[v].rel);
        let heads_folder =
            files[v].rel.ends_with("/mod.rs") || own == files[v].rel.trim_end_matches(".rs");
        heads_folder
            && !own.is_empty()
            && folders
                .iter()
                .all(|f| *f == own || f.starts_with(&format!("{own}/")))
    })
}

/// Every breach of the rule, one line each (a circle over several lines).
fn breaches(files: &[File], edges: &[Vec<Edge>]) -> Vec<String> {
    let mut out = Vec::new();
    for f in files {
        if rank(layer_of(&f.rel)).is_none() {
            out.push(format!(
                "src/{} lies in no layer: move it under one of {:?}",
                f.rel,
                &LAYERS[..LAYERS.len() - 1]
            ));
        }
    }
    for (i, list) in edges.iter().enumerate() {
        let from = layer_of(&files[i].rel);
        for e in list {
            let to = layer_of(&files[e.to].rel);
            if let (Some(a), Some(b)) = (rank(from), rank(to)) {
                if b > a {
                    out.push(format!(
                        "upward import: src/{}:{} names `{}` (src/{}): the {} layer may not import \
                         from the {} layer above it",
                        files[i].rel,
                        e.line,
                        e.path,
                        files[e.to].rel,
                        if from.is_empty() { "root" } else { from },
                        if to.is_empty() { "root" } else { to },
                    ));
                }
            }
        }
    }
    for comp in components(edges) {
        let folders: BTreeSet<String> = comp.iter().map(|&v| folder_of(&files[v].rel)).collect();
        if folders.len() < 2 || is_one_module(files, &comp, &folders) {
            continue;
        }
        let set: BTreeSet<usize> = comp.iter().copied().collect();
        // Show the shortest circle that leaves its folder: an edge to another folder, and the way
        // back.
        let mut best: Option<((bool, usize), Route)> = None;
        for &v in &comp {
            for e in edges[v].iter().filter(|e| set.contains(&e.to)) {
                if folder_of(&files[e.to].rel) == folder_of(&files[v].rel) {
                    continue;
                }
                let mut path = vec![(v, e.clone())];
                path.extend(route(edges, &set, e.to, v));
                // Prefer a circle between two modules side by side over one between a module
                // and its own submodule.
                let (a, b) = (folder_of(&files[v].rel), folder_of(&files[e.to].rel));
                let nested = a.starts_with(&format!("{b}/")) || b.starts_with(&format!("{a}/"));
                let key = (nested, path.len());
                if best.as_ref().is_none_or(|(k, _)| key < *k) {
                    best = Some((key, path));
                }
            }
        }
        let path = best.map_or_else(|| route(edges, &set, comp[0], comp[0]), |(_, p)| p);
        let start = path.first().map_or(comp[0], |(v, _)| *v);
        let steps: Vec<String> = path
            .into_iter()
            .map(|(v, e)| format!("src/{}:{} `{}`", files[v].rel, e.line, e.path))
            .collect();
        out.push(format!(
            "import circle across the folders {:?} ({} files), for example: {} -> back to src/{}",
            folders,
            comp.len(),
            steps.join(" -> "),
            files[start].rel
        ));
    }
    out
}

#[test]
fn each_layer_imports_only_from_below_and_no_circle_spans_two_folders() {
    let (files, edges) = graph();
    assert!(files.len() > 50, "found the sources under src/");
    let found = breaches(&files, &edges);
    assert!(
        found.is_empty(),
        "the layering of rust/core/src is broken ({} breaches):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_check_reads_paths_the_way_rust_does() {
    let code =
        strip("use crate::a::{b::C, d}; // crate::x::y\nlet s = \"crate::z\"; let c = '\"';");
    let c: Vec<char> = code.chars().collect();
    let at = code.find("crate").unwrap() + "crate::".len();
    let mut found = Vec::new();
    paths_at(&c, at, &[], &mut found);
    assert_eq!(found, [vec!["a", "b", "C"], vec!["a", "d"]]);
    assert!(!code.contains("crate::x"), "comments are blanked");
    assert!(!code.contains("crate::z"), "strings are blanked");
    assert_eq!(code.lines().count(), 2, "line breaks are kept");
}

#[test]
fn an_upward_import_and_a_circle_between_folders_are_found() {
    let file = |rel: &str| File {
        rel: rel.to_string(),
        module: Vec::new(),
        code: String::new(),
    };
    let files = [
        file("data/grid.rs"),
        file("stages/scatter/mod.rs"),
        file("stages/biomes/mod.rs"),
    ];
    let edge = |to, path: &str| Edge {
        to,
        line: 1,
        path: path.to_string(),
    };
    let edges = vec![
        vec![edge(1, "crate::stages::scatter::ScatterInstance")],
        vec![edge(2, "crate::stages::biomes::Biome")],
        vec![edge(1, "crate::stages::scatter::Species")],
    ];
    let found = breaches(&files, &edges);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(found[0].starts_with("upward import: src/data/grid.rs:1"));
    assert!(found[1].starts_with("import circle across the folders"));
    assert!(found[1].contains("stages/biomes") && found[1].contains("stages/scatter"));
}
