extends "res://lib/test_case.gd"
## A map in chunks generated again with the same mesh settings rebuilds only the chunks whose
## cells changed: a stamp moved on a map without erosion rebuilds the chunks around it, and the
## result is the same, chunk for chunk, as a terrain built from scratch.


func _generator() -> DonjournoGenerator:
	var g := small_generator(31)
	g.erosion_droplet_density = 0.0
	return g


## Every chunk level shown, by name: its vertices.
func _chunk_vertices(t: DonjournoTerrain) -> Dictionary:
	var out := {}
	for child in t.get_children(true):
		if child.name != "Chunks":
			continue
		for c in child.get_children():
			var instance := c as MeshInstance3D
			if instance != null and not instance.is_queued_for_deletion():
				out[String(instance.name)] = instance.mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX]
	return out


func _stamp(x: float, z: float) -> DonjournoStamp:
	var s := DonjournoStamp.new()
	s.name = &"Hill"
	s.radius = 5.0
	s.height = 6.0
	s.position = Vector3(x, 0, z)
	return s


func test_moving_a_stamp_without_erosion_rebuilds_only_the_chunks_it_touches() -> void:
	var t: DonjournoTerrain = await chunked_terrain(_generator(), 16, 2)
	check_eq(t.get_chunk_count(), 16, "4 × 4 chunks")
	var s := _stamp(8.5, 8.5)
	t.add_child(s)
	await settled(t)
	while t.is_filling_chunks():
		await frames(1)
	var stats := t.get_stats()
	check_eq(int(stats.chunk_count), 16, "still 16 chunks")
	var built := int(stats.chunks_built)
	check(built > 0 and built < 16, "only the chunks the stamp touched were built: %d of 16" % built)
	# Move it across the map: the chunks it left and those it reached.
	s.position = Vector3(52.5, 0, 52.5)
	await settled(t)
	while t.is_filling_chunks():
		await frames(1)
	built = int(t.get_stats().chunks_built)
	check(built > 1 and built < 16, "the chunks it left and reached were built: %d of 16" % built)
	var patched := _chunk_vertices(t)
	check_eq(patched.size(), 32, "every level of every chunk shown, once")
	# From scratch: the same stamp on a new terrain.
	var fresh: DonjournoTerrain = DonjournoTerrain.new()
	fresh.chunk_size = 16
	fresh.lod_levels = 2
	fresh.generator = _generator()
	fresh.add_child(_stamp(52.5, 52.5))
	root.add_child(fresh)
	check(fresh.regenerate(), "built from scratch")
	while fresh.is_filling_chunks():
		await frames(1)
	check_eq(int(fresh.get_stats().chunks_built), 16, "a first build makes every chunk")
	var whole := _chunk_vertices(fresh)
	var same := 0
	for name: String in whole:
		if patched.has(name) and patched[name] == whole[name]:
			same += 1
	check_eq(same, whole.size(), "every chunk level the same as a build from scratch")
