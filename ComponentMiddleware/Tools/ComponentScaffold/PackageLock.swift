import Foundation

/// An exclusive hold on a package folder while `new-component` changes it.
///
/// Two runs at once would each check the manifest, then each write it, and the second write would
/// drop the first run's entry while both report success. Holding the kernel's advisory `flock` on
/// the package folder from the check to the last write lets only one run through; the other is
/// refused at once and changes nothing. The folder itself is locked, so no lock file is left in the
/// package, and the kernel releases the lock when the descriptor closes, even if the process dies.
final class PackageLock {
    private let descriptor: Int32

    /// Takes the lock on `folder`, or throws when another process holds it.
    init(folder: URL) throws(ScaffoldError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ScaffoldError("cannot open the package folder (\(String(cString: strerror(errno)).lowercased()))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno)).lowercased()
            close(descriptor)
            throw ScaffoldError(
                busy
                    ? "another new-component is changing this package right now; run this one again when it has finished"
                    : "cannot lock the package folder (\(reason))")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
