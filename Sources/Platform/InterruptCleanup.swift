#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files of outputs not yet committed when the process is stopped by SIGINT,
/// SIGTERM or SIGHUP (Ctrl-C, `kill`, a closed terminal), then lets the signal end the process as it
/// would have: a killed conversion left an 85 MB hidden file beside its destination.
///
/// The handler may only make async-signal-safe calls, so the paths wait in a fixed table of C
/// strings; a path is never freed, because the handler could be reading it (a few bytes per output).
enum InterruptCleanup {
    private static let capacity = 64
    /// `nonisolated(unsafe)`: the slots are written only under `lock`; the handler reads them
    /// without it, as a signal handler must, and a slot it reads is a whole pointer or nil.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        for number in [SIGINT, SIGTERM, SIGHUP] { _ = signal(number, removeAndRaise) }
        return table
    }()
    /// `nonisolated(unsafe)`: a pthread mutex is shared by design; a static lives at one address, as
    /// pthreads needs (`Mutex` would need macOS 15, and the package supports macOS 13).
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    private static let lockReady: Void = { pthread_mutex_init(&lock, nil) }()

    /// Keeps `path` to be removed on interruption; returns its slot for `forget`, or nil when the
    /// table is full (that output is then left behind if interrupted, as before).
    static func remember(_ path: String) -> Int? {
        _ = lockReady
        let table = paths
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard let slot = (0..<capacity).first(where: { table[$0] == nil }) else { return nil }
        table[slot] = strdup(path)
        return slot
    }

    /// The output at `slot` was committed or discarded: nothing to remove any more.
    static func forget(_ slot: Int) {
        pthread_mutex_lock(&lock)
        paths[slot] = nil
        pthread_mutex_unlock(&lock)
    }

    private static let removeAndRaise: @convention(c) (Int32) -> Void = { number in
        for slot in 0..<capacity {
            if let path = paths[slot] { unlink(path) }
        }
        _ = signal(number, SIG_DFL)
        raise(number)
    }
}
