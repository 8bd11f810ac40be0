//! What a process that lives for hours does about glibc's allocator: fewer arenas, large blocks
//! mapped on their own, and the memory a search or a burst of checks freed given back once the
//! server is quiet. With the whole corpus open (398 files): 160–170 MB resident without it,
//! about 30 MB with it (BENCHMARKS.md).

/// One glibc malloc arena for every thread, not the eight per core it gives: each arena keeps
/// the pages of what was allocated in it, and the views of the files opened at once, made on
/// whichever blocking thread checked each file, stayed scattered over all of them. With the
/// whole corpus open, once quiet: 37–39 MB resident with eight arenas, 33–34 MB with one.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_ARENAS: libc::c_int = 1;

/// Blocks from this size on are mapped and unmapped on their own. glibc starts at 128 KB but
/// raises it each time such a block is freed (up to 32 MB): after one peg board's search freed
/// its tables of tens of MB, the next search's tables stayed in an arena, resident for good.
/// Not at 128 KB, though: a large answer was then mapped afresh at each step of its way out.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_MMAP_THRESHOLD: libc::c_int = 1024 * 1024;

/// Free memory at the top of an arena is given back to the system once it is this large.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_TRIM_THRESHOLD: libc::c_int = 1024 * 1024;

/// Sets up the allocator: called before any other thread starts; nothing to do where the C
/// library is not glibc.
pub(crate) fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets parameters of the allocator; it is called before the process
    // starts its other threads.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, MALLOC_ARENAS);
        libc::mallopt(libc::M_MMAP_THRESHOLD, MALLOC_MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, MALLOC_TRIM_THRESHOLD);
    }
}

/// Gives the memory freed (by a search, by the checks of many files) back to the system: glibc
/// keeps freed blocks for the thread that used them.
pub(crate) fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free heap pages to the system; it touches no live
    // allocation and may be called from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
