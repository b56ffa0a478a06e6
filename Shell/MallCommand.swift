import Foundation
import MallNavigator
import MiddlewareSupport

#if canImport(GlibcMalloc)
    import GlibcMalloc
#endif

/// The `mall` executable: the only place the process's exit status is chosen.
@main
enum MallCommand {
    @MainActor
    static func main() async {
        #if canImport(GlibcMalloc)
            // One malloc arena for every thread. By default glibc gives each thread that allocates its
            // own arena, and what a fetch, a decode and a write free on three threads stays in three
            // arenas: a 1 MB document then peaked 26 MB above the embedded records, where its heap
            // peaks at 12. The app's threads seldom allocate at once, so sharing one costs no time.
            mallopt(M_ARENA_MAX, 1)
            // Blocks of 256 KB or more (a document's bytes, its decoding, the kept answer's text) are
            // mapped on their own and given back when freed; by default glibc raises this threshold to
            // the largest block freed, and a reload's blocks then stayed in the heap beside the next.
            mallopt(M_MMAP_THRESHOLD, 256 << 10)
        #endif
        StandardStreams.prepare()
        let status = await Launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status.rawValue)
    }
}
