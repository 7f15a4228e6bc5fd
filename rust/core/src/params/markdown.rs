//! The parameter tables of the reference pages (docs/reference/), generated from the
//! declarations, and their refresh in a Markdown text: a table sits between
//! `<!-- params:NAME -->` and `<!-- /params:NAME -->`.

use super::declare::{GENERATOR, GENERATOR_PRODUCTS};
use super::entry::Declared;
use super::mesh_settings::{generator_entries, terrain_entries, MESH_TABLE};

/// A table's marker name and the function that writes it.
pub type Table = (&'static str, fn() -> String);

/// The tables by marker name.
pub const TABLES: &[Table] = &[
    ("generation", generation_table),
    ("mesh", mesh_table),
    ("godot-generator", godot_generator_table),
    ("godot-terrain", godot_terrain_table),
    ("old-names", old_names_table),
];

/// The generation parameters: name, JSON path, default, accepted values, unit, meaning, and the
/// products that must stay in range.
pub fn generation_table() -> String {
    let rows: Vec<&dyn Declared> = GENERATOR.iter().map(|p| p as &dyn Declared).collect();
    let mut text = reference_table(&rows);
    let products: Vec<String> = GENERATOR_PRODUCTS
        .iter()
        .map(|c| format!("`{}`", c.field))
        .collect();
    if let Some(first) = GENERATOR_PRODUCTS.first() {
        text.push_str(&format!(
            "\nThe products {} must lie in {}.\n",
            join_words(&products),
            first.range
        ));
    }
    text
}

/// The old names in cells and counts that still read, converted with the map's cell size or
/// cell count: old name (Godot property, JSON key and flag alike), older flags, the parameter it
/// becomes and how its value converts.
pub fn old_names_table() -> String {
    use super::table::Alias;
    let mut text =
        String::from("| old name | older flags | now | conversion |\n|---|---|---|---|\n");
    let flags = |f: &[&str]| {
        let shown: Vec<String> = f.iter().map(|f| format!("`--{f}`")).collect();
        shown.join(", ")
    };
    for p in GENERATOR {
        for alias in p.aliases {
            let (old, older, conversion) = match alias {
                Alias::Cells {
                    name,
                    flags: f,
                    power,
                } => (
                    *name,
                    flags(f),
                    match power {
                        0 => "the same value".to_string(),
                        1 => "× `cell_size` (cells to metres)".to_string(),
                        2 => "× `cell_size`² (cells to square metres)".to_string(),
                        n => format!("× `cell_size`^{n}"),
                    },
                ),
                Alias::Count { name, flags: f, .. } => (
                    *name,
                    flags(f),
                    "÷ (`width` × `depth`) (a count over the map to one per cell)".to_string(),
                ),
                _ => continue,
            };
            text.push_str(&format!(
                "| `{old}` | {older} | `{}` | {conversion} |\n",
                p.name
            ));
        }
    }
    text
}

/// The mesh settings, in the same form (their JSON keys are flat).
pub fn mesh_table() -> String {
    let rows: Vec<&dyn Declared> = MESH_TABLE.iter().map(|p| p as &dyn Declared).collect();
    reference_table(&rows)
}

/// The properties of a Godot `DonjournoGenerator`, by inspector group.
pub fn godot_generator_table() -> String {
    property_table(&generator_entries())
}

/// The mesh properties of a Godot `DonjournoTerrain`.
pub fn godot_terrain_table() -> String {
    property_table(&terrain_entries())
}

fn reference_table(rows: &[&dyn Declared]) -> String {
    let mut text = String::from(
        "| parameter | JSON path | default | accepted | unit | meaning |\n|---|---|---|---|---|---|\n",
    );
    for p in rows {
        text.push_str(&format!(
            "| `{}` | `{}` | {} | {} | {} | {} |\n",
            p.name(),
            p.path(),
            p.show(p.default_value()),
            p.accepted(),
            p.unit().name,
            p.doc()
        ));
    }
    text
}

fn property_table(rows: &[&dyn Declared]) -> String {
    let mut text = String::from("| property | default | accepted | meaning |\n|---|---|---|---|\n");
    let mut group = "";
    for p in rows {
        let title = p.group().title;
        let label = if title != group {
            group = title;
            format!("**{title}** `{}`", p.name())
        } else {
            format!("`{}`", p.name())
        };
        let unit = match p.unit().name {
            "" => String::new(),
            name => format!(" {name}"),
        };
        text.push_str(&format!(
            "| {label} | {} | {}{unit} | {} |\n",
            p.show(p.default_value()),
            p.accepted(),
            p.doc()
        ));
    }
    text
}

fn join_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `text` with every marked table replaced by its current version. Errors name an unknown table
/// or a missing end marker.
pub fn refresh(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!-- params:") {
        let after = &rest[start + "<!-- params:".len()..];
        let close = after
            .find(" -->")
            .ok_or("a params marker is not closed with \" -->\"")?;
        let name = &after[..close];
        let table = TABLES
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| format!("unknown parameter table \"{name}\""))?;
        let end_marker = format!("<!-- /params:{name} -->");
        let body_start = start + "<!-- params:".len() + close + " -->".len();
        let end = rest[body_start..]
            .find(&end_marker)
            .ok_or_else(|| format!("the table \"{name}\" has no end marker {end_marker}"))?;
        out.push_str(&rest[..body_start]);
        // Blank lines around the table keep the markers out of the Markdown blocks.
        out.push_str("\n\n");
        out.push_str(&(table.1)());
        out.push('\n');
        out.push_str(&end_marker);
        rest = &rest[body_start + end + end_marker.len()..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The names of the tables marked in `text`.
pub fn marked(text: &str) -> Vec<&str> {
    text.match_indices("<!-- params:")
        .filter_map(|(i, m)| {
            let after = &text[i + m.len()..];
            after.find(" -->").map(|close| &after[..close])
        })
        .collect()
}
