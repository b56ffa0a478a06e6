import Foundation
import MallNavigator

/// The `mall` executable.
@main
enum MallCommand {
    @MainActor
    static func main() {
        let status = Launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status.rawValue)
    }
}
