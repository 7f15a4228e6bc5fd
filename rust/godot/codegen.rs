//! Godot property declarations generated from the core's parameter table, kept in
//! `src/generated/` (compiled into the crate with the crate's tests). The test
//! `generated_files_are_current` fails when a file there differs from what the table gives now;
//! `DONJOURNO_REFRESH=1 cargo test -p donjourno-godot generated_files` rewrites them.
//!
//! For a list of parameters, [`class_macros`] writes two `macro_rules!`:
//!
//! - `<name>_properties! { #[attrs] pub struct Class { before… } { after… } }` declares the
//!   (public) struct with one `PhantomVar` field per parameter between `before` and `after`: its doc line
//!   (shown by the editor's F1 help), its `#[export_group]` where the group changes, its
//!   `#[export(range = …)]` hint and `#[var(get = get_<name>, set = set_<name>)]`;
//! - `<name>_accessors! { #[godot_api] impl Class { body… } }` adds the getter and setter
//!   `#[func]`s to the impl block. They read and write the class's field `store`
//!   (a `ParamStore`) and call `self.on_param_changed()` when a value changes.

use donjourno::params::{generator_entries, terrain_entries, Declared, Kind, FILE_INPUTS};
use std::fmt::Write as _;

/// First line of every generated file.
const HEADER: &str = "// Generated from the core's parameter and biome tables by rust/godot/codegen.rs: do not edit.\n// Refresh: DONJOURNO_REFRESH=1 cargo test -p donjourno-godot generated_files\n\n";

/// The generated files, `(name in src/generated/, text)`: the generator's properties, the
/// terrain's mesh settings and the biome constants.
pub fn generated_files() -> [(&'static str, String); 3] {
    [
        (
            "generator_properties.rs",
            class_macros("generator", &generator_entries()),
        ),
        (
            "terrain_properties.rs",
            class_macros("terrain_mesh", &terrain_entries()),
        ),
        ("biome_constants.rs", biome_constants()),
    ]
    .map(|(name, text)| (name, format!("{HEADER}{text}")))
}

/// The Godot (Rust) type of a parameter's property.
pub fn property_type(p: &dyn Declared) -> &'static str {
    match p.kind() {
        Kind::Bool => "bool",
        Kind::U32 | Kind::U64 | Kind::Choice(_) => "i64",
        Kind::F32 => "f32",
    }
}

/// The `ParamStore` accessor pair for a property type.
fn store_methods(p: &dyn Declared) -> (&'static str, &'static str) {
    match p.kind() {
        Kind::Bool => ("flag", "set_flag"),
        Kind::U32 | Kind::U64 | Kind::Choice(_) => ("int", "set_int"),
        Kind::F32 => ("float", "set_float"),
    }
}

/// A Rust float literal.
fn float(v: f64) -> String {
    format!("{v:?}")
}

