extends "res://lib/test_case.gd"
## The collision body: a height map through the mesh's corner heights, internal, rebuilt with
## the terrain.


func _ray_y(t: DonjournoTerrain, x: float, z: float) -> Variant:
	var space := t.get_world_3d().direct_space_state
	var query := PhysicsRayQueryParameters3D.create(Vector3(x, 1000.0, z), Vector3(x, -1000.0, z))
	var hit := space.intersect_ray(query)
	return hit.position.y if hit.has("position") else null


func test_rays_hit_the_surface() -> void:
	var g := small_generator(21)
	g.cell_size = 1.5
	g.height_scale = 4.0
	var t := DonjournoTerrain.new()
	t.roughness_strength = 0.0
	t.generator = g
	root.add_child(t)
	t.regenerate()
	t.position = Vector3(-20.0, 3.0, 7.0)
	await tree.physics_frame
	await tree.physics_frame
	var body := t.get_collision_body()
	check(body != null, "a collision body exists")
	check_eq(t.get_child_count(), 0, "no public children")
	var water := 1 if t.get_water_instance() != null else 0
	check_eq(t.get_child_count(true), 2 + water, "collision body, trees and water are internal children")
	check_eq(body.collision_layer, 1, "default layer")
	var cell := 1.5
	var origin := t.position
	var hits := 0
	var worst := 0.0
	# At the cell corners the height map and the mesh agree exactly.
	for i in 40:
		var cx := (i * 7) % 65
		var cz := (i * 13) % 65
		var x := origin.x + cx * cell + (0.001 if cx < 64 else -0.001)
		var z := origin.z + cz * cell + (0.001 if cz < 64 else -0.001)
		var y: Variant = _ray_y(t, x, z)
		if y == null:
			check(false, "ray at corner (%d, %d) hits" % [cx, cz])
			continue
		hits += 1
		check_near(y, t.get_height_at(x, z), 0.02, "corner (%d, %d)" % [cx, cz])
	# Inside a cell the two triangulations may split the quad along different diagonals: the
	# difference is at most half the corners' twist |h00 + h11 − h10 − h01|.
	for i in 60:
		var fx := fposmod(i * 0.618034, 1.0) * 64.0
		var fz := fposmod(i * 0.414214, 1.0) * 64.0
		var x := origin.x + fx * cell
		var z := origin.z + fz * cell
		var x0 := origin.x + floorf(fx) * cell
		var z0 := origin.z + floorf(fz) * cell
		var twist := absf(t.get_height_at(x0, z0) + t.get_height_at(x0 + cell, z0 + cell)
				- t.get_height_at(x0 + cell, z0) - t.get_height_at(x0, z0 + cell))
		var y: Variant = _ray_y(t, x, z)
		if y == null:
			check(false, "ray at (%f, %f) hits" % [fx, fz])
			continue
		hits += 1
		var diff := absf(y - t.get_height_at(x, z))
		worst = maxf(worst, diff)
		check(diff <= 0.5 * twist + 0.02, "inside (%f, %f): ray %f, surface %f, twist %f" % [
				fx, fz, y, t.get_height_at(x, z), twist])
	print("collision: %d rays hit, worst in-cell difference %.4f" % [hits, worst])
	check(_ray_y(t, origin.x - 5.0, origin.z + 5.0) == null, "nothing off the terrain")


func test_layers_toggle_and_rebuild() -> void:
	var g := small_generator(22)
	var t := terrain_with(g)
	t.collision_layer = 4
	t.collision_mask = 6
	var body := t.get_collision_body()
	check_eq(body.collision_layer, 4, "layer applied")
	check_eq(body.collision_mask, 6, "mask applied")
	var shape: HeightMapShape3D = body.get_child(0).shape
	check_eq(shape.map_width, 65, "width + 1 corners")
	check_eq(shape.map_depth, 65, "depth + 1 corners")
	g.width = 32
	t.regenerate()
	check(t.get_collision_body() == body, "the body is reused")
	shape = body.get_child(0).shape
	check_eq(shape.map_width, 33, "rebuilt with the terrain")
	check_eq(t.get_collision_body().collision_layer, 4, "layer kept")
	t.collision_enabled = false
	check(t.get_collision_body() == null, "disabled: no body")
	check_eq(t.get_child_count(true), 1 + (1 if t.get_water_instance() != null else 0),
			"only the trees and the water remain")
	t.collision_enabled = true
	check(t.get_collision_body() != null, "enabled again")
	await frames(2)
