//! `donjourno`: generate, preview, export and benchmark Donjourno terrains from the command line.
//!
//! The program lives in this library, and `src/main.rs` only calls [`main`]: a library is what a
//! compile cache can keep (a crate that is linked, as a binary is, must be compiled anew by every
//! build), so a clone whose CLI sources are unchanged links the program from the cached library.

mod args;
mod bench;
mod hash;
mod inputs;
mod output;
mod relief;
mod render;

use args::{MeshArgs, ParamArgs};
use clap::{Parser, Subcommand};
use donjourno::outputs::mesh::build_mesh;
use donjourno::outputs::mesh::water_surface::build_water_mesh;
use donjourno::outputs::scatter_mesh::scatter_mesh_squashed;
use donjourno::params::{MeshParams, MeshSettings};
use donjourno::{
    generate, ExternalInputs, GenerateOptions, GenerationStats, GeneratorParams, Grid, Progress,
};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// Procedural terrain: coverage-controlled mountains, droplet erosion, forests.
#[derive(Parser)]
#[command(name = "donjourno", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate a terrain and write its colour map, 16-bit heightmap and statistics.
    Generate {
        #[command(flatten)]
        params: ParamArgs,
        /// Top-down colour map PNG, one pixel per cell.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Heightmap, its format from the extension: `.png` 16-bit greyscale or `.r16` raw
        /// (0 = height 0, 65535 = peak height), `.exr` float metres. A `FILE.json` beside it
        /// gives the height range in metres (for Terrain3D's import scale and offset).
        #[arg(long)]
        heightmap: Option<PathBuf>,
        /// Statistics as JSON (pool fraction, max height, class counts, timings, grid hash).
        #[arg(long)]
        json: Option<PathBuf>,
        /// Temperature map PNG, one pixel per cell: blue (−20 °C) → white → red (40 °C).
        #[arg(long)]
        temperature_png: Option<PathBuf>,
        /// Moisture map PNG, one pixel per cell: brown (dry, 0) → green → blue (wet, 1).
        #[arg(long)]
        moisture_png: Option<PathBuf>,
        /// Biome map PNG, one pixel per cell, with a legend of the biomes present (their ids;
        /// the names are printed to standard error). Needs `--biomes-enabled true`.
        #[arg(long)]
        biome_png: Option<PathBuf>,
        /// Settlements (Points) and roads (LineStrings with a bridge flag) as GeoJSON in map
        /// coordinates (metres). Needs `--settlements-enabled true`.
        #[arg(long)]
        settlements_json: Option<PathBuf>,
    },
    /// Render a preview PNG: the isometric view with the original design's projection and lighting, or with
    /// `--style relief` the subdivision article's top-down shaded relief.
    Preview {
        #[command(flatten)]
        params: ParamArgs,
        /// Output PNG.
        #[arg(long, default_value = "preview.png")]
        out: PathBuf,
        /// Hour of the sun, 6 (sunrise) to 18 (sunset).
        #[arg(long, default_value_t = 10.0, value_parser = hour)]
        time_of_day: f32,
        /// Mesh settings; the preview uses 2 subdivisions unless `--subdivisions` says otherwise.
        #[command(flatten)]
        mesh: MeshArgs<true>,
        /// Pixels per projection unit (default: fit the map into about 1400 pixels); with
        /// `--style relief`, pixels per cell (rounded; default: fit into about 1024 pixels).
        #[arg(long)]
        scale: Option<f32>,
        /// `iso`: the isometric mesh render; `relief`: the subdivision article's top-down shaded relief.
        #[arg(long, value_enum, default_value_t = relief::Style::Iso)]
        style: relief::Style,
        /// Relief shadows: how fast the shadow line sinks (the subdivision article's slider, 0 to 2;
        /// default: the relief ground style's sun, 15° high, so shadows are as long in metres on
        /// every map).
        #[arg(long, value_parser = relief::shadow_arg)]
        shadow: Option<f32>,
    },
    /// Export the terrain mesh as a Wavefront OBJ with vertex colours.
    Export {
        #[command(flatten)]
        params: ParamArgs,
        /// Output OBJ file.
        #[arg(long)]
        obj: PathBuf,
        /// Mesh settings as JSON (`{"subdivisions": 2}`); the mesh flags override it.
        #[arg(long = "mesh", value_name = "FILE")]
        mesh_file: Option<PathBuf>,
        #[command(flatten)]
        mesh: MeshArgs,
    },
    /// Print performance figures: erosion, fBm, tessellation and end-to-end generation.
    Bench {
        /// Each figure once, at its smallest size: a quick look, or a smoke run
        /// (`make test-bench`).
        #[arg(long)]
        quick: bool,
        /// Only the figures whose name contains this (hydrology, erosion, landscape, fbm,
        /// tessellation, generate, subdivision, continents, field, biomes, scatter, chunks,
        /// navigation, tiles, settlements, stamps).
        #[arg(long, value_name = "NAME")]
        only: Option<String>,
        /// Write the lattice the landscape figure steps on to this file (little-endian `f32`
        /// metres, row by row), for `make bench-fastscape` to step fastscapelib on the same grid.
        #[arg(long, value_name = "FILE")]
        grid_out: Option<PathBuf>,
    },
    /// Print the grid and mesh hashes as JSON (to compare platforms; `--suite` for the fixed set).
    Hash(hash::HashArgs),
    /// List every parameter (flag, JSON path, default, accepted values), or print or refresh
    /// the parameter tables of docs/reference/.
    Params(args::ParamsArgs),
}

