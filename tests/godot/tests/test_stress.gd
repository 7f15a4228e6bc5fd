extends "res://lib/test_case.gd"
## Terrains regenerating under load: many edits, nodes freed and re-added while their workers
## run, settings toggled, the scene saved and reloaded. Nothing leaks, nothing fails, and every
## terrain ends up showing the last edit.

const SCENE_PATH := "user://donjourno_stress_scene.tscn"


func _terrain(g: DonjournoGenerator, owner_node: Node, i: int) -> DonjournoTerrain:
	var t := DonjournoTerrain.new()
	t.name = "Terrain%d" % i
	t.generator = g
	t.subdivisions = 1 + i % 3
	t.position = Vector3(i * 70.0, 0.0, 0.0)
	owner_node.add_child(t)
	t.owner = owner_node
	return t


func _objects() -> int:
	return int(Performance.get_monitor(Performance.OBJECT_COUNT))


func test_regenerating_under_load() -> void:
	var g := small_generator(40)
	var reference := DonjournoTerrain.new()
	reference.auto_regenerate = false
	# The first physics body in a world creates engine objects once: warm up with one terrain.
	var warm_up := terrain_with(small_generator(1))
	await frames(2)
	warm_up.free()
	# Counted from inside a resumed coroutine, as at the end (its state is an object too).
	await frames(3)
	var baseline := _objects()
	var level := Node3D.new()
	level.name = "Level"
	root.add_child(level)
	var terrains: Array[DonjournoTerrain] = []
	for i in 4:
		terrains.append(_terrain(g, level, i))
	var created := 4
	var detached: DonjournoTerrain = null
	for round in 40:
		g.seed = 40 + round
		g.coverage = 0.3 + 0.01 * (round % 10)
		match round % 5:
			0:  # Free a terrain while its worker runs; add a fresh one.
				var victim: DonjournoTerrain = terrains.pop_front()
				victim.free()
				terrains.append(_terrain(g, level, created))
				created += 1
			1:  # Take one out of the tree while it rebuilds...
				if detached == null:
					detached = terrains.pop_back()
					level.remove_child(detached)
			2:  # ... and put it back.
				if detached != null:
					level.add_child(detached)
					detached.owner = level
					terrains.append(detached)
					detached = null
			3:
				terrains[0].collision_enabled = not terrains[0].collision_enabled
				terrains[-1].trees_enabled = not terrains[-1].trees_enabled
			4:
				terrains[1].regenerate()
		await frames(1)
	if detached != null:
		level.add_child(detached)
		detached.owner = level
		terrains.append(detached)
	for t in terrains:
		await settled(t, 1)
	reference.generator = g
	check(reference.regenerate(), "reference build")
	var expected: int = reference.get_stats().grid_hash
	for t in terrains:
		check_eq(t.get_stats().grid_hash, expected, "%s shows the last edit" % t.name)
		check_eq(t.get_last_error(), "", "%s without error" % t.name)
		check(t.get_child_count() == 0, "%s has no saved children" % t.name)

	# Save and reload the scene mid-edit: the loaded terrains rebuild to the same result.
	g.seed = 7
	var packed := PackedScene.new()
	check_eq(packed.pack(level), OK, "pack the level")
	check_eq(ResourceSaver.save(packed, SCENE_PATH), OK, "save the level")
	level.free()
	var loaded: PackedScene = ResourceLoader.load(SCENE_PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	var instance := loaded.instantiate()
	root.add_child(instance)
	var reloaded: Array[Node] = instance.find_children("*", "DonjournoTerrain", true, false)
	check_eq(reloaded.size(), terrains.size(), "every terrain reloaded")
	for t: DonjournoTerrain in reloaded:
		await settled(t, 1)
	reference.generator = (reloaded[0] as DonjournoTerrain).generator
	check(reference.regenerate(), "reference build of the reloaded generator")
	for t: DonjournoTerrain in reloaded:
		check_eq(t.get_stats().grid_hash, reference.get_stats().grid_hash, "%s rebuilt after reloading" % t.name)
		check(t.get_collision_body() != null or not t.collision_enabled, "%s collision" % t.name)
	instance.free()
	reference.free()
	reloaded.clear()
	loaded = null
	packed = null
	DirAccess.remove_absolute(ProjectSettings.globalize_path(SCENE_PATH))
	await frames(3)
	var after := _objects()
	print("stress: %d terrains created, objects %d before, %d after" % [created, baseline, after])
	check(after <= baseline, "no objects left behind (%d before, %d after)" % [baseline, after])
