//! Handing memory back to the system once a large rebuild's buffers are gone.
//!
//! A rebuild of a big map allocates and frees hundreds of megabytes of meshes on worker threads.
//! glibc's allocator keeps much of what is freed in its arenas for later use, so the process
//! stays that much larger after the rebuild has finished. [`release_freed`] asks it, on a
//! short-lived thread so the main thread never waits, to return the free pages to the system.

/// Returns the allocator's free pages to the system, in the background (glibc on Linux; nothing
/// elsewhere, where the allocator trims itself or offers no such call).
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            /// glibc: releases free memory from the top of the heap and the free pages of every
            /// arena; returns 1 when some was released.
            fn malloc_trim(pad: usize) -> std::os::raw::c_int;
        }
        // SAFETY: `malloc_trim` only walks the allocator's own free lists, under its locks.
        let trim = || unsafe {
            malloc_trim(0);
        };
        // Without a thread (none can start), nothing is trimmed: the memory stays reusable.
        let _ = std::thread::Builder::new()
            .name("donjourno-trim".into())
            .spawn(trim);
    }
}