/// `snake_case` → `SnakeCase`, for enum hint names.
fn title_case(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

/// The `#[export(…)]` attribute of a parameter.
pub fn export_attribute(p: &dyn Declared) -> String {
    if let Kind::Choice(names) = p.kind() {
        let choices: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{} = {i}", title_case(n)))
            .collect();
        return format!("#[export(enum = ({}))]", choices.join(", "));
    }
    let Some(slider) = p.slider() else {
        return "#[export]".to_owned();
    };
    let mut hint = format!(
        "{}, {}, {}",
        float(slider.lo),
        float(slider.hi),
        float(slider.step)
    );
    if p.or_greater() {
        hint.push_str(", or_greater");
    }
    if slider.exp {
        hint.push_str(", exp");
    }
    if !p.unit().suffix.is_empty() {
        let _ = write!(hint, ", suffix = {:?}", p.unit().suffix);
    }
    format!("#[export(range = ({hint}))]")
}

/// The field declarations of `entries`, with a group attribute where the group changes.
pub fn fields(entries: &[&dyn Declared]) -> String {
    let mut out = String::new();
    let mut group = None;
    for (i, p) in entries.iter().enumerate() {
        let name = p.name();
        let _ = writeln!(out, "            #[doc = {:?}]", p.describe());
        if group != Some(p.group().title) {
            group = Some(p.group().title);
            let prefix = match p.group().prefix {
                "" => String::new(),
                prefix => format!(", prefix = \"{prefix}_\""),
            };
            let _ = writeln!(
                out,
                "            #[export_group(name = {:?}{prefix})]",
                p.group().title
            );
        }
        let _ = writeln!(out, "            {}", export_attribute(*p));
        let _ = writeln!(
            out,
            "            #[var(get = get_{name}, set = set_{name})]"
        );
        let _ = writeln!(
            out,
            "            {name}: PhantomVar<{}>,",
            property_type(*p)
        );
        let group_ends = entries
            .get(i + 1)
            .is_none_or(|next| next.group().title != p.group().title);
        if group_ends {
            file_fields(&mut out, p.group().title);
        }
    }
    out
}

/// The file input properties of the group titled `title` ([`FILE_INPUTS`]): a path with the
/// inspector's file picker, read and written by hand-written `get_<name>`/`set_<name>`.
fn file_fields(out: &mut String, title: &str) {
    for f in FILE_INPUTS.iter().filter(|f| f.group.title == title) {
        let filter: Vec<String> = f.extensions.iter().map(|e| format!("*.{e}")).collect();
        let name = f.name;
        let _ = writeln!(out, "            #[doc = {:?}]", f.doc);
        let _ = writeln!(out, "            #[export(file = {:?})]", filter.join(","));
        let _ = writeln!(
            out,
            "            #[var(get = get_{name}, set = set_{name})]"
        );
        let _ = writeln!(out, "            {name}: PhantomVar<GString>,");
    }
}

/// The getter and setter `#[func]`s of `entries`, and one integer constant per choice of a
/// choice parameter (`HEIGHT_MODEL_POOL = 0`).
pub fn accessors(entries: &[&dyn Declared]) -> String {
    let mut out = String::new();
    for p in entries {
        if let Kind::Choice(names) = p.kind() {
            for (i, choice) in names.iter().enumerate() {
                let constant = format!("{}_{}", p.name(), choice).to_uppercase();
                let _ = write!(
                    out,
                    "            #[doc = \"The {choice} choice of [member {name}].\"]
            #[constant]
            pub const {constant}: i64 = {i};

",
                    name = p.name()
                );
            }
        }
        let (name, ty) = (p.name(), property_type(*p));
        let (get, set) = store_methods(*p);
        let _ = write!(
            out,
            "            #[doc = \"Returns [member {name}].\"]
            #[func]
            pub fn get_{name}(&self) -> {ty} {{
                self.store.{get}({name:?})
            }}

            #[doc = \"Sets [member {name}]; a different value is reported as a change.\"]
            #[func]
            pub fn set_{name}(&mut self, value: {ty}) {{
                if self.store.{set}({name:?}, value) {{
                    self.on_param_changed();
                }}
            }}

"
        );
    }
    out
}

/// The two macros `<name>_properties!` and `<name>_accessors!` for `entries`.
pub fn class_macros(name: &str, entries: &[&dyn Declared]) -> String {
    format!(
        "/// Declares the struct with the parameter properties between its two field lists.
macro_rules! {name}_properties {{
    ($(#[$($meta:tt)*])* pub struct $class:ident {{ $($before:tt)* }} {{ $($after:tt)* }}) => {{
        $(#[$($meta)*])*
        pub struct $class {{
            $($before)*
{fields}            $($after)*
        }}
    }};
}}

/// Adds the getters and setters of the parameter properties to an impl block.
macro_rules! {name}_accessors {{
    ($(#[$($meta:tt)*])* impl $class:ident {{ $($body:tt)* }}) => {{
        $(#[$($meta)*])*
        impl $class {{
{accessors}            $($body)*
        }}
    }};
}}
",
        fields = fields(entries),
        accessors = accessors(entries),
    )
}

/// One `BIOME_<NAME>` integer constant per biome of the world design's biome table, in id order, in a secondary
/// `#[godot_api]` block of `DonjournoTerrain`.
pub fn biome_constants() -> String {
    let mut out = String::from("#[godot_api(secondary)]\nimpl DonjournoTerrain {\n");
    for biome in donjourno::stages::biomes::Biome::ALL {
        let _ = write!(
            out,
            "    #[doc = \"Biome {id}: {name}.\"]\n    #[constant]\n    pub const BIOME_{constant}: i32 = {id};\n",
            id = biome as u8,
            name = biome.name(),
            constant = biome.constant()
        );
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_are_current() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/generated");
        let refresh = std::env::var_os("DONJOURNO_REFRESH").is_some();
        assert!(
            !(refresh && std::env::var_os("CI").is_some()),
            "DONJOURNO_REFRESH is set under CI: it would rewrite src/generated instead of \
             checking it; refresh locally and commit the files"
        );
        for (name, text) in generated_files() {
            let path = dir.join(name);
            if refresh {
                std::fs::write(&path, &text).expect("src/generated is writable");
                continue;
            }
            let kept = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                kept == text,
                "{} is out of date with the parameter table: refresh it with \
                 DONJOURNO_REFRESH=1 cargo test -p donjourno-godot generated_files",
                path.display()
            );
        }
    }

    fn entry(name: &str) -> &'static dyn Declared {
        generator_entries()
            .into_iter()
            .chain(terrain_entries())
            .find(|p| p.name() == name)
            .unwrap()
    }

    #[test]
    fn hints_follow_the_table() {
        assert_eq!(
            export_attribute(entry("seed")),
            "#[export(range = (0.0, 2147483647.0, 1.0, or_greater))]"
        );
        assert_eq!(
            export_attribute(entry("width")),
            "#[export(range = (1.0, 4096.0, 1.0, suffix = \"cells\"))]"
        );
        assert_eq!(
            export_attribute(entry("peak_height")),
            "#[export(range = (0.01, 1000.0, 0.01, exp))]"
        );
        assert_eq!(
            export_attribute(entry("cell_size")),
            "#[export(range = (0.01, 100.0, 0.01, or_greater, suffix = \"m\"))]"
        );
        assert_eq!(export_attribute(entry("water_lakes_enabled")), "#[export]");
        assert_eq!(title_case("height_model"), "HeightModel");
    }

    #[test]
    fn fields_carry_groups_docs_and_accessors() {
        let text = fields(&generator_entries());
        assert_eq!(text.matches("#[export_group(").count(), 13);
        assert!(text.contains("#[export_group(name = \"Landscape\", prefix = \"landscape_\")]"));
        assert!(text.contains("landscape_age: PhantomVar<f32>,"));
        assert!(text.contains("#[export_group(name = \"Ground\")]"));
        assert!(text.contains("#[export_group(name = \"Settlements\", prefix = \"settlements_\")]"));
        assert!(text.contains("#[export_group(name = \"Image\", prefix = \"image_\")]"));
        let file = text.find("image_file: PhantomVar<GString>,").unwrap();
        assert!(text[..file].contains("image_stretch: PhantomVar<bool>,"));
        assert!(text[file..].contains("#[export_group(name = \"Climate\""));
        assert!(text.contains("#[export_group(name = \"Erosion\", prefix = \"erosion_\")]"));
        assert!(text.contains("erosion_droplet_density: PhantomVar<f32>,"));
        assert!(text.contains("erosion_max_cells: PhantomVar<i64>,"));
        assert!(text.contains("#[var(get = get_erosion_dt, set = set_erosion_dt)]"));
        assert!(text.contains("water_lakes_enabled: PhantomVar<bool>,"));
        assert!(text.contains(&format!("#[doc = {:?}]", entry("erosion_dt").describe())));
        let api = accessors(&terrain_entries());
        assert!(api.contains("pub fn set_subdivisions(&mut self, value: i64)"));
        assert!(api.contains("self.store.float(\"roughness_strength\")"));
        let api = accessors(&generator_entries());
        assert!(api.contains("pub const HEIGHT_MODEL_POOL: i64 = 0;"));
        assert!(api.contains("pub const HEIGHT_MODEL_CONTINENTS: i64 = 2;"));
        assert!(api.contains("pub const HEIGHT_MODEL_IMAGE: i64 = 3;"));
        let biomes = biome_constants();
        assert!(biomes.contains("pub const BIOME_DEEP_OCEAN: i32 = 0;"));
        assert!(biomes.contains("pub const BIOME_VOLCANIC: i32 = 19;"));
        let macros = class_macros("terrain_mesh", &terrain_entries());
        assert!(macros.contains("macro_rules! terrain_mesh_properties"));
        assert!(macros.contains("macro_rules! terrain_mesh_accessors"));
    }
}