fn hour(s: &str) -> Result<f32, String> {
    let v: f32 = s.parse().map_err(|e| format!("{e}"))?;
    if (6.0..=18.0).contains(&v) {
        Ok(v)
    } else {
        Err("must be between 6 and 18".into())
    }
}

/// The preview's mesh: cells of one projection unit, and heights scaled by
/// `height_scale / cell_size`, so the map keeps its world proportions.
fn preview_mesh(params: &GeneratorParams, mesh: MeshParams) -> MeshParams {
    MeshParams {
        cell_size: 1.0,
        height_scale: params.height_scale / params.cell_size,
        ..mesh
    }
}

/// Runs the default pipeline with a progress bar on a terminal.
fn run_pipeline(
    params: &GeneratorParams,
    inputs: &ExternalInputs,
) -> Result<(Grid, GenerationStats), String> {
    let bar = ProgressBar::new(1000);
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {percent:>3}% {elapsed}")
            .expect("static template")
            .progress_chars("=> "),
    );
    bar.set_message("eroding");
    let sink = bar.clone();
    let result = generate(
        params,
        GenerateOptions {
            progress: Progress::new(move |f| {
                sink.set_position((f * 1000.0) as u64);
                true
            }),
            inputs: inputs.clone(),
            ..Default::default()
        },
    );
    bar.finish_and_clear();
    result.map_err(|e| e.to_string())
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Generate {
            params,
            png,
            heightmap,
            json,
            temperature_png,
            moisture_png,
            biome_png,
            settlements_json,
        } => {
            let inputs = params.inputs()?;
            let params = params.resolve()?;
            let (mut grid, stats) = run_pipeline(&params, &inputs)?;
            if temperature_png.is_some() || moisture_png.is_some() {
                donjourno::stages::climate::lay_climate(&params, &mut grid);
            }
            if let Some(path) = temperature_png {
                output::write_temperature_png(&grid, &path)?;
            }
            if let Some(path) = moisture_png {
                output::write_moisture_png(&grid, &path)?;
            }
            if let Some(path) = biome_png {
                if grid.biome().is_empty() {
                    return Err("--biome-png needs biomes: add --biomes-enabled true".into());
                }
                output::write_rgb_png(&output::biome_image(&grid), &path)?;
                for (id, n) in stats
                    .biome_counts
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                {
                    let name = donjourno::stages::biomes::Biome::ALL[id].name();
                    eprintln!("{id:2} {name}: {n} cells");
                }
            }
            if let Some(path) = settlements_json {
                if !params.settlements.enabled {
                    return Err(
                        "--settlements-json needs settlements: add --settlements-enabled true"
                            .into(),
                    );
                }
                std::fs::write(&path, output::settlements_geojson(&grid, &params))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            if let Some(path) = png {
                output::write_colour_png(&grid, &path)?;
            }
            if let Some(path) = heightmap {
                output::write_heightmap(&grid, &params, &path)?;
            }
            let report = output::stats_json(&params, &stats);
            match json {
                Some(path) => {
                    std::fs::write(&path, report).map_err(|e| format!("{}: {e}", path.display()))?
                }
                None => println!("{report}"),
            }
            Ok(())
        }
        Command::Preview {
            params,
            out,
            time_of_day,
            mesh,
            scale,
            style,
            shadow,
        } => {
            let inputs = params.inputs()?;
            let params = params.resolve()?;
            if style == relief::Style::Relief {
                let (grid, _) = run_pipeline(&params, &inputs)?;
                return relief::write_preview(&grid, &params, shadow, scale, &out);
            }
            let mesh_params = preview_mesh(
                &params,
                mesh.resolve(MeshParams {
                    subdivisions: 2,
                    ..MeshParams::default()
                })?,
            );
            let (grid, stats) = run_pipeline(&params, &inputs)?;
            let mesh = build_mesh(&grid, &mesh_params).map_err(|e| e.to_string())?;
            let water = build_water_mesh(&grid, &mesh_params).map_err(|e| e.to_string())?;
            let (w, d) = (grid.width(), grid.depth());
            let scale = scale.unwrap_or(1400.0 / ((w + d) as f32 * render::CELL_X));
            // The preview's world unit is a cell.
            let metre = 1.0 / params.cell_size;
            let plants = scatter_mesh_squashed(
                &grid,
                grid.scatter(),
                &mesh_params,
                metre,
                render::SCATTER_HEIGHT,
            )
            .map_err(|e| e.to_string())?;
            let image = render::render(&[&mesh, &plants, &water.mesh], 2, w, d, scale, time_of_day);
            output::write_rgb_png(&image, &out)?;
            eprintln!(
                "{}: {}×{} px, {} triangles, generated in {:.1} ms",
                out.display(),
                image.width,
                image.height,
                mesh.triangle_count(),
                stats.total_time().as_secs_f64() * 1e3
            );
            Ok(())
        }
        Command::Export {
            params,
            obj,
            mesh_file,
            mesh,
        } => {
            let inputs = params.inputs()?;
            let params = params.resolve()?;
            let base = match mesh_file {
                None => MeshSettings::default(),
                Some(path) => {
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    donjourno::params::mesh_from_json(&text)
                        .map_err(|e| format!("{}: {e}", path.display()))?
                }
            };
            let mesh_params = params.mesh_params(mesh.resolve_settings(base)?.mesh);
            let (grid, _) = run_pipeline(&params, &inputs)?;
            let mesh = build_mesh(&grid, &mesh_params).map_err(|e| e.to_string())?;
            output::write_obj(&mesh, &obj)
        }
        Command::Hash(args) => hash::run(args),
        Command::Params(args) => args::run_params(&args),
        Command::Bench {
            quick,
            only,
            grid_out,
        } => bench::run(quick, only.as_deref(), grid_out.as_deref()),
    }
}

