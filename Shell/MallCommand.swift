import Foundation
import MallNavigator
import MiddlewareSupport

/// The `mall` executable: the only place the process's exit status is chosen.
@main
enum MallCommand {
    @MainActor
    static func main() async {
        StandardStreams.prepare()
        let status = await Launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status.rawValue)
    }
}
