import Foundation
import MallNavigator
import Support

/// The `mall` executable: the only place the process's exit status is chosen.
@main
enum MallCommand {
    @MainActor
    static func main() async {
        // A closed pipe makes a write fail (reported, exit 2) instead of killing the process silently.
        signal(SIGPIPE, SIG_IGN)
        let status = await Launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status.rawValue)
    }
}
