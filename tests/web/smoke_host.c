// A stand-in for Godot's Web main module: loads a GDExtension side module with dlopen, calls its
// entry symbol with a fake `get_proc_address`, and checks that the library starts initialising:
// gdext first asks the host for the Godot version. The host answers 4.5.0; as soon as the library
// asks for any further interface function (it goes on to load the whole interface) the test has
// seen enough and exits with status 0.
//
// Usage (after linking with emcc as a main module): node smoke_host.js LIBRARY.wasm ENTRY_SYMBOL
//
// Exit status: 0 initialisation reached the interface loading; 1 usage; 2 dlopen failed;
// 3 the entry symbol is missing; 4 the entry returned without asking for the version;
// 5 the library asked for something else before the version.

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*InterfaceFunction)(void);
typedef InterfaceFunction (*GetProcAddress)(const char *name);

// GDExtensionGodotVersion and GDExtensionGodotVersion2 (gdextension_interface.h, Godot 4.5).
typedef struct {
    uint32_t major, minor, patch;
    const char *string;
} GodotVersion;

typedef struct {
    uint32_t major, minor, patch, hex;
    const char *status, *build, *hash;
    uint64_t timestamp;
    const char *string;
} GodotVersion2;

// GDExtensionInitialization.
typedef struct {
    int32_t minimum_initialization_level;
    void *userdata;
    void (*initialize)(void *userdata, int32_t level);
    void (*deinitialize)(void *userdata, int32_t level);
} Initialization;

typedef uint8_t (*EntryFunction)(GetProcAddress, void *library, Initialization *init);

static const char *VERSION_STRING = "Godot Engine v4.5.0.stable.smoke";
static int version_asked = 0;
static int version_delivered = 0;
static char first_request[128] = "";

static void get_godot_version(GodotVersion *v) {
    v->major = 4;
    v->minor = 5;
    v->patch = 0;
    v->string = VERSION_STRING;
    version_delivered = 1;
}

static void get_godot_version2(GodotVersion2 *v) {
    memset(v, 0, sizeof *v);
    v->major = 4;
    v->minor = 5;
    v->patch = 0;
    v->hex = 0x040500;
    v->status = "stable";
    v->build = "smoke";
    v->hash = "";
    v->string = VERSION_STRING;
    version_delivered = 1;
}

static InterfaceFunction get_proc_address(const char *name) {
    if (strcmp(name, "get_godot_version") == 0) {
        version_asked = 1;
        return (InterfaceFunction)get_godot_version;
    }
    if (strcmp(name, "get_godot_version2") == 0) {
        version_asked = 1;
        return (InterfaceFunction)get_godot_version2;
    }
    if (version_delivered) {
        printf("smoke: ok: the library asked for the Godot version, then for '%s'\n", name);
        fflush(stdout);
        exit(0);
    }
    if (first_request[0] == '\0') {
        snprintf(first_request, sizeof first_request, "%s", name);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: smoke_host LIBRARY.wasm ENTRY_SYMBOL\n");
        return 1;
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        printf("smoke: dlopen failed: %s\n", dlerror());
        return 2;
    }
    EntryFunction entry = (EntryFunction)dlsym(lib, argv[2]);
    if (!entry) {
        printf("smoke: entry symbol '%s' not found: %s\n", argv[2], dlerror());
        return 3;
    }
    printf("smoke: loaded %s, calling %s\n", argv[1], argv[2]);
    fflush(stdout);
    Initialization init;
    memset(&init, 0, sizeof init);
    uint8_t ok = entry(get_proc_address, (void *)&init, &init);
    if (first_request[0] != '\0') {
        printf("smoke: the library asked for '%s' before the Godot version\n", first_request);
        return 5;
    }
    printf("smoke: the entry returned %u without %s the Godot version\n", ok,
           version_asked ? "using" : "asking for");
    return 4;
}
