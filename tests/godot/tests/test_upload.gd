extends "res://lib/test_case.gd"
## The terrain hands Godot its surface already in Godot's own layout. These tests hold that
## layout against what Godot itself produces with add_surface_from_arrays() from a reference made
## without the terrain's mesh: the core's height query on the lattice of the sub-vertices.


## The terrain's triangles as the core lays them out, made here without reading the mesh: cells
## row by row, each cell's `n × n` micro-quads row by row, each quad the triangles
## (p00, p10, p11) and (p00, p11, p01); x and z on the lattice of the sub-vertices, y the core's
## height query (get_height_at) there. The terrain must sit at the origin.
func _reference_positions(t: DonjournoTerrain) -> PackedVector3Array:
	var map := t.get_map()
	var n := t.subdivisions
	var step := t.generator.cell_size / n
	var lattice := func(gx: int, gz: int) -> Vector3:
		var x := gx * step
		var z := gz * step
		return Vector3(x, t.get_height_at(x, z), z)
	var out := PackedVector3Array()
	for z in map.get_depth():
		for x in map.get_width():
			for sz in n:
				for sx in n:
					var gx := x * n + sx
					var gz := z * n + sz
					var p00: Vector3 = lattice.call(gx, gz)
					var p10: Vector3 = lattice.call(gx + 1, gz)
					var p01: Vector3 = lattice.call(gx, gz + 1)
					var p11: Vector3 = lattice.call(gx + 1, gz + 1)
					out.append_array([p00, p10, p11, p00, p11, p01])
	return out


## Godot's own surface for the terrain's triangles: the reference positions, flat normals computed
## here, colours from the map.
func _reference_surface(t: DonjournoTerrain) -> Dictionary:
	var vertices := _reference_positions(t)
	var normals := face_normals(vertices)
	var colors := PackedColorArray()
	colors.resize(vertices.size())
	var map := t.get_map()
	var n_sub := t.subdivisions
	var i := 0
	for z in map.get_depth():
		for x in map.get_width():
			var c := map.get_color(x, z)
			for k in n_sub * n_sub * 6:
				colors[i] = c
				i += 1
	var arrays := []
	arrays.resize(Mesh.ARRAY_MAX)
	arrays[Mesh.ARRAY_VERTEX] = vertices
	arrays[Mesh.ARRAY_NORMAL] = normals
	arrays[Mesh.ARRAY_COLOR] = colors
	var reference := ArrayMesh.new()
	reference.add_surface_from_arrays(Mesh.PRIMITIVE_TRIANGLES, arrays)
	return reference.get("_surfaces")[0]


func test_surface_layout_matches_godots_own() -> void:
	var g := small_generator(21)
	g.width = 24
	g.depth = 20
	g.cell_size = 3.0
	g.height_scale = 40.0
	var t := terrain_with(g, 2)
	var ours: Dictionary = t.mesh.get("_surfaces")[0]
	var theirs := _reference_surface(t)
	check_eq(ours.format, theirs.format, "surface format")
	check_eq(ours.vertex_count, theirs.vertex_count, "vertex count")
	check(ours.aabb.is_equal_approx(theirs.aabb), "bounds: %s, the reference's %s" % [ours.aabb, theirs.aabb])
	var a: PackedByteArray = ours.vertex_data
	var b: PackedByteArray = theirs.vertex_data
	check_eq(a.size(), b.size(), "vertex stream size")
	var n: int = ours.vertex_count
	if a.size() == b.size():
		# Positions: three floats per vertex, read from the bytes the terrain handed Godot, against
		# the reference's (the core's height query rounds a little differently on a quad's far
		# edges).
		var worst_position := 0.0
		for offset in range(0, n * 12, 4):
			worst_position = maxf(worst_position, absf(a.decode_float(offset) - b.decode_float(offset)))
		check(worst_position <= 1e-4, "positions are the reference's (worst difference %f)" % worst_position)
		# Normals and tangents: four 16-bit values per vertex; the reference normals are computed
		# in GDScript's double precision, so allow a step of rounding.
		var worst := 0
		for offset in range(n * 12, a.size(), 2):
			worst = maxi(worst, absi(a.decode_u16(offset) - b.decode_u16(offset)))
		check(worst <= 2, "normals and tangents match Godot's encoding (worst difference %d)" % worst)
	var ca: PackedByteArray = ours.attribute_data
	var cb: PackedByteArray = theirs.attribute_data
	check_eq(ca.size(), cb.size(), "attribute stream size")
	if ca.size() == cb.size():
		var worst := 0
		for k in ca.size():
			worst = maxi(worst, absi(ca[k] - cb[k]))
		check(worst <= 1, "colours match Godot's conversion (worst difference %d)" % worst)


func test_surface_reads_back_as_arrays() -> void:
	var t := terrain_with(small_generator(4))
	var a := arrays_of(t)
	var vertices: PackedVector3Array = a[Mesh.ARRAY_VERTEX]
	var normals: PackedVector3Array = a[Mesh.ARRAY_NORMAL]
	var colors: PackedColorArray = a[Mesh.ARRAY_COLOR]
	var map := t.get_map()
	var worst := 0.0
	for i in range(0, vertices.size(), 3 * 37):
		var n := (vertices[i + 2] - vertices[i]).cross(vertices[i + 1] - vertices[i]).normalized()
		worst = maxf(worst, n.distance_to(normals[i]))
	check(worst < 0.002, "decoded normals are the face normals (worst distance %f)" % worst)
	for cell in [Vector2i(0, 0), Vector2i(10, 3), Vector2i(63, 63), Vector2i(31, 40)]:
		var i: int = (cell.y * 64 + cell.x) * 6
		check(colors[i].is_equal_approx(map.get_color(cell.x, cell.y)), "colour of cell %s" % cell)
