//! The server's stdin and stdout. An editor starts a language server with pipes (or sockets) for
//! them: those are read and written on the async thread itself, woken by the system when they
//! are ready. tokio's own stdin and stdout hand every read and every write to a thread of the
//! blocking pool instead, and on a busy machine each of those two thread wake-ups per message
//! may wait for a CPU, in the way of every keystroke's diagnostics. Anything else (a file, a
//! terminal, another system) goes through tokio's.

use tokio::io::{AsyncRead, AsyncWrite, Interest};

pub type Input = Box<dyn AsyncRead + Unpin + Send>;
pub type Output = Box<dyn AsyncWrite + Unpin + Send>;

/// stdin and stdout; must be called on the runtime that reads and writes them.
pub fn streams() -> (Input, Output) {
    #[cfg(unix)]
    {
        // Output is written direct only when it is not also stderr: with O_NONBLOCK on the
        // same open file, a message on stderr could fail, and `eprintln!` would panic.
        let output: Output = match direct::Pipe::of(1, Interest::WRITABLE, !direct::same_file(1, 2))
        {
            Some(pipe) => Box::new(pipe),
            None => Box::new(tokio::io::stdout()),
        };
        let input: Input = match direct::Pipe::of(0, Interest::READABLE, !direct::same_file(0, 2)) {
            Some(pipe) => Box::new(pipe),
            None => Box::new(tokio::io::stdin()),
        };
        (input, output)
    }
    #[cfg(not(unix))]
    {
        (Box::new(tokio::io::stdin()), Box::new(tokio::io::stdout()))
    }
}

#[cfg(unix)]
mod direct {
    use std::io;
    use std::os::fd::{AsRawFd, RawFd};
    use std::pin::Pin;
    use std::task::{Context, Poll, ready};

