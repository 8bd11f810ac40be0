//! Background work gives way to work someone is waiting for.
//!
//! The language server runs the work nobody waits for at once (requests about texts far larger
//! than any game's file, the workspace check, the peg solver's search) on threads of their own
//! at the lowest CPU priority. That gives a keystroke's check a core the moment it wakes, but
//! not the rest of the machine: on two cores the background work still took the memory
//! bandwidth, the caches and the process's memory map (its large answers are mapped and
//! unmapped) while the keystroke was checked, and the slowest keystrokes took up to three times
//! as long as alone (BENCHMARKS.md, sessions 14 and 15). So background threads also stop at
//! [`give_way`], which the long loops of the drawing, the outline, the highlights, the JSON
//! writers and the solver pass through, for as long as [`Urgent`] work is under way.
//!
//! A pause is bounded ([`LONGEST_PAUSE`]): urgent work that never ends (a stuck check, a test
//! holding one on purpose) delays background work by that much once, never stops it.

use std::cell::Cell;
use std::panic::Location;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a background thread waits at most for one stretch of urgent work: far above a
/// keystroke's check of any file a game can read (p99 about 5 ms, BENCHMARKS.md).
pub const LONGEST_PAUSE: Duration = Duration::from_millis(50);

/// The process's one gate, shut while urgent work is under way.
static GATE: Gate = Gate::new(LONGEST_PAUSE);

/// Where background threads wait for urgent work to end.
struct Gate {
    /// Urgent work under way now.
    urgent: AtomicUsize,
    /// Urgent work begun so far: a stretch of it is told from the next by this.
    begun: AtomicU64,
    /// Background threads waiting: the end of urgent work wakes them only if any.
    waiting: AtomicUsize,
    lock: Mutex<()>,
    opened: Condvar,
    longest_pause: Duration,
}

/// What [`give_way`] does on a thread.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Nothing: the thread's work is urgent, or no one waits for it.
    Any,
    /// Waits while urgent work is under way (see [`run_in_background`]).
    Background,
    /// Notes the time since the last point (see [`longest_stretch`]).
    Measured,
}

thread_local! {
    static ROLE: Cell<Role> = const { Cell::new(Role::Any) };
    /// When and where the measured thread last passed a point, and the longest stretch so far.
    static MEASURED: Cell<(Instant, Option<&'static Location<'static>>, Stretch)> =
        Cell::new((Instant::now(), None, Stretch::default()));
    /// The stretch of urgent work this thread stopped waiting for after [`LONGEST_PAUSE`]:
    /// it does not wait for that one again.
    static GAVE_UP_ON: Cell<u64> = const { Cell::new(0) };
    /// How often this thread passed [`give_way`] (for tests of where the points are).
    #[cfg(test)]
    static PASSED: Cell<u64> = const { Cell::new(0) };
}

/// Marks the calling thread as one whose work gives way to urgent work from now on.
pub fn run_in_background() {
    ROLE.set(Role::Background);
}

/// The longest time some work went without passing [`give_way`], and between which points
/// (`None`: its start or its end).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stretch {
    pub time: Duration,
    pub from: Option<&'static Location<'static>>,
    pub to: Option<&'static Location<'static>>,
}

/// `work`'s answer, and the longest time it worked without passing [`give_way`] (from its
/// start to the first point, between two, from the last to its end): how long a keystroke
/// could wait for background work doing the same to give way. For benchmarks.
pub fn longest_stretch<T>(work: impl FnOnce() -> T) -> (T, Stretch) {
    let role = ROLE.replace(Role::Measured);
    MEASURED.set((Instant::now(), None, Stretch::default()));
    let answer = work();
    measured_point(None);
    ROLE.set(role);
    (answer, MEASURED.get().2)
}

fn measured_point(at: Option<&'static Location<'static>>) {
    let now = Instant::now();
    let (last, from, mut longest) = MEASURED.get();
    if now - last > longest.time {
        longest = Stretch {
            time: now - last,
            from,
            to: at,
        };
    }
    MEASURED.set((now, at, longest));
}

