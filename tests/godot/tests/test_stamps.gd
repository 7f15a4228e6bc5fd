extends "res://lib/test_case.gd"
## Stamps: child nodes of a terrain that shape its ground, regenerate it when they change, save
## in the scene and write the command line's JSON.

const SCENE_PATH := "user://donjourno_test_stamps.tscn"


## A stamp of `kind` at the terrain's local point (x, z), `radius` and `height` metres.
func _stamp(kind: int, x: float, z: float, radius: float, height: float) -> DonjournoStamp:
	var s := DonjournoStamp.new()
	s.name = &"Stamp"
	s.kind = kind
	s.radius = radius
	s.height = height
	s.position = Vector3(x, 0, z)
	return s


func _no_erosion(seed: int) -> DonjournoGenerator:
	var g := small_generator(seed)
	g.erosion_droplet_density = 0.0
	return g


func test_a_raise_stamp_lifts_the_ground_and_removing_it_restores_every_bit() -> void:
	var t := terrain_with(_no_erosion(4))
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var centre := t.global_transform * Vector3(32.5, 0, 32.5)
	var edge := t.global_transform * Vector3(2.5, 0, 2.5)
	var h_centre := t.get_height_at(centre.x, centre.z)
	var h_edge := t.get_height_at(edge.x, edge.z)
	var s := _stamp(DonjournoStamp.KIND_RAISE, 32.5, 32.5, 15.0, 12.0)
	t.add_child(s)
	check(t.regenerate(), "rebuilt with the stamp")
	check(t.get_height_at(centre.x, centre.z) > h_centre + 8.0,
			"the centre rose by about 12 m: %f → %f" % [h_centre, t.get_height_at(centre.x, centre.z)])
	check_near(t.get_height_at(edge.x, edge.z), h_edge, 1e-4, "ground beyond the radius unchanged")
	# Moving the stamp moves the mountain.
	s.position = Vector3(16.5, 0, 16.5)
	check(t.regenerate(), "rebuilt with the stamp moved")
	var moved := t.global_transform * Vector3(16.5, 0, 16.5)
	check(t.get_height_at(moved.x, moved.z) > t.get_height_at(centre.x, centre.z),
			"the mountain followed the stamp")
	t.remove_child(s)
	s.free()
	check(t.regenerate(), "rebuilt without the stamp")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == before, "without the stamp, the terrain is the same bit for bit")


func test_moving_a_stamp_regenerates_in_the_background() -> void:
	var t := terrain_with(_no_erosion(5))
	await settled(t)
	var runs := int(t.get_stats().pipeline_runs)
	var s := _stamp(DonjournoStamp.KIND_RAISE, 20.5, 40.5, 12.0, 10.0)
	t.add_child(s)
	await settled(t)
	check_eq(int(t.get_stats().pipeline_runs), runs + 1, "adding the stamp regenerated once")
	var p := t.global_transform * Vector3(20.5, 0, 40.5)
	var q := t.global_transform * Vector3(44.5, 0, 20.5)
	var ground := t.get_height_at(q.x, q.z)
	var raised := t.get_height_at(p.x, p.z)
	# Several edits in one frame: one rebuild.
	s.position = Vector3(44.5, 0, 20.5)
	s.height = 11.0
	s.radius = 13.0
	await settled(t)
	check_eq(int(t.get_stats().pipeline_runs), runs + 2, "the edits of one frame regenerated once")
	check(t.get_height_at(p.x, p.z) < raised - 5.0, "the old place sank back after the move")
	check(t.get_height_at(q.x, q.z) > ground + 5.0, "the new place rose")
	s.kind = DonjournoStamp.KIND_LOWER
	await settled(t)
	check(t.get_height_at(q.x, q.z) < ground, "a property edit regenerated: the stamp now digs")


func test_a_lower_stamp_on_flat_ground_becomes_a_lake() -> void:
	var g := small_generator(6)
	g.coverage = 0.0
	var t := terrain_with(g)
	var p := t.global_transform * Vector3(32.5, 0, 32.5)
	check(not t.is_water_at(p.x, p.z), "flat ground is dry")
	t.add_child(_stamp(DonjournoStamp.KIND_LOWER, 32.5, 32.5, 16.0, 5.0))
	check(t.regenerate(), "rebuilt with the basin")
	check(t.is_water_at(p.x, p.z), "the basin holds water")


