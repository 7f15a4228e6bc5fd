# The ground texture set of addons/donjourno/ground/textures/: for each of the seven ground
# materials of the splat (grass, dry grass, dirt, sand, rock, snow, mud), a seamlessly tiling
# 256×256 albedo (sRGB), tangent-space normal map (OpenGL convention, Y+, as Godot reads it) and
# roughness map, about 3 m of ground per tile. Everything comes from fixed seeds, so a run makes
# the same files every time. The textures are MIT-licensed with the addon (its LICENSE).
#
# Usage (from the repository root; `make ground-textures` runs it):
#   tests/tools/godot.sh --headless --script tools/ground_textures/make_ground_textures.gd -- \
#       OUT_DIR [--sheet SHEET.png]
#
# OUT_DIR receives <name>_albedo.webp, <name>_normal.webp and <name>_roughness.webp per material,
# lossy WebP at quality 0.9 (a fifth of the PNGs' size, so the package stays small);
# --sheet also writes a contact sheet: one column per material (in the order above), albedo over
# normal over roughness, 128 pixels a cell.
#
# Each albedo's mean colour is the material's base colour (MATERIALS in
# rust/core/src/stages/biomes/table.rs, the colours of the terrain's splat) before compression,
# within a step or two after it, so a texture multiplied by a tint keeps the palette.
#
# The smooth noise is Godot's FastNoiseLite, sampled so that it tiles (noise in fields.gd); the
# cellular noise of the rock's joints, the dirt's clods and the mud's lumps is Worley noise on a
# wrapping grid (worley in fields.gd), as FastNoiseLite's cellular noise repeats only through a
# blend that doubles its walls. Normal maps are the Sobel gradient of each material's height field,
# wrapping at the edges (images.gd).
#
# This file is the entry point: the arguments, the files and the contact sheet. Beside it,
# fields.gd holds the field helpers, images.gd the image writers and materials.gd the seven
# materials' recipes.
extends SceneTree

## Quality of the lossy WebP files, 0-1.
const WEBP_QUALITY := 0.9

const Images := preload("images.gd")
const Materials := preload("materials.gd")

const SHEET_CELL := 128

# Name, base colour (sRGB, 0-255), in the order of the terrain's splat.
const MATERIALS := [
	["grass", [72, 138, 58]],
	["dry_grass", [176, 160, 92]],
	["dirt", [124, 98, 70]],
	["sand", [222, 204, 150]],
	["rock", [120, 116, 110]],
	["snow", [240, 242, 250]],
	["mud", [86, 74, 58]],
]


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var out_dir := ""
	var sheet := ""
	var i := 0
	while i < args.size():
		if args[i] == "--sheet" and i + 1 < args.size():
			sheet = args[i + 1]
			i += 2
		elif out_dir == "" and not args[i].begins_with("--"):
			out_dir = args[i]
			i += 1
		else:
			out_dir = ""
			break
	if out_dir == "":
		printerr("usage: godot --headless --script make_ground_textures.gd -- OUT_DIR [--sheet SHEET.png]")
		quit(2)
		return
	quit(_run(out_dir, sheet))


func _run(out_dir: String, sheet_path: String) -> int:
	if DirAccess.make_dir_recursive_absolute(out_dir) != OK:
		printerr("cannot create %s" % out_dir)
		return 1
	var sheet: Image = null
	if sheet_path != "":
		sheet = Image.create(SHEET_CELL * MATERIALS.size(), SHEET_CELL * 3, false, Image.FORMAT_RGB8)
	for m in MATERIALS.size():
		var name: String = MATERIALS[m][0]
		var base: Array = MATERIALS[m][1]
		# By name through a Callable: the analyser refuses Materials.call() on a script's statics.
		var maps: Dictionary = Callable(Materials, "make_" + name).call()
		var albedo := Images.albedo_image(maps, base)
		var normal := Images.normal_image(maps["height"], maps["relief"])
		var rough := Images.grey_image(maps["rough"])
		var images := [albedo, normal, rough]
		var suffixes := ["albedo", "normal", "roughness"]
		for k in 3:
			var path := out_dir.path_join("%s_%s.webp" % [name, suffixes[k]])
			if images[k].save_webp(path, true, WEBP_QUALITY) != OK:
				printerr("cannot write %s" % path)
				return 1
		var mean := Images.mean_rgb(albedo)
		print("%-10s mean albedo [%d, %d, %d] (base [%d, %d, %d])" % [name, mean[0], mean[1], mean[2],
				base[0], base[1], base[2]])
		if sheet != null:
			for k in 3:
				var cell: Image = images[k].duplicate()
				cell.convert(Image.FORMAT_RGB8)
				cell.resize(SHEET_CELL, SHEET_CELL, Image.INTERPOLATE_LANCZOS)
				sheet.blit_rect(cell, Rect2i(0, 0, SHEET_CELL, SHEET_CELL),
						Vector2i(m * SHEET_CELL, k * SHEET_CELL))
	if sheet != null:
		DirAccess.make_dir_recursive_absolute(sheet_path.get_base_dir())
		if sheet.save_png(sheet_path) != OK:
			printerr("cannot write %s" % sheet_path)
			return 1
		print("contact sheet %s" % sheet_path)
	return 0