    use tokio::io::unix::AsyncFd;
    use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};

    /// A standard stream's descriptor, left open when dropped.
    struct Descriptor(RawFd);

    impl AsRawFd for Descriptor {
        fn as_raw_fd(&self) -> RawFd {
            self.0
        }
    }

    /// A pipe or socket read or written without blocking, when the system says it is ready.
    pub struct Pipe(AsyncFd<Descriptor>);

    impl Pipe {
        /// `fd` (0 or 1) made non-blocking and watched for `interest`, when `allowed` and it is
        /// a pipe or a socket.
        pub fn of(fd: RawFd, interest: Interest, allowed: bool) -> Option<Pipe> {
            if !allowed || !is_pipe_or_socket(fd) {
                return None;
            }
            // SAFETY: fcntl on a descriptor of this process only reads or sets its flags.
            let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
            if flags < 0 {
                return None;
            }
            // SAFETY: as above.
            if unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
                return None;
            }
            // SAFETY: stdin and stdout stay open, the same files, as long as the process runs.
            match unsafe { AsyncFd::register_with_interest(Descriptor(fd), interest) } {
                Ok(watched) => Some(Pipe(watched)),
                Err(_) => {
                    // SAFETY: as above; the flags it had.
                    unsafe { libc::fcntl(fd, libc::F_SETFL, flags) };
                    None
                }
            }
        }
    }

    fn is_pipe_or_socket(fd: RawFd) -> bool {
        stat(fd).is_some_and(|s| {
            let kind = s.st_mode & libc::S_IFMT;
            kind == libc::S_IFIFO || kind == libc::S_IFSOCK
        })
    }

    /// Whether two descriptors are the same file (a pipe, a socket): then they may share their
    /// flags, O_NONBLOCK among them.
    pub fn same_file(a: RawFd, b: RawFd) -> bool {
        match (stat(a), stat(b)) {
            (Some(a), Some(b)) => a.st_dev == b.st_dev && a.st_ino == b.st_ino,
            _ => false,
        }
    }

    fn stat(fd: RawFd) -> Option<libc::stat> {
        let mut stat = std::mem::MaybeUninit::<libc::stat>::uninit();
        // SAFETY: fstat writes a whole `stat` into the buffer when it returns 0.
        (unsafe { libc::fstat(fd, stat.as_mut_ptr()) } == 0).then(|| unsafe { stat.assume_init() })
    }

    /// `result` of a read or write system call as an `io::Result`.
    fn done(result: isize) -> io::Result<usize> {
        if result < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(result as usize)
        }
    }

    impl AsyncRead for Pipe {
        fn poll_read(
            self: Pin<&mut Self>,
            cx: &mut Context<'_>,
            buf: &mut ReadBuf<'_>,
        ) -> Poll<io::Result<()>> {
            loop {
                let mut ready = ready!(self.0.poll_read_ready(cx))?;
                let unfilled = buf.initialize_unfilled();
                // SAFETY: reads at most `unfilled.len()` bytes into `unfilled`.
                let read = ready.try_io(|fd| {
                    done(unsafe {
                        libc::read(fd.as_raw_fd(), unfilled.as_mut_ptr().cast(), unfilled.len())
                    })
                });
                match read {
                    Ok(Ok(n)) => {
                        buf.advance(n);
                        return Poll::Ready(Ok(()));
                    }
                    Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => continue,
                    Ok(Err(err)) => return Poll::Ready(Err(err)),
                    Err(_would_block) => continue,
                }
            }
        }
    }

    impl AsyncWrite for Pipe {
        fn poll_write(
            self: Pin<&mut Self>,
            cx: &mut Context<'_>,
            buf: &[u8],
        ) -> Poll<io::Result<usize>> {
            loop {
                let mut ready = ready!(self.0.poll_write_ready(cx))?;
                // SAFETY: writes at most `buf.len()` bytes from `buf`.
                let written = ready.try_io(|fd| {
                    done(unsafe { libc::write(fd.as_raw_fd(), buf.as_ptr().cast(), buf.len()) })
                });
                match written {
                    Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => continue,
                    Ok(result) => return Poll::Ready(result),
                    Err(_would_block) => continue,
                }
            }
        }

        /// Nothing is buffered: what was written is with the system.
        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }

        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::direct::{Pipe, same_file};
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use tokio::io::{AsyncReadExt, AsyncWriteExt, Interest};

    fn pipe() -> (OwnedFd, OwnedFd) {
        let mut fds = [0; 2];
        // SAFETY: pipe writes two new descriptors into `fds`, owned here from then on.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        // SAFETY: both are open and owned by nobody else.
        unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
    }

    /// More than a pipe holds (64 KB), so that writing and reading each wait for the other.
    const MESSAGE: usize = 1 << 20;

    #[tokio::test]
    async fn a_pipe_is_read_and_written_whole_without_blocking_the_async_thread() {
        let (read_end, write_end) = pipe();
        let mut writer = Pipe::of(write_end.as_raw_fd(), Interest::WRITABLE, true).unwrap();
        let mut reader = Pipe::of(read_end.as_raw_fd(), Interest::READABLE, true).unwrap();
        let message: Vec<u8> = (0..MESSAGE).map(|i| (i % 251) as u8).collect();
        let sent = message.clone();
        // Both on this one async thread: each must give way when the pipe is full or empty.
        let write = async move {
            writer.write_all(&sent).await.unwrap();
            writer.flush().await.unwrap();
        };
        let read = async move {
            let mut got = vec![0; MESSAGE];
            reader.read_exact(&mut got).await.unwrap();
            got
        };
        let ((), got) = tokio::join!(write, read);
        assert!(got == message);
        drop(write_end);
    }

    #[tokio::test]
    async fn the_end_of_a_pipe_is_read_as_its_end() {
        let (read_end, write_end) = pipe();
        let mut reader = Pipe::of(read_end.as_raw_fd(), Interest::READABLE, true).unwrap();
        drop(write_end);
        let mut got = Vec::new();
        assert_eq!(reader.read_to_end(&mut got).await.unwrap(), 0);
    }

    #[tokio::test]
    async fn a_file_or_a_stream_shared_with_stderr_is_left_to_tokio() {
        let file = std::fs::File::open("Cargo.toml").unwrap();
        assert!(Pipe::of(file.as_raw_fd(), Interest::READABLE, true).is_none());
        let (read_end, _write_end) = pipe();
        assert!(Pipe::of(read_end.as_raw_fd(), Interest::READABLE, false).is_none());
        assert!(same_file(read_end.as_raw_fd(), read_end.as_raw_fd()));
        assert!(!same_file(read_end.as_raw_fd(), file.as_raw_fd()));
    }
}