## The warnings' text is checked in Rust (`stamp::tests`): scripts cannot call
## `_get_configuration_warnings` on an extension class.
func test_bad_stamps_keep_the_terrain_and_name_the_stamp() -> void:
	var t := terrain_with(_no_erosion(7))
	t.auto_regenerate = false
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var s := _stamp(DonjournoStamp.KIND_RAISE, 32.5, 32.5, 10.0, 5.0)
	s.name = &"Peak"
	s.strength = 3.0
	t.add_child(s)
	expect_error("stamp \"Peak\": strength must be")
	check(not t.regenerate(), "a stamp out of range fails the rebuild")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == before, "the previous terrain stays")
	check("Peak" in t.get_last_error() and "strength" in t.get_last_error(),
			"the error names the stamp and the field: %s" % t.get_last_error())
	s.strength = 1.0
	check(t.regenerate(), "the stamp mended, the rebuild succeeds")
	check(t.get_last_error().is_empty(), "and the error is gone")
	expect_error("kind must be")
	s.kind = 9
	check_eq(s.kind, DonjournoStamp.KIND_RAISE, "an unknown kind is refused")


func test_stamps_save_in_the_scene_and_write_the_command_line_json() -> void:
	var scene_root := Node3D.new()
	scene_root.name = &"Level"
	root.add_child(scene_root)
	var t := DonjournoTerrain.new()
	t.name = &"Terrain"
	t.generator = _no_erosion(8)
	scene_root.add_child(t)
	t.owner = scene_root
	var s := _stamp(DonjournoStamp.KIND_CRATER, 40.5, 24.5, 9.0, 4.0)
	s.scale = Vector3(2, 1, 1)
	s.rotation_degrees = Vector3(0, 30, 0)
	s.falloff = 2
	s.blend = 1
	t.add_child(s)
	s.owner = scene_root
	await settled(t)
	var original: Array = arrays_of(t)
	var doc: Dictionary = JSON.parse_string(t.get_stamps_json())
	check_eq(doc.stamps.size(), 1, "one stamp in the JSON")
	var js: Dictionary = doc.stamps[0]
	check_eq(js.kind, "crater", "kind")
	check_eq(js.falloff, "dome", "falloff")
	check_eq(js.blend, "max", "blend")
	# Cell 40 of 1 m is drawn over [40, 41) and sampled at 40 m.
	check_near(js.position[0], 40.0, 1e-4, "x in the generator's metres")
	check_near(js.position[1], 24.0, 1e-4, "z")
	check_near(js.scale[0], 2.0, 1e-4, "scaled along x")
	check_near(js.rotation_degrees, 30.0, 1e-3, "turned")
	var packed := PackedScene.new()
	check_eq(packed.pack(scene_root), OK, "pack the scene")
	check_eq(ResourceSaver.save(packed, SCENE_PATH), OK, "save the scene")
	var text := FileAccess.get_file_as_string(SCENE_PATH)
	check(text.contains("DonjournoStamp") and not text.contains("PackedVector3Array"),
			"the stamp is saved, no mesh")
	var instance: Node3D = (ResourceLoader.load(SCENE_PATH, "", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene).instantiate()
	root.add_child(instance)
	var t2: DonjournoTerrain = instance.get_node("Terrain")
	await settled(t2)
	var again: Array = arrays_of(t2)
	check(again[Mesh.ARRAY_VERTEX] == original[Mesh.ARRAY_VERTEX], "the loaded scene rebuilds the same ground")
	check_eq(t2.get_stamps_json(), t.get_stamps_json(), "the same JSON")
	# The JSON read back into a bare terrain: the same stamps, the same ground.
	var t3 := DonjournoTerrain.new()
	t3.generator = _no_erosion(8)
	root.add_child(t3)
	check_eq(t3.add_stamps_json(t.get_stamps_json()), 1, "one stamp added from the JSON")
	check_eq(t3.get_stamps_json(), t.get_stamps_json(), "the JSON round-trips through the nodes")
	check(t3.regenerate(), "rebuilt from the JSON's stamps")
	check(arrays_of(t3)[Mesh.ARRAY_VERTEX] == original[Mesh.ARRAY_VERTEX], "the same ground from the JSON")
	expect_error("stamp 0: radius must be")
	check_eq(t3.add_stamps_json('{"stamps": [{"radius": -1}]}'), -1, "a bad document adds nothing")
	check_eq(t3.get_children().filter(func(c: Node) -> bool: return c is DonjournoStamp).size(), 1,
			"still one stamp")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(SCENE_PATH))


