"""Every file a command reads as input and every file it writes goes through here.

Reading: regular files only (a named pipe, a device or a folder is refused, never waited on),
at most :data:`MAX_BYTES` bytes, and every ``OSError`` turned into a ``FileError`` that says what to do.
Within :func:`confined` (a command on a project), a file whose real path is outside the project is
refused, read or written: a link in the project must not publish what it points at
(``/proc/self/environ``), nor lead a write out of it.
Writing: each file is written beside its target, flushed and fsynced (a cache, ignored when damaged,
is not fsynced), given the target's owner and mode, and renamed over it, so that at every instant
the target is either its old or its new content; on any failure the target is as it was and the
temporary file is gone (one left by a killed run is removed by the next write beside it). A command
that writes several files stages them all before renaming any, and undoes the renames done if one
fails: all or none (a Ctrl+C or SIGTERM meanwhile waits until they are written). A path that is
one of the command's inputs, or has several hard links, is refused before anything is written.
The site's folder is staged file by file, made durable with one syncfs, and swapped in with one
atomic exchange.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

MAX_BYTES = 64 * 1024 * 1024
"""Larger inputs are refused before they are parsed, to keep time and memory bounded (a catalog
of a site of a thousand pages per locale is about 20 MB)."""
PARTIAL = ".part"
"""The suffix of a file being written (``.NAME.PID-RANDOM.part``, beside its target)."""


class FileError(Exception):
    """A file that cannot be read or written; ``str()`` is ``FILE: error: what happened: what to do``."""

    def __init__(self, display: str, message: str, too_large: bool = False) -> None:
        super().__init__(f"{display}: error: {message}")
        self.display = display
        self.message = message
        self.too_large = too_large
        """The file is over the size limit (a reader may report that at its first line)."""

    def __reduce__(self) -> tuple[type[FileError], tuple[str, str, bool]]:
        return FileError, (self.display, self.message, self.too_large)  # raised in a forked worker, told here


def explain(error: OSError) -> str:
    """What an OS error means for the user, and what to do about it."""
    hints = {
        errno.ENOENT: "no such file or folder: check the name",
        errno.EACCES: "permission denied: make it readable and writable for you (chmod), or run as its owner",
        errno.EPERM: "operation not permitted: the file may be immutable (chattr -i) or owned by someone else",
        errno.ELOOP: "a loop of symbolic links: fix the link",
        errno.ENOTDIR: "a part of the path is a file, not a folder: check the path",
        errno.EISDIR: "a folder, not a file: name a file",
        errno.ENAMETOOLONG: "the name is too long: use a shorter one",
        errno.ENOSPC: "no space left on the device: free some space and run again",
        errno.EDQUOT: "disk quota exceeded: free some space and run again",
        errno.EROFS: "the file system is read-only: choose another place",
        errno.EXDEV: "on another file system than its folder: choose a folder on the same one",
        errno.EIO: "input/output error: check the disk",
    }
    return hints.get(error.errno or 0, f"{error.strerror or error}")


_ROOTS: list[tuple[str, str]] = []
"""The projects the running command works on (absolute path, real path), innermost last; empty:
any file may be read."""


@contextlib.contextmanager
def confined(root: Path) -> Iterator[None]:
    """Within this block every read refuses a file whose real path is outside ``root``, and every
    write a file of ``root`` that a link leads out of it."""
    _ROOTS.append((os.path.abspath(root), os.path.realpath(root)))
    try:
        yield
    finally:
        _ROOTS.pop()


def under(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or inside it, both absolute and normalized (as real paths are), by their text."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def outside_project(handle: int, path: Path) -> str | None:
    """The real path of the open file ``handle`` when it is outside the confining project; None
    when it is inside (or no project confines the reads). Taken from the open file, not the name,
    so that a link swapped in between cannot pass."""
    if not _ROOTS:
        return None
    try:
        real = os.readlink(f"/proc/self/fd/{handle}")
    except OSError:  # no /proc: the name's real path
        real = os.path.realpath(path)
    return None if under(real, _ROOTS[-1][1]) else real


def linked_out(path: Path) -> str | None:
    """The real path of ``path`` when it names a file of the confining project but a link leads
    it out of the project (``locales/de`` linked elsewhere); None otherwise. A path named outside
    the project (``--report /tmp/r.md``) is the user's choice, not a link's."""
    if not _ROOTS or not under(os.path.abspath(path), _ROOTS[-1][0]):
        return None
    real = os.path.realpath(path)
    return None if under(real, _ROOTS[-1][1]) else real


def ensure_inside(path: Path, display: str) -> None:
    """``FileError`` when a link leads ``path``, a file or folder of the project, out of it (a
    folder about to be created in is checked before anything is created)."""
    if (real := linked_out(path)) is not None:
        raise FileError(display, _outside_message(real))


def make_folder(path: Path, display: str | None = None) -> None:
    """Create a folder and its parents, as the one writer does (``FileError`` when a link would lead
    it out of the project, checked before anything is created)."""
    ensure_inside(path, display or str(path))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileError(display or str(path), explain(error)) from None


def _outside_message(real: str) -> str:
    return f"links outside the project: {real}: put a copy of the file in the project instead"


def _open_regular(path: Path, name: str) -> tuple[int, os.stat_result]:
    """A regular file inside the confining project opened for reading, and its status;
    ``FileError`` for anything else."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer (it is refused just below).
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise FileError(name, explain(error)) from None
    if (real := outside_project(handle, path)) is not None:
        os.close(handle)
        raise FileError(name, _outside_message(real))
    try:
        status = os.fstat(handle)
    except OSError as error:
        os.close(handle)
        raise FileError(name, explain(error)) from None
    if not stat.S_ISREG(status.st_mode):
        os.close(handle)
        raise FileError(name, f"{_kind(status.st_mode)}, not a regular file: name a file")
    return handle, status


