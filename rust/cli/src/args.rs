//! Command-line arguments built from the parameter table: one flag per parameter (the kebab-case
//! of its name, `--erosion-dt`), its old flags as hidden aliases, and `--preset`.

use clap::builder::ValueParser;
use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Args, Command, FromArgMatches};
use donjourno::params::{self, Alias, Declared, Kind, Param, Value, GENERATOR, MESH_TABLE};
use donjourno::params::{MeshParams, MeshSettings};
use donjourno::ExternalInputs;
use donjourno::GeneratorParams;
use std::path::PathBuf;

/// Id of the argument group holding every generation flag and `--preset`.
pub const GENERATION_GROUP: &str = "generation";
/// Id of the argument group holding every mesh flag.
pub const MESH_GROUP: &str = "mesh_settings";

/// Id of the hidden switch that turns the `bool` parameter `name` off (an old `--no-…` flag).
fn off_id(name: &str) -> String {
    format!("{name}/off")
}

/// Id of the hidden flag of the old name `old` in cells.
fn cells_id(old: &str) -> String {
    format!("{old}/cells")
}

/// The hidden flags of a parameter's old names in cells: a number, converted with the map's cell
/// size and area once every flag is read (see `donjourno::params::cells`).
fn cells_flags(p: &'static dyn Declared) -> impl Iterator<Item = Arg> {
    p.aliases().iter().filter_map(move |alias| match alias {
        Alias::Cells { name, flags, .. } | Alias::Count { name, flags, .. } => Some(
            Arg::new(cells_id(name))
                .long(name.replace('_', "-"))
                .aliases(flags.iter().copied())
                .value_name("N")
                .value_parser(clap::value_parser!(f64))
                .allow_negative_numbers(true)
                .action(ArgAction::Set)
                .hide(true)
                .conflicts_with(p.name()),
        ),
        _ => None,
    })
}

/// The flag of one parameter, with its old flags as hidden aliases.
fn flag(p: &'static dyn Declared) -> Arg {
    let value_name = match p.kind() {
        Kind::Bool => "BOOL",
        Kind::U32 | Kind::U64 => "N",
        Kind::F32 => "X",
        Kind::Choice(_) => "NAME",
    };
    let mut arg = Arg::new(p.name())
        .long(p.flag())
        .value_name(value_name)
        .help(p.describe())
        .help_heading(p.group().title)
        .action(ArgAction::Set)
        .allow_negative_numbers(true)
        .value_parser(ValueParser::new(move |text: &str| {
            p.parse(text).map_err(|e| e.to_string())
        }));
    for alias in p.aliases() {
        if let Alias::Flag(old) = alias {
            arg = arg.alias(*old);
        }
    }
    arg
}

/// The hidden `--no-…` switches of a parameter.
fn off_flags(p: &'static dyn Declared) -> impl Iterator<Item = Arg> {
    p.aliases().iter().filter_map(move |alias| match alias {
        Alias::OffFlag(old) => Some(
            Arg::new(off_id(p.name()))
                .long(*old)
                .action(ArgAction::SetTrue)
                .hide(true)
                .conflicts_with(p.name()),
        ),
        _ => None,
    })
}