/// Work someone is waiting for (a keystroke's diagnostics), under way while this lives.
#[must_use = "the work is urgent only while this lives"]
pub struct Urgent(&'static Gate);

impl Urgent {
    pub fn begin() -> Urgent {
        GATE.shut()
    }
}

impl Drop for Urgent {
    fn drop(&mut self) {
        self.0.open();
    }
}

/// A point where background work waits while urgent work is under way (at most
/// [`LONGEST_PAUSE`] for each stretch of it); on any other thread, or with nothing urgent,
/// nothing but two loads. Call it in loops, every few tens of microseconds of work.
#[inline]
#[track_caller]
pub fn give_way() {
    GATE.give_way(&|| false);
}

/// [`give_way`] for work that can be stopped: the wait ends as soon as `stopped()` says so
/// (checked whenever [`stopping`] is called). Urgent work may wait for stopped work to end:
/// a keystroke's check waits for the search it cancelled on the same board.
#[inline]
#[track_caller]
pub fn give_way_unless(stopped: &dyn Fn() -> bool) {
    GATE.give_way(stopped);
}

/// Tells the background threads waiting at [`give_way_unless`] to look whether their work
/// was stopped (call it after stopping some).
pub fn stopping() {
    GATE.wake();
}

impl Gate {
    const fn new(longest_pause: Duration) -> Gate {
        Gate {
            urgent: AtomicUsize::new(0),
            begun: AtomicU64::new(0),
            waiting: AtomicUsize::new(0),
            lock: Mutex::new(()),
            opened: Condvar::new(),
            longest_pause,
        }
    }

    fn shut(&'static self) -> Urgent {
        self.begun.fetch_add(1, Ordering::SeqCst);
        self.urgent.fetch_add(1, Ordering::SeqCst);
        Urgent(self)
    }

    fn open(&self) {
        let was = self.urgent.fetch_sub(1, Ordering::SeqCst);
        if was == 1 {
            self.wake();
        }
    }

    /// Wakes the waiting threads to look again (whether urgent work is under way, whether
    /// their work was stopped).
    fn wake(&self) {
        // Orders what the caller did before (a stop flag set, however it was stored) before
        // the look at the waiting threads, which look at it after counting themselves in.
        std::sync::atomic::fence(Ordering::SeqCst);
        if self.waiting.load(Ordering::SeqCst) > 0 {
            // Taken so that a thread between its last look and its wait cannot miss this.
            let _lock = self.lock.lock().unwrap_or_else(|p| p.into_inner());
            self.opened.notify_all();
        }
    }

    #[inline]
    #[track_caller]
    fn give_way(&self, stopped: &dyn Fn() -> bool) {
        #[cfg(test)]
        PASSED.set(PASSED.get() + 1);
        match ROLE.get() {
            Role::Any => {}
            Role::Background => {
                if self.urgent.load(Ordering::SeqCst) > 0 {
                    self.wait(stopped);
                }
            }
            Role::Measured => measured_point(Some(Location::caller())),
        }
    }

    #[cold]
    fn wait(&self, stopped: &dyn Fn() -> bool) {
        let stretch = self.begun.load(Ordering::SeqCst);
        if GAVE_UP_ON.get() == stretch {
            return;
        }
        let deadline = Instant::now() + self.longest_pause;
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let mut lock = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        while self.urgent.load(Ordering::SeqCst) > 0 && !stopped() {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                GAVE_UP_ON.set(stretch);
                break;
            };
            lock = match self.opened.wait_timeout(lock, left) {
                Ok((lock, _)) => lock,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        drop(lock);
        self.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// How often the calling thread passed [`give_way`] so far.
#[cfg(test)]
pub fn passed() -> u64 {
    PASSED.get()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, mpsc};

    /// A background thread passing `gate` over and over, counting, until `stop`.
    fn counting_thread(
        gate: &'static Gate,
        stop: Arc<AtomicBool>,
    ) -> (Arc<AtomicU64>, std::thread::JoinHandle<()>) {
        let count = Arc::new(AtomicU64::new(0));
        let counted = count.clone();
        let thread = std::thread::spawn(move || {
            run_in_background();
            while !stop.load(Ordering::SeqCst) {
                gate.give_way(&|| false);
                counted.fetch_add(1, Ordering::SeqCst);
            }
        });
        (count, thread)
    }

    fn advances(count: &AtomicU64) -> bool {
        let before = count.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(5));
        count.load(Ordering::SeqCst) != before
    }

    #[test]
    fn background_work_waits_while_urgent_work_is_under_way() {
        static GATE: Gate = Gate::new(Duration::from_secs(600));
        let stop = Arc::new(AtomicBool::new(false));
        let (count, thread) = counting_thread(&GATE, stop.clone());
        assert!(advances(&count));
        let urgent = GATE.shut();
        std::thread::sleep(Duration::from_millis(2));
        assert!(!advances(&count), "paused while urgent");
        let second = GATE.shut();
        drop(urgent);
        assert!(!advances(&count), "still paused: the second is under way");
        drop(second);
        assert!(advances(&count), "going again once none is");
        stop.store(true, Ordering::SeqCst);
        thread.join().unwrap();
    }

    #[test]
    fn other_threads_never_wait() {
        static GATE: Gate = Gate::new(Duration::from_secs(600));
        let _urgent = GATE.shut();
        let started = Instant::now();
        for _ in 0..1000 {
            GATE.give_way(&|| false);
        }
        assert!(started.elapsed() < Duration::from_secs(60));
    }

    #[test]
    fn a_stretch_of_urgent_work_that_never_ends_holds_background_work_up_once() {
        const PAUSE: Duration = Duration::from_millis(300);
        static GATE: Gate = Gate::new(PAUSE);
        let stuck = GATE.shut();
        let (done, finished) = mpsc::channel();
        let (go, going) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            run_in_background();
            let started = Instant::now();
            for _ in 0..100 {
                GATE.give_way(&|| false);
            }
            let _ = done.send(started.elapsed());
            // The next stretch is waited for again, by the same thread.
            let _ = going.recv();
            let started = Instant::now();
            GATE.give_way(&|| false);
            let _ = done.send(started.elapsed());
        });
        let took = finished.recv_timeout(Duration::from_secs(10)).unwrap();
        assert!(took >= PAUSE, "{took:?}");
        assert!(took < 2 * PAUSE, "{took:?}: waited more than once");
        let next = GATE.shut();
        drop(stuck);
        go.send(()).unwrap();
        std::thread::sleep(Duration::from_millis(10));
        drop(next);
        let took = finished.recv_timeout(Duration::from_secs(10)).unwrap();
        assert!(took >= Duration::from_millis(10), "{took:?}");
        assert!(took < PAUSE, "{took:?}: not woken when it ended");
    }

    /// A Crossmines pattern `width` squares wide and `rows` high, cells, holes and bridges.
    fn pattern(width: usize, rows: usize) -> crate::syntax::Document {
        let mut text = format!(
            "1\r\nRetroboard\r\nTest\r\nOne-square cells.\r\n{width}\r\n{rows}\r\n{width}\r\n{rows}\r\n{width}\r\n{rows}\r\n"
        );
        let row: String = "00-0#0".chars().cycle().take(width).collect();
        for _ in 0..rows {
            text.push_str(&row);
            text.push_str("\r\n");
        }
        crate::syntax::Document::new(Some(crate::registry::FormatId::CrossminesPattern), &text)
    }

    /// How often `work` passes a point on this thread.
    fn points_in<T>(work: impl FnOnce() -> T) -> (T, u64) {
        let before = passed();
        let answer = work();
        (answer, passed() - before)
    }

    /// The long loops of a request's work pass a point at each step: a tree-sitter parse every
    /// few hundred of its steps, the highlights at each token, the drawing at each item.
    #[test]
    fn the_work_on_a_large_board_passes_points_all_along() {
        let doc = pattern(120, 120);
        let (_, parse) = points_in(|| doc.tree().is_some());
        assert!(parse >= 20, "{parse} points in the parse of a 15 KB grid");
        let (highlights, passes) = points_in(|| crate::ide::highlights(&doc));
        assert!(
            passes >= highlights.len() as u64 && highlights.len() > 1000,
            "{passes} points for {} tokens",
            highlights.len()
        );
        let (preview, passes) =
            points_in(|| crate::render::preview(&doc, &crate::formats::DiskFiles));
        let squares = preview.svg.matches("<rect").count() as u64;
        assert!(
            passes >= squares && squares > 120,
            "{passes} points for {squares} rectangles"
        );
    }

    /// Real work on a background thread stops at its first point while urgent work is under
    /// way, and goes on once it ends.
    #[test]
    fn a_preview_drawn_in_the_background_waits_for_urgent_work() {
        let doc = Arc::new(pattern(60, 60));
        let urgent = Urgent::begin();
        let (done, finished) = mpsc::channel();
        let drawn = doc.clone();
        std::thread::spawn(move || {
            run_in_background();
            let preview = crate::render::preview(&drawn, &crate::formats::DiskFiles);
            let _ = done.send(preview.svg.len());
        });
        let started = Instant::now();
        while GATE.waiting.load(Ordering::SeqCst) == 0 {
            assert!(started.elapsed() < Duration::from_secs(10), "never waited");
            std::thread::yield_now();
        }
        assert!(
            finished.recv_timeout(Duration::from_millis(10)).is_err(),
            "drawn while urgent work was under way"
        );
        drop(urgent);
        assert!(finished.recv_timeout(Duration::from_secs(10)).unwrap() > 0);
    }

    /// Stopped work waiting at the gate goes on at once, however long the urgent work lasts:
    /// the urgent work may be waiting for it to end.
    #[test]
    fn stopped_work_does_not_wait_for_urgent_work() {
        static GATE: Gate = Gate::new(Duration::from_secs(600));
        static STOPPED: AtomicBool = AtomicBool::new(false);
        let urgent = GATE.shut();
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            run_in_background();
            GATE.give_way(&|| STOPPED.load(Ordering::SeqCst));
            let _ = done.send(());
        });
        let started = Instant::now();
        while GATE.waiting.load(Ordering::SeqCst) == 0 {
            assert!(started.elapsed() < Duration::from_secs(10), "never waited");
            std::thread::yield_now();
        }
        STOPPED.store(true, Ordering::SeqCst);
        GATE.wake();
        finished
            .recv_timeout(Duration::from_secs(60))
            .expect("stopped work goes on while the urgent work lasts");
        drop(urgent);
    }
}