/// The command line, or the exit after `--help`, `--version` and a missing subcommand (help
/// printed in full) or a usage error (printed as one line that names the problem, as every other
/// error is).
fn parse() -> Result<Cli, u8> {
    Cli::try_parse().map_err(|e| {
        let help = clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
        if !e.use_stderr() || e.kind() == help {
            e.exit();
        }
        let text = e.render().to_string();
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        eprintln!(
            "donjourno: error: {}",
            line.trim().strip_prefix("error: ").unwrap_or(line.trim())
        );
        u8::try_from(e.exit_code()).unwrap_or(2)
    })
}

/// The program: its exit status.
fn program() -> u8 {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match run(cli) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("donjourno: error: {message}");
            1
        }
    }
}

/// Runs the program on the process's arguments, returning its exit status (in a browser's
/// page with threads, on a worker of its own: see `web`).
pub fn main() -> std::process::ExitCode {
    #[cfg(all(target_os = "emscripten", target_feature = "atomics"))]
    web::in_a_page_on_a_worker(program);
    std::process::ExitCode::from(program())
}

/// The program in a browser's page, with threads.
#[cfg(all(target_os = "emscripten", target_feature = "atomics"))]
mod web {
    extern "C" {
        fn emscripten_run_script_int(script: *const std::ffi::c_char) -> i32;
        fn emscripten_exit_with_live_runtime() -> !;
        fn emscripten_force_exit(status: i32) -> !;
    }

    /// In a page, runs `program` on a worker of its own and hands the page's thread back to it,
    /// never returning: a page's main thread may not block, so a program waiting there for its
    /// pool spins, taking a core from the pool's workers (the addon generates on a Godot worker
    /// thread). The worker ends the process with the program's status. Under Node.js, whose main
    /// thread may block, it returns at once.
    pub fn in_a_page_on_a_worker(program: fn() -> u8) {
        // SAFETY: Emscripten's runtime functions. The script is a NUL-terminated string; the
        // exits run on the page's thread (Emscripten proxies them there) and end the runtime
        // with the program's status.
        unsafe {
            if emscripten_run_script_int(c"typeof window === 'object' ? 1 : 0".as_ptr()) == 0 {
                return;
            }
            std::thread::spawn(move || {
                let status = i32::from(program());
                let _ = std::io::Write::flush(&mut std::io::stdout());
                emscripten_force_exit(status)
            });
            emscripten_exit_with_live_runtime()
        }
    }
}
