extends Logger
## Collects every error Godot reports while it is installed with `OS.add_logger()`: engine and
## extension errors (`ERROR:`), `push_error`, script errors (`SCRIPT ERROR:`) and shader errors,
## and text written with `printerr`. The runner installs one for the whole run and takes the
## collected errors after each test, so each error is charged to the test that was running.
## Warnings (`WARNING:`, `push_warning`, `godot_warn!`) are collected too, as `WARNING: …`: a
## test that provokes one announces it with `expect_warning`. Errors may be reported from any
## thread.

const KINDS := ["ERROR", "WARNING", "SCRIPT ERROR", "SHADER ERROR"]

var _mutex := Mutex.new()
var _errors: PackedStringArray = []


func _log_error(function: String, file: String, line: int, code: String, rationale: String,
		_editor_notify: bool, error_type: int, _script_backtraces: Array[ScriptBacktrace]) -> void:
	# Godot prints the rationale when there is one, else the failed condition.
	var text := rationale if not rationale.is_empty() else code
	var kind: String = KINDS[error_type] if error_type < KINDS.size() else "ERROR"
	_add("%s: %s (at %s, %s:%d)" % [kind, text, function, file, line])


func _log_message(message: String, error: bool) -> void:
	if error:
		_add("printerr: %s" % message.strip_edges())


## Returns the errors collected since the last call and forgets them.
func take() -> PackedStringArray:
	_mutex.lock()
	var taken := _errors
	_errors = PackedStringArray()
	_mutex.unlock()
	return taken


func _add(text: String) -> void:
	_mutex.lock()
	_errors.append(text)
	_mutex.unlock()
