#!/usr/bin/python3
"""
A disk that forgets, at a power cut, what was written to it but never synced: the stand-in for
a real power cut in `npm run test:power-cut` (scripts/power-cut/power-cut.ts, issue 32).

    lazy_disk.py BACKING MOUNTPOINT KEEP SEED

Mounts BACKING at MOUNTPOINT through FUSE. Every write goes through to BACKING at once, but the
disk remembers, for each 4 KiB page written since that file was last synced (fsync, fdatasync),
what the page held when it was synced, and the file's synced size. Looking up the name
/.corte-de-luz in the mount is the power cut: from then on every operation fails with EIO. Once the mount is released (umount), each
remembered page is put back as it was synced, except that with probability KEEP (0 to 1, drawn
with SEED) a page, or a file's new size, is kept as written: the part of the page cache the
kernel happened to write back before the power went. KEEP 0 loses everything unsynced.

Names are kept as they are (a file created, renamed or removed stays so), as a journalled
filesystem would after its journal committed them; only file contents and sizes are lost.
Written in Python because fusepy (Debian's python3-fusepy) is the FUSE binding that needs no
build step; nothing of the shop runs on it.
"""
import errno
import json
import os
import random
import sys
import threading

from fusepy import FUSE, FuseOSError, Operations

PAGE = 4096
CUT = "/.corte-de-luz"


class LazyDisk(Operations):
    def __init__(self, root):
        self.root = root
        self.mutex = threading.RLock()
        # path -> {"size": synced size, "pages": {index: bytes as synced}}
        self.unsynced = {}
        self.cut = False
        self.writes = 0
        self.syncs = 0

    def _path(self, path):
        return os.path.join(self.root, path.lstrip("/"))

    def _alive(self):
        if self.cut:
            raise FuseOSError(errno.EIO)

    def _remember(self, path, start, end):
        """Keeps the synced content of the pages in [start, end) before they change."""
        full = self._path(path)
        entry = self.unsynced.get(path)
        if entry is None:
            entry = {"size": os.path.getsize(full), "pages": {}}
            self.unsynced[path] = entry
        pages = entry["pages"]
        first, last = start // PAGE, max(start, end - 1) // PAGE
        with open(full, "rb") as f:
            for index in range(first, last + 1):
                if index not in pages:
                    f.seek(index * PAGE)
                    pages[index] = f.read(PAGE)

    # --- reading -------------------------------------------------------------------------
    def getattr(self, path, fh=None):
        if path == CUT:
            self.cut = True
            raise FuseOSError(errno.ENOENT)
        self._alive()
        try:
            st = os.lstat(self._path(path))
        except OSError as error:
            raise FuseOSError(error.errno)
        keys = ("st_mode", "st_nlink", "st_uid", "st_gid", "st_size", "st_atime", "st_mtime", "st_ctime")
        return {key: getattr(st, key) for key in keys}

    def readdir(self, path, fh):
        self._alive()
        return [".", ".."] + os.listdir(self._path(path))

    def readlink(self, path):
        self._alive()
        return os.readlink(self._path(path))

    def statfs(self, path):
        st = os.statvfs(self._path(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag", "f_frsize", "f_namemax")
        return {key: getattr(st, key) for key in keys}

    def access(self, path, mode):
        self._alive()
        if not os.access(self._path(path), mode):
            raise FuseOSError(errno.EACCES)

    def open(self, path, flags):
        self._alive()
        try:
            return os.open(self._path(path), flags & ~os.O_DIRECT if hasattr(os, "O_DIRECT") else flags)
        except OSError as error:
            raise FuseOSError(error.errno)

    def read(self, path, size, offset, fh):
        self._alive()
        return os.pread(fh, size, offset)

    def release(self, path, fh):
        os.close(fh)

    # --- writing -------------------------------------------------------------------------
    def create(self, path, mode, fi=None):
        self._alive()
        with self.mutex:
            return os.open(self._path(path), os.O_RDWR | os.O_CREAT, mode)

    def write(self, path, data, offset, fh):
        self._alive()
        with self.mutex:
            self._remember(path, offset, offset + len(data))
            self.writes += 1
            return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        self._alive()
        with self.mutex:
            size = os.path.getsize(self._path(path))
            if length != size:
                self._remember(path, min(length, size), max(length, size))
            os.truncate(self._path(path), length)

    def fsync(self, path, datasync, fh):
        self._alive()
        with self.mutex:
            self.unsynced.pop(path, None)
            self.syncs += 1
        return 0

    def fsyncdir(self, path, datasync, fh):
        self._alive()
        return 0

    def flush(self, path, fh):
        return 0

    def mkdir(self, path, mode):
        self._alive()
        os.mkdir(self._path(path), mode)

    def rmdir(self, path):
        self._alive()
        os.rmdir(self._path(path))

    def unlink(self, path):
        self._alive()
        with self.mutex:
            os.unlink(self._path(path))
            self.unsynced.pop(path, None)

    def rename(self, old, new):
        self._alive()
        with self.mutex:
            os.rename(self._path(old), self._path(new))
            self.unsynced.pop(new, None)
            if old in self.unsynced:
                self.unsynced[new] = self.unsynced.pop(old)

    def symlink(self, target, source):
        self._alive()
        os.symlink(source, self._path(target))

    def link(self, target, source):
        self._alive()
        os.link(self._path(source), self._path(target))

    def chmod(self, path, mode):
        self._alive()
        os.chmod(self._path(path), mode)

    def chown(self, path, uid, gid):
        self._alive()
        os.chown(self._path(path), uid, gid)

    def utimens(self, path, times=None):
        self._alive()
        os.utime(self._path(path), times)

    # --- the power cut ---------------------------------------------------------------------
    def forget_unsynced(self, keep, seed):
        """Puts back what was never synced (but what chance kept); returns figures."""
        chance = random.Random(seed)
        figures = {"writes": self.writes, "syncs": self.syncs, "files": 0, "pages_lost": 0, "pages_kept": 0}
        for path, entry in sorted(self.unsynced.items()):
            full = self._path(path)
            if not os.path.exists(full):
                continue
            figures["files"] += 1
            if chance.random() >= keep:
                os.truncate(full, entry["size"])
            size = os.path.getsize(full)
            with open(full, "r+b") as f:
                for index, synced in sorted(entry["pages"].items()):
                    if chance.random() < keep:
                        figures["pages_kept"] += 1
                        continue
                    figures["pages_lost"] += 1
                    start = index * PAGE
                    if start >= size:
                        continue
                    f.seek(start)
                    f.write(synced + bytes(min(PAGE, size - start) - len(synced)))
                    if f.tell() > size:
                        f.truncate(size)
        return figures


def main():
    backing, mountpoint, keep, seed = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    disk = LazyDisk(os.path.abspath(backing))
    # Returns once the mount is released (umount).
    FUSE(disk, mountpoint, foreground=True, nothreads=False, allow_other=False)
    print(json.dumps(disk.forget_unsynced(keep, seed)), flush=True)


if __name__ == "__main__":
    main()