func test_the_gizmo_handles_follow_the_mouse_ray() -> void:
	var Handles := load("res://addons/donjourno/stamps/stamp_handles.gd")
	check_near(Handles.radius_from_ray(Vector3(0, 10, 0), Vector3(1, -2, 0), 3.0), 5.0, 1e-4,
			"the rim where the ray meets the stamp's plane")
	check_near(Handles.radius_from_ray(Vector3(0, 10, 0), Vector3(1, 0, 0), 3.0), 3.0, 1e-6,
			"a level ray keeps the radius")
	check_near(Handles.radius_from_ray(Vector3(4, 10, 3), Vector3(0, -1, 0), 1.0), 5.0, 1e-4,
			"straight down, 5 m from the axis")
	check_near(Handles.height_from_ray(Vector3(10, 3, 0), Vector3(-1, 0, 0), 0.0), 3.0, 1e-4,
			"a level ray through the axis at 3 m")
	check_near(Handles.height_from_ray(Vector3(10, 0, 0), Vector3(-1, 1, 0), 0.0), 10.0, 1e-4,
			"a rising ray crosses the axis at 10 m")
	check_near(Handles.height_from_ray(Vector3(0, 5, 0), Vector3(0, 1, 0), 7.0), 7.0, 1e-6,
			"a ray along the axis keeps the height")
	var rim: PackedVector3Array = Handles.rim(4.0)
	check_eq(rim.size(), 2 * Handles.RIM_SEGMENTS, "segments as pairs of points")
	for p in rim:
		check_near(Vector2(p.x, p.z).length(), 4.0, 1e-4, "on the rim")


func test_a_site_pins_a_named_town_that_the_roads_join() -> void:
	var g := small_generator(9)
	g.width = 192
	g.depth = 192
	g.settlements_enabled = true
	g.settlements_hex_radius = 16.0
	var t := terrain_with(g)
	t.auto_regenerate = false
	# A dry cell for the site, searched from (150, 40) along x.
	var local := Vector3(150.5, 0, 40.5)
	for i in 40:
		var p := t.to_global(local)
		if not t.is_water_at(p.x, p.z):
			break
		local.x -= 2.0
	var site := DonjournoSite.new()
	site.tier = DonjournoSite.TIER_TOWN
	site.site_name = "Pinford"
	site.position = local
	t.add_child(site)
	check(t.regenerate(), "rebuilt with the site")
	var found: Dictionary = {}
	for s: Dictionary in t.get_settlements():
		if s.name == "Pinford":
			found = s
	check(not found.is_empty(), "a settlement named Pinford")
	if found.is_empty():
		return
	check_eq(int(found.tier), 1, "a town")
	var at: Vector3 = found.position
	check_near(at.x, local.x, 1e-3, "on the site: x")
	check_near(at.z, local.z, 1e-3, "on the site: z")
	var others := t.get_settlements().filter(func(s: Dictionary) -> bool: return s.name != "Pinford")
	check(others.size() > 0, "other settlements too")
	var way: PackedVector3Array = t.get_road_path(t.to_global(at), t.to_global(others[0].position))
	check(way.size() > 1, "a road joins Pinford to %s" % others[0].name)
	var doc: Dictionary = JSON.parse_string(t.get_stamps_json())
	check_eq(doc.sites.size(), 1, "the site in the JSON")
	check_eq(doc.sites[0].name, "Pinford", "with its name")
	check_eq(doc.sites[0].tier, "town", "and its tier")