/// Adds the flags of `entries` and an argument group `group` holding them (and `extra`).
fn add_flags(
    mut cmd: Command,
    entries: &[&'static dyn Declared],
    group: &'static str,
    extra: &[&'static str],
) -> Command {
    let mut ids: Vec<String> = extra.iter().map(|s| (*s).to_owned()).collect();
    for &p in entries {
        cmd = cmd.arg(flag(p));
        ids.push(p.name().to_owned());
        for off in off_flags(p).chain(cells_flags(p)) {
            ids.push(off.get_id().to_string());
            cmd = cmd.arg(off);
        }
    }
    cmd.group(
        ArgGroup::new(group)
            .args(ids)
            .multiple(true)
            .required(false),
    )
}

/// The values given on the command line for `entries`, in table order.
fn given(m: &ArgMatches, entries: &[&'static dyn Declared]) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    for p in entries {
        if let Ok(Some(v)) = m.try_get_one::<Value>(p.name()) {
            out.push((p.name(), *v));
        }
        if let Ok(Some(true)) = m.try_get_one::<bool>(&off_id(p.name())) {
            out.push((p.name(), Value::Bool(false)));
        }
    }
    out
}

/// The values given in cells under old names: the old name and the number.
fn given_in_cells(m: &ArgMatches, entries: &[&'static dyn Declared]) -> Vec<(&'static str, f64)> {
    let mut out = Vec::new();
    for p in entries {
        for alias in p.aliases() {
            if let Alias::Cells { name, .. } | Alias::Count { name, .. } = alias {
                if let Ok(Some(v)) = m.try_get_one::<f64>(&cells_id(name)) {
                    out.push((*name, *v));
                }
            }
        }
    }
    out
}

/// Stores the values given in cells under old names into `s`, converted with its cell size.
fn apply_in_cells<S>(
    table: &'static [Param<S>],
    s: &mut S,
    given: &[(&'static str, f64)],
) -> Result<(), String> {
    let lattice = params::cells::lattice(table, s);
    for (old, number) in given {
        let (param, how) = params::cells::find_old(table, old).ok_or("unknown parameter")?;
        let v = params::cells::from_old(param, *number, how, lattice).map_err(|e| e.to_string())?;
        param.set(s, v).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Stores the given values into `s`.
fn apply<S>(
    table: &'static [Param<S>],
    s: &mut S,
    given: &[(&'static str, Value)],
) -> Result<(), String> {
    for (name, value) in given {
        let param = params::table::find(table, name).ok_or("unknown parameter")?;
        param.set(s, *value).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn generation_entries() -> Vec<&'static dyn Declared> {
    GENERATOR.iter().map(|p| p as &dyn Declared).collect()
}

fn mesh_entries(skip: &[&str]) -> Vec<&'static dyn Declared> {
    MESH_TABLE
        .iter()
        .filter(|p| !skip.contains(&p.name))
        .map(|p| p as &dyn Declared)
        .collect()
}

/// Help of `--preset`, listing the built-in presets.
static PRESET_HELP: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let names: Vec<&str> = params::PRESETS.iter().map(|(n, _)| *n).collect();
    format!(
        "Built-in preset ({}) or a JSON file; flags override it.",
        names.join(", ")
    )
});

/// Generation parameters: a preset (built-in name or JSON file) overridden by single flags.
#[derive(Clone, Debug, Default)]
pub struct ParamArgs {
    preset: Option<String>,
    given: Vec<(&'static str, Value)>,
    given_in_cells: Vec<(&'static str, f64)>,
    heightmap_in: Option<PathBuf>,
    stamps: Option<PathBuf>,
}

impl ParamArgs {
    /// The preset with the flags applied, validated.
    pub fn resolve(&self) -> Result<GeneratorParams, String> {
        let mut p = match &self.preset {
            None => GeneratorParams::default(),
            Some(name) => match GeneratorParams::preset(name) {
                Some(p) => p,
                None => {
                    let text = std::fs::read_to_string(name).map_err(|e| {
                        format!("preset {name}: not a built-in preset and not readable: {e}")
                    })?;
                    GeneratorParams::from_json(&text).map_err(|e| format!("preset {name}: {e}"))?
                }
            },
        };
        apply(GENERATOR, &mut p, &self.given)?;
        apply_in_cells(GENERATOR, &mut p, &self.given_in_cells)?;
        p.validate()
            .map_err(|e| format!("invalid parameters: {e}"))?;
        Ok(p)
    }

    /// The files the generation reads: `--heightmap-in` decoded, `--stamps` checked.
    pub fn inputs(&self) -> Result<ExternalInputs, String> {
        crate::inputs::read(self.heightmap_in.as_deref(), self.stamps.as_deref())
    }
}

impl Args for ParamArgs {
    fn augment_args(cmd: Command) -> Command {
        let preset = Arg::new("preset")
            .long("preset")
            .value_name("NAME|FILE")
            .help(PRESET_HELP.as_str())
            .action(ArgAction::Set);
        let heightmap_in = Arg::new("heightmap-in")
            .long("heightmap-in")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .help("The heightmap of `--height-model image`: a 16-bit greyscale .png, an .exr (metres) or a square raw .r16")
            .action(ArgAction::Set);
        let stamps = Arg::new("stamps")
            .long("stamps")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .help("The designer's layout: stamps laid on the heights before erosion, paths (ridges, valleys, rivers, roads) and pinned settlements, a JSON file {\"stamps\": [{\"kind\": \"raise\", \"position\": [x, z], \"radius\": m, \"height\": m, ...}], \"paths\": [{\"kind\": \"river\", \"points\": [[x, z], ...], \"width\": m}], \"sites\": [...]} (see the stamps guide)")
            .action(ArgAction::Set);
        add_flags(
            cmd.arg(preset).arg(heightmap_in).arg(stamps),
            &generation_entries(),
            GENERATION_GROUP,
            &["preset", "heightmap-in", "stamps"],
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for ParamArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(ParamArgs {
            preset: m.get_one::<String>("preset").cloned(),
            given: given(m, &generation_entries()),
            given_in_cells: given_in_cells(m, &generation_entries()),
            heightmap_in: m.get_one::<PathBuf>("heightmap-in").cloned(),
            stamps: m.get_one::<PathBuf>("stamps").cloned(),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// Mesh settings given as flags; `SKIP_CELL_SIZE` leaves out `--cell-size` (the preview's
/// projection assumes cells of one unit).
#[derive(Clone, Debug, Default)]
pub struct MeshArgs<const SKIP_CELL_SIZE: bool = false> {
    given: Vec<(&'static str, Value)>,
}

impl<const SKIP_CELL_SIZE: bool> MeshArgs<SKIP_CELL_SIZE> {
    fn entries() -> Vec<&'static dyn Declared> {
        mesh_entries(if SKIP_CELL_SIZE { &["cell_size"] } else { &[] })
    }

    /// `base` with the flags applied, validated (the collision and navigation flags with the
    /// defaults of their settings).
    pub fn resolve(&self, base: MeshParams) -> Result<MeshParams, String> {
        let settings = MeshSettings {
            mesh: base,
            ..MeshSettings::default()
        };
        Ok(self.resolve_settings(settings)?.mesh)
    }

    /// `base` with the flags applied, validated.
    pub fn resolve_settings(&self, base: MeshSettings) -> Result<MeshSettings, String> {
        let mut settings = base;
        apply(MESH_TABLE, &mut settings, &self.given)?;
        settings
            .validate()
            .map_err(|e| format!("invalid mesh settings: {e}"))?;
        Ok(settings)
    }
}

impl<const SKIP_CELL_SIZE: bool> Args for MeshArgs<SKIP_CELL_SIZE> {
    fn augment_args(cmd: Command) -> Command {
        add_flags(cmd, &Self::entries(), MESH_GROUP, &[])
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<const SKIP_CELL_SIZE: bool> FromArgMatches for MeshArgs<SKIP_CELL_SIZE> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(MeshArgs {
            given: given(m, &Self::entries()),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// Flags of `donjourno params`.
#[derive(clap::Args)]
pub struct ParamsArgs {
    /// Print the parameter tables of docs/reference/ (Markdown) instead of the list.
    #[arg(long)]
    pub markdown: bool,
    /// Rewrite the parameter tables marked in these Markdown files
    /// (`<!-- params:NAME -->` … `<!-- /params:NAME -->`).
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "markdown")]
    pub refresh: Vec<std::path::PathBuf>,
}

/// Runs `donjourno params`: the parameter list, the Markdown tables, or their refresh in files.
pub fn run_params(args: &ParamsArgs) -> Result<(), String> {
    if !args.refresh.is_empty() {
        for path in &args.refresh {
            let shown = path.display();
            let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
            let fresh = params::markdown::refresh(&text).map_err(|e| format!("{shown}: {e}"))?;
            let state = if fresh == text {
                "up to date"
            } else {
                "refreshed"
            };
            if fresh != text {
                std::fs::write(path, fresh).map_err(|e| format!("{shown}: {e}"))?;
            }
            println!("{shown}: {state}");
        }
    } else if args.markdown {
        for (name, table) in params::markdown::TABLES {
            println!(
                "<!-- params:{name} -->\n{}<!-- /params:{name} -->\n",
                table()
            );
        }
    } else {
        let all = generation_entries().into_iter().chain(mesh_entries(&[]));
        for p in all {
            let unit = match p.unit().name {
                "" => String::new(),
                u => format!(" {u}"),
            };
            println!(
                "--{:<26} {:<26} default {:<8} {}{unit}",
                p.flag(),
                p.path(),
                p.show(p.default_value()),
                p.accepted()
            );
        }
    }
    Ok(())
}