def read_input(path: Path, display: str | None = None) -> bytes:
    """The bytes of a regular file (at most :data:`MAX_BYTES`); ``FileError`` for anything else."""
    name = display if display is not None else str(path)
    handle, status = _open_regular(path, name)
    try:
        if status.st_size > MAX_BYTES:
            raise FileError(name, f"file is {status.st_size:,} bytes; the limit is {MAX_BYTES:,}: split it", True)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:  # the size it has first, in one piece (a catalog of megabytes is not joined)
            chunk = os.read(handle, min(1 << 20 if chunks else status.st_size + 1, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise FileError(name, f"file is over {MAX_BYTES:,} bytes, the limit: split it", True)
        return b"".join(chunks)
    except OSError as error:
        raise FileError(name, explain(error)) from None
    finally:
        os.close(handle)


def file_digest(path: Path) -> bytes:
    """The SHA-256 of a regular file's bytes, read a piece at a time (a large catalog is never held
    whole: a build digests every input before it reads them); ``FileError`` for anything else, or
    a file outside the confining project, as :func:`read_input` refuses them (``OSError`` when a
    read fails)."""
    handle = _open_regular(path, str(path))[0]
    try:
        hasher = hashlib.sha256()
        while chunk := os.read(handle, 1 << 20):
            hasher.update(chunk)
        return hasher.digest()
    finally:
        os.close(handle)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def same_file(a: Path, b: Path) -> bool:
    """True when both paths name the same existing file (through links, hard links included)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def output_problem(path: Path, inputs: Iterable[Path] = ()) -> str | None:
    """Why ``path`` cannot receive a new file, if it cannot (checked before anything is written):
    one of the command's ``inputs``, a link out of the project, not a regular file, a folder that
    does not exist, hard links."""
    if not str(path):
        return "an empty file name: name a file"
    if (real := linked_out(path)) is not None:
        return _outside_message(real)
    for source in inputs:
        if same_file(path, source) or os.path.abspath(path) == os.path.abspath(source):
            return "this is one of the command's input files, which it must not write over: name another file"
    try:
        target = Path(os.path.realpath(path))
        status = os.stat(target) if os.path.lexists(target) else None
        if status is None and not stat.S_ISDIR(os.stat(target.parent).st_mode):
            return f"{target.parent} is not a folder: check the path"
    except OSError as error:
        return explain(error)
    if status is not None and not stat.S_ISREG(status.st_mode):
        return f"{_kind(status.st_mode)}, not a regular file: name a file"
    if status is not None and status.st_nlink > 1:
        return (
            f"the file has {status.st_nlink} hard links, which replacing it atomically would split: "
            "replace the links by copies (cp FILE FILE.copy && mv FILE.copy FILE), then run again"
        )
    return None


def write_file(path: Path, data: bytes, display: str | None = None, durable: bool = True) -> None:
    """Replace (or create) one file atomically; ``FileError`` and the file as it was on failure.
    A cache, which is ignored when damaged, need not be ``durable`` (fsynced)."""
    write_files({path: data}, {path: display} if display else None, durable)


def write_files(
    files: Mapping[Path, bytes], displays: Mapping[Path, str | None] | None = None, durable: bool = True
) -> None:
    """Replace (or create) several files, all or none: each is staged beside its target first,
    then all are renamed over their targets; if a rename fails, those done are undone (each old
    file was kept as a hard link until the end); Ctrl+C or SIGTERM meanwhile is handled once all
    are written or none. ``durable``: each file and rename is fsynced."""
    names = {path: (displays or {}).get(path) or str(path) for path in files}
    with signals_held():
        staged: list[tuple[str, str, str | None]] = []  # temporary file, target, the old file's link
        done: list[tuple[str, str, str | None]] = []
        for folder in {os.path.dirname(os.path.realpath(path)) for path in files}:
            _remove_stale(Path(folder))  # first: a killed run's link to an old file would count as a hard link
        try:
            for path, data in files.items():
                ensure_inside(path, names[path])  # a link that would lead the write out of the project
                problem = output_problem(path)
                if problem is not None:
                    raise FileError(names[path], problem)
                target = os.path.realpath(path)
                temporary = _stage(Path(target), data, names[path], durable)
                staged.append((temporary, target, _keep_old(target, temporary)))
            for (temporary, target, old), path in zip(staged, files, strict=True):
                try:
                    os.rename(temporary, target)
                except OSError as error:
                    raise FileError(names[path], explain(error)) from None
                done.append((temporary, target, old))
                if durable:
                    _sync_folder(os.path.dirname(target))
        except BaseException:
            for _, target, old in reversed(done):  # put each old file back (a new one is removed)
                with contextlib.suppress(OSError):
                    os.rename(old, target) if old is not None else os.unlink(target)
            raise
        finally:
            for temporary, _, old in staged:
                _remove(temporary)
                if old is not None:
                    _remove(old)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl+C and SIGTERM held back until the block ends, then handled: a write of several files
    is finished or undone, never stopped halfway with its temporary files left beside them; a fork
    is done before the signal is raised (raised in its handlers, Python would only print it). The
    main thread blocks them; one another thread receives meanwhile (a process-wide signal goes to
    any thread that does not block it) is held by the command's handlers (:func:`deferred`)."""
    if threading.current_thread() is not threading.main_thread():  # signals are the main thread's
        yield
        return
    if _holding[0] == 0:
        _pending.clear()  # one noted by a block that a signal ended already
    _holding[0] += 1  # first: a signal from now on is noted, not raised
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)  # one the mask held back comes, noted
    finally:
        _holding[0] -= 1
        if _holding[0] == 0 and _pending:
            signal.raise_signal(_pending[0])


def temporary_folder(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A new temporary folder, removed as its block ends; made with Ctrl+C and SIGTERM held back
    (:func:`signals_held`), since Python notes a folder for removal only once it has made it: one
    that came as it was being made left the folder behind."""
    with signals_held():
        return tempfile.TemporaryDirectory(prefix=prefix)


_holding = [0]
"""How many :func:`signals_held` blocks the main thread is in."""
_pending: list[int] = []
"""The signals another thread received during those blocks, raised again when the last ends."""


def deferred(signum: int) -> bool:
    """Whether a command's handler is to leave signal ``signum`` for the end of the
    :func:`signals_held` block the main thread is in (noted: it is raised again then)."""
    if _holding[0] == 0:
        return False
    _pending.append(signum)
    return True


def _forked() -> None:
    """A forked process is in none of its parent's blocks (it unblocks the signals itself)."""
    _holding[0] = 0
    _pending.clear()


os.register_at_fork(after_in_child=_forked)


def _keep_old(target: str, temporary: str) -> str | None:
    """A hard link to the file about to be replaced, to put it back if the run fails; None when
    there is no such file (or the file system has no hard links)."""
    if not os.path.lexists(target):
        return None
    old = temporary[: -len(PARTIAL)] + ".old" + PARTIAL
    try:
        os.link(target, old)
    except OSError:
        return None
    return old


def _stage(target: Path, data: bytes, name: str, durable: bool = True) -> str:
    """Write ``data`` into a new file beside ``target`` with its owner and mode (fsynced if
    ``durable``); its path."""
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        existing = None
    except OSError as error:
        raise FileError(name, explain(error)) from None
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}-", suffix=PARTIAL)
    except OSError as error:
        raise FileError(name, f"cannot write beside it: {explain(error)}") from None
    try:
        try:
            if existing is not None:
                os.fchmod(handle, stat.S_IMODE(existing.st_mode))
                status = os.fstat(handle)
                if (existing.st_uid, existing.st_gid) != (status.st_uid, status.st_gid):
                    try:
                        os.fchown(handle, existing.st_uid, existing.st_gid)
                    except PermissionError:
                        raise FileError(
                            name, "cannot keep the file's owner (it belongs to another user): run as its owner"
                        ) from None
            else:
                mask = os.umask(0)
                os.umask(mask)
                os.fchmod(handle, 0o666 & ~mask)
            view = memoryview(data)
            while view:
                view = view[os.write(handle, view) :]
            if durable:
                os.fsync(handle)
        finally:
            os.close(handle)
    except OSError as error:
        _remove(temporary)
        raise FileError(name, explain(error)) from None
    except BaseException:
        _remove(temporary)
        raise
    return temporary


def write_new(path: Path, data: bytes) -> None:
    """Create a new file (into a folder being staged, such as the next site; the whole folder is
    made durable at once before it is swapped in)."""
    ensure_inside(path, str(path))
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    finally:
        os.close(handle)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable (best effort: some file systems refuse)."""
    try:
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


_LEFTOVER = re.compile(r"\A\..*?[.-](\d{1,9})-\w+(?:\.old)?" + re.escape(PARTIAL) + r"\Z")
"""What this module names a file or folder it is writing: ``.NAME.PID-RANDOM.part`` (and
``.old.part``), ``.SITE.new-PID-RANDOM.part``, ``.SITE.old-PID-RANDOM.part``."""


def _leftover_pid(name: str) -> int | None:
    """The process id in a leftover's name, or None if it is not one of ours."""
    found = _LEFTOVER.match(name)
    return int(found.group(1)) if found else None


def _remove_stale(folder: Path) -> None:
    """Remove what killed runs left in ``folder`` (files or folders named after a dead process)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        pid = _leftover_pid(name)
        if pid is None or _alive(pid):
            continue
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            _remove(str(path))


RENAME_EXCHANGE = 2
_libc = ctypes.CDLL(None, use_errno=True)


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step (Linux's renameat2); False where the system cannot."""
    renameat2 = getattr(_libc, "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(-100, os.fsencode(a), -100, os.fsencode(b), RENAME_EXCHANGE) == 0:  # -100: AT_FDCWD
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def staging_folder(out: Path) -> Path:
    """A new empty folder beside ``out`` (its parents made) to build the next site in, before it is
    swapped in (``.NAME.new-PID-RANDOM.part``)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{out.name}.new-{os.getpid()}-", suffix=PARTIAL, dir=out.parent))


def recover_folder(out: Path) -> None:
    """Clean what a killed swap left beside ``out``: if ``out`` is missing (a kill between the two
    renames where no atomic exchange exists), put the previous folder back; remove the rest."""
    try:
        names = sorted(os.listdir(out.parent))
    except OSError:
        return  # no folder yet (or none readable): nothing was left there
    for name in names:
        pid = _leftover_pid(name) if name.startswith(f".{out.name}.old-") else None
        if pid is not None and not _alive(pid) and not os.path.lexists(out):
            os.rename(out.parent / name, out)
    _remove_stale(out.parent)


def syncfs(handle: int) -> None:
    """Flush to disk everything written to the file system that ``handle`` is open on (Linux's
    syncfs; ``sync``, which flushes them all, where there is no syncfs)."""
    call = getattr(_libc, "syncfs", None)
    if call is None:
        os.sync()
    elif call(handle) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def swap_folder(new: Path, out: Path) -> None:
    """Put the folder ``new`` at ``out`` so that ``out`` is the old or the new folder at every
    instant; the old one is removed afterwards. What ``new`` holds is made durable first."""
    handle = os.open(new, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:  # in one call for all its files
        syncfs(handle)
    finally:
        os.close(handle)
    if not os.path.lexists(out):
        os.rename(new, out)
        return
    if exchange(new, out):
        shutil.rmtree(new, ignore_errors=True)  # now the previous folder
        return
    previous = out.parent / f".{out.name}.old-{os.getpid()}-{new.name.rsplit('-', 1)[-1]}"
    os.rename(out, previous)  # a kill here is undone by the next build's recover_folder()
    try:
        os.rename(new, out)
    except BaseException:
        os.rename(previous, out)
        raise
    shutil.rmtree(previous, ignore_errors=True)
